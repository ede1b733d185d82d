package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// randomIncumbent starts a search of deck d with a random line as its only
// line, and returns the search and that line's score.
func randomIncumbent(t *testing.T, d solo.Deck, src *rand.PCG) (*shared, int) {
	t.Helper()
	g, err := solo.NewGame(d)
	require.NoError(t, err)
	sh := newShared(g, 16)
	s := sh.start
	var rec [solo.MaxTurns]solo.Step
	n := solo.Playout(&s, src, &rec)
	p := path{n: int8(n), p1: -1}
	copy(p.steps[:], rec[:n])
	if t1 := s.Phase1Turns(); t1 < n && s.Phase() != solo.Phase1 {
		// Phase 1 ended by choice or with an empty wheel before step t1;
		// the path marks only an ending by choice, and replaying ends it
		// at the same step either way.
		p.p1 = int8(t1)
	}
	sc := s.Score().Total()
	sh.offer(sc, &p)
	return sh, sc
}

func TestPolishImprovesARandomLine(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		d := solo.SeedDeck(seed)
		sh, random := randomIncumbent(t, d, rand.NewPCG(seed, 7))
		r0, err := sh.result()
		require.NoError(t, err, "seed %d: the random line must replay", seed)
		require.Equal(t, random, r0.Score.Total(), "seed %d", seed)

		w := newWorker(sh)
		improved := w.polish(1 << 15)
		r, err := sh.result()
		require.NoError(t, err, "seed %d: the polished line must replay to its score", seed)
		assert.True(t, improved, "seed %d: polish reported no improvement of %d", seed, random)
		assert.Less(t, r.Score.Total(), random, "seed %d", seed)
		sc, err := solo.Replay(r.Line)
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, r.Score, sc, "seed %d", seed)
		// The polished line keeps the random line's first steps up to
		// where polish searched from, so it differs from the best line of
		// a full search: it must still be no better than the bound.
		assert.GreaterOrEqual(t, r.Score.Total(), sh.m.bound(&sh.start), "seed %d", seed)
	}
}

// TestPolishProvesTheEndgame checks that polish, given budget enough,
// finds a line at least as good as the best of all lines that share the
// random line's steps up to two turns before its end, checked by brute
// force.
func TestPolishProvesTheEndgame(t *testing.T) {
	src := rand.NewPCG(11, 3)
	checked := 0
	for seed := uint64(1); seed <= 30 && checked < 4; seed++ {
		d := solo.SeedDeck(seed)
		sh, _ := randomIncumbent(t, d, src)
		w := newWorker(sh)
		last := w.replay(&sh.bestPath)
		if last < 2 {
			continue
		}
		// The best of all lines through the position two turns before
		// the random line's end, by brute force.
		k := last - 1
		pos := w.stack[k]
		if pos.Phase() == solo.Phase1 || pos.TilesOnTrack() > 2 {
			continue
		}
		want := brute(t, sh.m, &pos)
		// The budget lets polish finish the last two turns; it stops
		// where a search from further back runs out of it.
		w.polish(1 << 15)
		r, err := sh.result()
		require.NoError(t, err)
		assert.LessOrEqual(t, r.Score.Total(), want, "seed %d: polish missed the best end from turn %d", seed, k)
		checked++
	}
	require.Equal(t, 4, checked, "too few random lines long enough to test")
}
