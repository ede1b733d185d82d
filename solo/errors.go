package solo

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrIllegalMove is wrapped by every error about a move or a line that breaks
// a rule; errors.Is(err, ErrIllegalMove) tells rule breaches from I/O errors.
var ErrIllegalMove = errors.New("illegal move")

// Sentinels for each way a deck, move or line can break the rules. Each wraps
// ErrIllegalMove. A [*RuleError] wraps exactly one of them.
var (
	ErrBadDeck         = fmt.Errorf("bad deck: %w", ErrIllegalMove)
	ErrNotAccessible   = fmt.Errorf("tile not accessible: %w", ErrIllegalMove)
	ErrCellOccupied    = fmt.Errorf("cell occupied: %w", ErrIllegalMove)
	ErrNotAdjacent     = fmt.Errorf("cell not adjacent: %w", ErrIllegalMove)
	ErrGameOver        = fmt.Errorf("game over: %w", ErrIllegalMove)
	ErrCannotEndPhase1 = fmt.Errorf("cannot end phase 1: %w", ErrIllegalMove)
	ErrIncomplete      = fmt.Errorf("line incomplete: %w", ErrIllegalMove)
	ErrBadPhase1Turns  = fmt.Errorf("bad phase1_turns: %w", ErrIllegalMove)
	ErrOutOfRange      = fmt.Errorf("cell out of range: %w", ErrIllegalMove)
)

// RuleError explains why a deck, move or line is not legal: on which turn
// (1-based; 0 when the fault is not tied to a turn), which rule of RULES.md,
// and in words.
type RuleError struct {
	Turn int
	Rule string // "R5", "R6", "R9", "R12", "R15"
	Msg  string // what was wrong and what is allowed instead
	Err  error  // one of the sentinels above
}

func (e *RuleError) Error() string {
	if e.Turn > 0 {
		return fmt.Sprintf("turn %d: %s (rule %s)", e.Turn, e.Msg, e.Rule)
	}
	return fmt.Sprintf("%s (rule %s)", e.Msg, e.Rule)
}

// Unwrap returns the sentinel, so errors.Is works with it and with
// ErrIllegalMove.
func (e *RuleError) Unwrap() error { return e.Err }

// MarshalJSON writes the illegal-line score result of FORMATS.md:
// {"legal": false, "error": ..., "turn": ..., "rule": ...}.
func (e *RuleError) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Legal bool   `json:"legal"`
		Error string `json:"error"`
		Turn  int    `json:"turn"`
		Rule  string `json:"rule"`
	}{false, e.Msg, e.Turn, e.Rule})
}

func ruleErr(turn int, rule string, sentinel error, format string, args ...any) *RuleError {
	return &RuleError{Turn: turn, Rule: rule, Msg: fmt.Sprintf(format, args...), Err: sentinel}
}
