package cmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// solve asks the solver for the best line from the game's position (or from
// the start, with from nil), within --hint-time.
func (s *playSession) solve(ctx context.Context, g *solo.Game) (solver.Result, error) {
	return solver.SolveFrom(ctx, g, solver.Options{Time: s.o.hintTime})
}

// hint shows the solver's best next action from here and the score it leads
// to.
func (s *playSession) hint(ctx context.Context) {
	if s.o.hintTime == 0 {
		s.refuse(fmt.Errorf("hints are off (--hint-time 0)"))
		return
	}
	if s.screen {
		fmt.Fprintf(s.o.st.Out, "Thinking for up to %v...", s.o.hintTime)
	}
	res, err := s.solve(ctx, s.g)
	if s.screen {
		fmt.Fprintln(s.o.st.Out)
	}
	if err != nil {
		s.refuse(fmt.Errorf("the solver failed: %w", err))
		return
	}
	s.hints++
	n := len(s.g.Moves())
	var next string
	switch {
	case s.g.Phase() == solo.Phase1 && res.Line.Phase1Turns == n:
		next = s.p.bold("end") + " (end phase 1 now)"
	case n < len(res.Line.Moves):
		m := res.Line.Moves[n]
		next = s.moveWords(m)
	default:
		s.refuse(fmt.Errorf("the solver gave no next move"))
		return
	}
	s.say("Hint: %s. The best line found from here scores %s%s.", next, s.p.bold(fmt.Sprint(res.Score.Total())), s.certainty(res))
}

// moveWords writes a move in the screen's labels and in the line format:
// "b 3 (#15 R6 to (1, 0))".
func (s *playSession) moveWords(m solo.Move) string {
	slot, cell := "", ""
	for i, id := range s.g.Accessible() {
		if id == m.Tile {
			slot = string(rune('a' + i))
		}
	}
	for i, pt := range s.cells() {
		if pt.X == m.X && pt.Y == m.Y {
			cell = fmt.Sprint(i + 1)
		}
	}
	if len(s.g.Display()) == 0 {
		cell = "1"
	}
	what := fmt.Sprintf("%s to (%d, %d)", s.p.tileLabel(m.Tile), m.X, m.Y)
	if slot == "" || cell == "" {
		return what
	}
	return fmt.Sprintf("%s (%s)", s.p.bold(slot+" "+cell), what)
}

// certainty says how sure the solver is of its score.
func (s *playSession) certainty(res solver.Result) string {
	if res.Optimal {
		return " (proven best)"
	}
	return fmt.Sprintf(" (searched %v; no line can score below %d)", roundDuration(res.Elapsed), res.LowerBound)
}

// solverBest asks the solver for the puzzle's best line from the start, to
// compare with the player's.
func (s *playSession) solverBest(ctx context.Context) (solver.Result, bool) {
	if s.o.hintTime == 0 {
		return solver.Result{}, false
	}
	g, err := solo.NewGame(s.deck)
	if err != nil {
		return solver.Result{}, false
	}
	res, err := s.solve(ctx, g)
	if err != nil {
		fmt.Fprintf(s.o.st.Err, "novaluna: the solver failed: %v\n", err)
		return solver.Result{}, false
	}
	return res, true
}

// verdict says how the player's score compares with the solver's best.
func (s *playSession) verdict(sc solo.Score, best solver.Result) string {
	diff := sc.Total() - best.Score.Total()
	found := fmt.Sprintf("the solver's best line in %v", s.o.hintTime)
	bound := ""
	if best.Optimal {
		found = "the best possible line"
	} else {
		bound = fmt.Sprintf(" No line can score below %d.", best.LowerBound)
	}
	switch {
	case diff < 0:
		return fmt.Sprintf("%s %s by %d.%s", s.p.good("You beat"), found, -diff, bound)
	case diff == 0 && best.Optimal:
		return fmt.Sprintf("%s: no line scores less.", s.p.good("A perfect game"))
	case diff == 0:
		return fmt.Sprintf("%s as %s.%s", s.p.good("As good"), found, bound)
	}
	return fmt.Sprintf("%s scores %d, %d less than yours.%s", upperFirst(found), best.Score.Total(), diff, bound)
}

// playShareLine is the share line of a daily puzzle (puzzles.ShareLine:
// the score, the best known, a square per tile; no spoilers), with the
// hints and undos it took, if any. best is 0 when the solver did not run.
func playShareLine(date time.Time, line solo.Line, best, hints, undos int) (string, error) {
	share, err := puzzles.ShareLine(date, line, best)
	if err != nil {
		return "", err
	}
	var help []string
	if hints > 0 {
		help = append(help, plural(hints, "hint"))
	}
	if undos > 0 {
		help = append(help, plural(undos, "undo"))
	}
	if len(help) > 0 {
		share += " (" + strings.Join(help, ", ") + ")"
	}
	return share, nil
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
