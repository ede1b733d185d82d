package session

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResumeRefusesWhatScoreRefuses: a saved game that is over is a
// complete line, and Resume takes it exactly when score (solo.Replay)
// does; one that goes on must say where phase 1 ended if it did.
func TestResumeRefusesWhatScoreRefuses(t *testing.T) {
	l := byChoice(t)
	for _, p1 := range []int{math.MinInt64, math.MaxInt64, 0, -1, 12} {
		bad := l
		bad.Phase1Turns = p1
		_, err := Resume(bad)
		var re *solo.RuleError
		require.ErrorAs(t, err, &re, "Resume(complete line, phase1_turns %d)", p1)
		if p1 != 0 {
			assert.Equal(t, "R12", re.Rule, "Resume(complete line, phase1_turns %d)", p1)
		}
	}

	// A line whose phase 1 ran the wheel empty (11 turns): phase1_turns 0
	// is wrong both after the 11th turn and at the end.
	var empty solo.Line
	src := rand.NewPCG(5, 5)
	for seed := uint64(1); empty.Moves == nil; seed++ {
		if r := solo.RandomLine(solo.SeedDeck(seed), src); r.Phase1Turns == solo.SetupTiles && len(r.Moves) > solo.SetupTiles+1 {
			empty = r
		}
	}
	for _, n := range []int{solo.SetupTiles + 1, len(empty.Moves)} {
		bad := empty
		bad.Moves, bad.Phase1Turns = empty.Moves[:n], 0
		_, err := Resume(bad)
		var re *solo.RuleError
		require.ErrorAs(t, err, &re, "Resume(%d turns past an empty wheel, phase1_turns 0)", n)
		assert.Equal(t, "R12", re.Rule)
	}

	// Random lines, cut anywhere, with any phase1_turns: a resumed game
	// that is over is one score accepts, and every line score accepts
	// resumes to a game that is over.
	for i := range 300 {
		r := solo.RandomLine(solo.SeedDeck(uint64(i)), src)
		n := rand.IntN(len(r.Moves) + 1)
		if i%3 == 0 {
			n = len(r.Moves)
		}
		c := r
		c.Moves = r.Moves[:n]
		for _, p1 := range []int{r.Phase1Turns, 0, rand.IntN(13), math.MinInt64, math.MaxInt64} {
			c.Phase1Turns = p1
			s, rerr := Resume(c)
			_, perr := solo.Replay(c)
			if perr == nil {
				assert.True(t, rerr == nil && s.Game().Over(), "seed %d, %d turns, phase1_turns %d: score accepts it, Resume = %v", i, n, p1, rerr)
			}
			if rerr == nil && s.Game().Over() {
				assert.NoError(t, perr, "seed %d, %d turns, phase1_turns %d: Resume gives a game that is over, score refuses it", i, n, p1)
			}
		}
	}
}
