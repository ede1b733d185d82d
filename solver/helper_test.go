package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// TestMirroredProofMatchesBruteForce: a worker that takes the children
// last first near the top of the tree (the helper of a two-worker search)
// must prove the same optimum as trying every move, on endgames of three
// tiles, alone and beside a worker that walks the tree the usual way.
func TestMirroredProofMatchesBruteForce(t *testing.T) {
	threeTileEndgames(t, rand.NewPCG(7, 8), 20, func(seed uint64, g *solo.Game, want int) {
		sh := newShared(g, 12)
		w := newWorker(sh)
		w.mirror = mirrorDepth
		w.prove()
		r, err := sh.result()
		require.NoError(t, err, "seed %d: the mirrored proof found no line", seed)
		assert.Equal(t, want, r.Score.Total(), "seed %d: mirrored proof's score", seed)
		assert.True(t, r.Optimal, "seed %d: mirrored proof not proven (bound %d)", seed, r.LowerBound)
		checkLine(t, r)

		// Both walks at once, sharing the table.
		sh = newShared(g, 12)
		done := make(chan struct{})
		go func() {
			h := newWorker(sh)
			h.mirror = mirrorDepth
			h.prove()
			close(done)
		}()
		newWorker(sh).prove()
		<-done
		r, err = sh.result()
		require.NoError(t, err, "seed %d: the two workers found no line", seed)
		assert.Equal(t, want, r.Score.Total(), "seed %d: two workers' score", seed)
		assert.Equal(t, want, r.LowerBound, "seed %d: two workers' bound", seed)
	})
}

// threeTileEndgames calls fn for the first count seeds whose 13-tile deck
// has a random endgame with three tiles left to take (endgame, drawn from
// src), with the game there and its optimum found by trying every move.
func threeTileEndgames(t *testing.T, src *rand.PCG, count int, fn func(seed uint64, g *solo.Game, want int)) {
	t.Helper()
	tested := 0
	for seed := uint64(1); tested < count; seed++ {
		d := solo.SeedDeck(seed)[:13]
		g, ok := endgame(d, src, 3)
		if !ok {
			continue
		}
		tested++
		s := g.State()
		fn(seed, g, brute(t, newModel(d), &s))
	}
}

// phase2Start plays deck d's random line drawn with rand.NewPCG(game, salt)
// up to the end of its phase 1 and returns the position there, and whether
// it is in phase 2 (not when phase 1 emptied the deck's wheel for good).
func phase2Start(t *testing.T, d solo.Deck, game int, salt uint64) (solo.State, bool) {
	t.Helper()
	l := solo.RandomLine(d, rand.NewPCG(uint64(game), salt))
	g, err := solo.PlayPrefix(l, l.Phase1Turns)
	require.NoError(t, err)
	s := g.State()
	return s, s.Phase() == solo.Phase2
}

// randomTurn plays a random turn on s: a tile the meeple can reach, on a
// random empty cell next to the display.
func randomTurn(s *solo.State, rng *rand.Rand) {
	var acc [3]uint8
	k := s.Accessible(&acc)
	s.Apply(acc[rng.IntN(k)], s.FrontierCell(rng.IntN(s.NumFrontier())))
}

// counterOf returns m's setCounter for s's display and wheel (model.counter)
// with the wheel, the scratch it filled and the sums of the wheel's sets.
func counterOf(m *model, s *solo.State) (wheel []uint8, sc setCounter, scratch *reachScratch, sums *setSums) {
	wheel, _, wheelCol := wheelOf(s)
	scratch = new(reachScratch)
	sc = m.counter(s, wheel, &wheelCol, scratch, new([3 * solo.MaxTurns]openTask), new([solo.NumColours]int))
	return wheel, sc, scratch, scratch.sumsOf(wheel)
}

// midGame plays four to seven random turns of seed's deck and returns
// the deck's model and the position; ok is false when the game is over.
func midGame(seed uint64, rng *rand.Rand) (m *model, s solo.State, ok bool) {
	d := solo.SeedDeck(seed)
	s = solo.NewState(d)
	for range 4 + rng.IntN(4) {
		randomTurn(&s, rng)
	}
	return newModel(d), s, !s.Over()
}

// eachPhase1Child calls fn with every child of s that lays a tile the
// next turn can take (from space sp on frontier cell f) and is still in
// phase 1.
func eachPhase1Child(s *solo.State, fn func(sp uint8, f int, c *solo.State)) {
	var acc [3]uint8
	for _, sp := range acc[:s.Accessible(&acc)] {
		for f := range s.NumFrontier() {
			c := *s
			c.Apply(sp, s.FrontierCell(f))
			if c.Phase() == solo.Phase1 && !c.Over() {
				fn(sp, f, &c)
			}
		}
	}
}
