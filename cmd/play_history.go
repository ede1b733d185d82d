package cmd

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/novaluna/novaluna/history"
	"github.com/novaluna/novaluna/puzzles"
)

// playedBefore says, for a daily, whether the history has a finish of it
// already, and what the first one scored: that is the one that counts.
func (s *playSession) playedBefore() []string {
	dir, err := history.Dir()
	if err != nil {
		return nil
	}
	entries, problems, err := history.Read(dir)
	if err != nil {
		return []string{fmt.Sprintf("(The history cannot be read: %v.)", err)}
	}
	var msg []string
	if len(problems) > 0 {
		msg = append(msg, fmt.Sprintf("(%s of %s skipped: damaged; '%s stats' lists them.)",
			plural(len(problems), "line"), filepath.Join(dir, history.FileName), s.o.st.prog()))
	}
	first, ok := history.Firsts(entries)[s.date.Format(puzzles.DateLayout)]
	if !ok {
		return msg
	}
	again := 0
	for _, e := range entries {
		if e.IsDaily() && e.Date.Equal(first.Date) {
			again++
		}
	}
	result := fmt.Sprintf("You already played %s: you scored %d", dailyLabel(s.date), first.Score)
	if first.Par > 0 {
		result += fmt.Sprintf(" (par %d)", first.Par)
	}
	result += fmt.Sprintf(" on %s UTC", first.FinishedAt.UTC().Format("2 January 2006 at 15:04"))
	if again > 1 {
		result += fmt.Sprintf(", and finished it %s in all", plural(again, "time"))
	}
	return append(msg, result+".", "You may play it again: the game is recorded, but your first finish is the one that counts.")
}

// record appends the finished game to the history and says so, or says why
// it could not: the game itself is over either way.
func (s *playSession) record(par int) string {
	line := s.sess.Line()
	e := history.Entry{FinishedAt: time.Now().UTC(), Score: s.game().Score().Total(), Line: line}
	if line.Assists != nil {
		e.Assists = *line.Assists
	}
	if s.daily {
		e.Date, e.Par = s.date, par
	}
	dir, err := history.Dir()
	if err == nil {
		err = history.Append(dir, e)
	}
	if err != nil {
		return fmt.Sprintf("The game was not recorded in your history: %v. Set NOVALUNA_HOME to a folder you can write to keep your statistics.", err)
	}
	return fmt.Sprintf("Recorded in your history ('%s stats').", s.o.st.prog())
}

// parVerdict sets a daily's score against its par.
func parVerdict(score, par int) string {
	switch d := score - par; {
	case d < 0:
		return fmt.Sprintf("Par is %d: you are %d under par.", par, -d)
	case d == 0:
		return fmt.Sprintf("Par is %d: you are at par.", par)
	default:
		return fmt.Sprintf("Par is %d: you are %d over par.", par, d)
	}
}
