package cmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/novaluna/novaluna/session"
	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// solve asks the solver for the best line from the game's position (or from
// the start, with from nil), within --hint-time.
func (s *playSession) solve(ctx context.Context, g *solo.Game) (solver.Result, error) {
	return solver.SolveFrom(ctx, g, solver.Options{Time: s.o.hintTime})
}

// hint shows the solver's best next action from here and the score it leads
// to. The search has a fixed node budget (the same hint on every machine),
// capped by --hint-time.
func (s *playSession) hint(ctx context.Context) {
	if s.o.hintTime == 0 && !s.sess.Hard() {
		s.refuse(fmt.Errorf("hints are off (--hint-time 0)"))
		return
	}
	if s.screen && !s.sess.Hard() {
		fmt.Fprintf(s.o.st.Out, "Thinking for up to %v...", s.o.hintTime)
	}
	h, err := s.sess.Hint(ctx, session.Budget{Time: s.o.hintTime})
	if s.screen && !s.sess.Hard() {
		fmt.Fprintln(s.o.st.Out)
	}
	if err != nil {
		s.refuse(err)
		return
	}
	s.changes++ // the saved game counts the hint
	next := s.moveWords(h.Next.Move)
	if h.Next.End {
		next = s.p.bold("end") + " (end phase 1 now)"
	}
	s.say("Hint: %s. The best line found from here scores %s%s.", next, s.p.bold(fmt.Sprint(h.Score)), s.certainty(h))
}

// moveWords writes a move in the screen's labels and in the line format:
// "b 3 (#15 R6 to (1, 0))".
func (s *playSession) moveWords(m solo.Move) string {
	slot, cell := "", ""
	for i, id := range s.game().Accessible() {
		if id == m.Tile {
			slot = string(rune('a' + i))
		}
	}
	for i, pt := range s.cells() {
		if pt.X == m.X && pt.Y == m.Y {
			cell = fmt.Sprint(i + 1)
		}
	}
	if len(s.game().Display()) == 0 {
		cell = "1"
	}
	what := fmt.Sprintf("%s to (%d, %d)", s.p.tileLabel(m.Tile), m.X, m.Y)
	if slot == "" || cell == "" {
		return what
	}
	return fmt.Sprintf("%s (%s)", s.p.bold(slot+" "+cell), what)
}

// certainty says how sure the solver is of a hint's score.
func (s *playSession) certainty(h session.Hint) string {
	if h.Optimal {
		return " (proven best)"
	}
	return fmt.Sprintf(" (searched %s; no line can score below %d)", plural(int(h.Nodes), "position"), h.LowerBound)
}

// solverBest asks the solver for the puzzle's best line from the start, to
// compare with the player's.
func (s *playSession) solverBest(ctx context.Context) (solver.Result, bool) {
	if s.o.hintTime == 0 {
		return solver.Result{}, false
	}
	g, err := solo.NewGame(s.sess.Deck())
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

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
