package session

import (
	"context"
	"fmt"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// HintNodes is the solver's node budget for a hint: about a quarter of a
// second on one core of a 2026 machine. A budget in nodes, not a clock,
// makes a hint the same on every machine and in every run.
const HintNodes = 1_000_000

// HintTableBits sizes the solver's table for a hint (2^18 entries of 16
// bytes: 4 MiB), small enough for a server to run a few hints at once.
const HintTableBits = 18

// Budget bounds a hint's search: Nodes (0: HintNodes) and, if not 0, a
// clock as well. With Time 0 a hint is deterministic.
type Budget struct {
	Nodes int64
	Time  time.Duration
}

// Hint is the solver's advice from a position.
type Hint struct {
	Next       Action // the next action of the best line found
	Score      int    // what that line scores in all
	LowerBound int    // no line from the position scores less
	Optimal    bool   // Score is proven best from the position
	Nodes      int64  // nodes searched
	Elapsed    time.Duration
	Line       solo.Line // the best line found, complete
}

// Hint asks the solver for the best next action from the position and
// counts it among the assists. The search runs on one worker with a node
// budget, so that with b.Time 0 the same position always gets the same hint.
func (s *Session) Hint(ctx context.Context, b Budget) (Hint, error) {
	if s.assists.Hard {
		return Hint{}, ErrHard
	}
	if s.g.Over() {
		return Hint{}, &solo.RuleError{Turn: len(s.g.Moves()), Rule: "R15", Err: solo.ErrGameOver, Msg: "the game is already over"}
	}
	nodes := b.Nodes
	if nodes <= 0 {
		nodes = HintNodes
	}
	res, err := solver.SolveFrom(ctx, s.g, solver.Options{Workers: 1, TableBits: HintTableBits, MaxNodes: nodes, Time: b.Time})
	if err != nil {
		return Hint{}, fmt.Errorf("the solver failed: %w", err)
	}
	n := len(s.g.Moves())
	h := Hint{Score: res.Score.Total(), LowerBound: res.LowerBound, Optimal: res.Optimal, Nodes: res.Nodes, Elapsed: res.Elapsed, Line: res.Line}
	switch {
	case s.g.Phase() == solo.Phase1 && res.Line.Phase1Turns == n:
		h.Next = Action{End: true}
	case n < len(res.Line.Moves):
		h.Next = Action{Move: res.Line.Moves[n]}
	default:
		return Hint{}, fmt.Errorf("the solver gave no next move")
	}
	s.assists.Hints++
	return h, nil
}
