package solo

import (
	"errors"
	"testing"
)

// allTokensLine places ten tiles so that all 21 tokens are placed on turn
// 10, still in phase 1 (R13's extra tokens from the 13-stack; the game ends
// at once, R15). The layout was found by a search for ten tiles with 21
// fulfillable tasks; the deck lists them in placing order, each turn takes
// the tile just after the moon figure, and the rest of the deck is tiles
// that never matter. Tokens after each turn: 0 0 1 2 4 6 9 12 16 21.
func allTokensLine() Line {
	return Line{
		Deck: Deck{14, 48, 17, 33, 51, 25, 67, 68, 34, 13, 1, 18, 35, 52, 2, 19, 36, 53, 3, 20, 37, 54},
		Moves: []Move{
			{14, 8, -3}, {48, 7, -3}, {17, 8, -4}, {33, 6, -3}, {51, 7, -4},
			{25, 9, -4}, {67, 8, -5}, {68, 6, -4}, {34, 7, -5}, {13, 6, -5},
		},
		Phase1Turns: 10,
	}
}

// TestAllTokensInPhase1 pins the decision of README and the reference for
// a case RULES.md does not spell out: 21 tokens placed in phase 1 end the
// game and phase 1 with it, so S2 = S1 and P1 = P2 = 0; phase1_turns must be
// that turn or earlier, and no move may follow.
func TestAllTokensInPhase1(t *testing.T) {
	l := allTokensLine()
	g, err := Play(l)
	if err != nil {
		t.Fatalf("Play(all tokens in phase 1) = %v", err)
	}
	st := g.State()
	if got, want := g.Score(), (Score{S1: 59, P1: 0, S2: 59, P2: 0, Tokens: 21}); got != want {
		t.Errorf("Score() = %+v, want %+v", got, want)
	}
	if !g.Over() || st.Phase1Turns() != 10 || g.Line().Phase1Turns != 10 {
		t.Errorf("after turn 10: over %v, phase 1 turns %d, want over after a 10-turn phase 1", g.Over(), st.Phase1Turns())
	}
	if err := g.Play(Move{1, 5, -5}); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after 21 tokens = %v, want ErrGameOver", err)
	}
	if err := g.EndPhase1(); !errors.Is(err, ErrGameOver) {
		t.Errorf("EndPhase1 after 21 tokens = %v, want ErrGameOver", err)
	}

	// Ending phase 1 one turn earlier, with 16 tokens, is legal too: the
	// refill leaves tile 13 accessible and turn 10 places the last five
	// tokens in phase 2. Only S1 changes: tile 13 (cost 5) is not in it.
	early := allTokensLine()
	early.Phase1Turns = 9
	if sc, err := Replay(early); err != nil || sc != (Score{S1: 54, P1: 0, S2: 59, P2: 0, Tokens: 21}) {
		t.Errorf("Replay(phase1_turns 9) = %+v, %v, want S1 54, S2 59, 21 tokens", sc, err)
	}

	var re *RuleError
	late := allTokensLine()
	late.Phase1Turns = 11
	if _, err := Replay(late); !errors.As(err, &re) || re.Rule != "R12" || re.Turn != 0 {
		t.Errorf("Replay(phase1_turns 11 of 10 moves) = %v, want R12 at turn 0", err)
	}
	more := allTokensLine()
	more.Moves = append(more.Moves, Move{1, 5, -5})
	if _, err := Replay(more); !errors.As(err, &re) || re.Rule != "R15" || re.Turn != 11 || !errors.Is(err, ErrGameOver) {
		t.Errorf("Replay(a move after 21 tokens) = %v, want R15 ErrGameOver at turn 11", err)
	}
}
