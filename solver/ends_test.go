package solver

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// layoutBound is the bound layoutEnds gives the phase-1 position s.
func layoutBound(m *model, s *solo.State) int {
	return 2*s.DisplayCost() + m.layoutEnds(s)
}

// shortPositions calls check with n phase-1 positions of random games of
// 13-tile decks (seeds 1, 2, ...) that have at most three tiles left to
// take, few enough for brute.
func shortPositions(t *testing.T, rng *rand.Rand, n int, check func(seed uint64, d solo.Deck, s solo.State)) {
	t.Helper()
	found := 0
	for seed := uint64(1); found < n; seed++ {
		require.Less(t, seed, uint64(3000), "only %d phase-1 positions in 3000 decks", found)
		d := solo.SeedDeck(seed)[:13]
		s := solo.NewState(d)
		for s.Phase() == solo.Phase1 && s.TilesOnTrack()+min(s.Turns()+s.TilesOnTrack(), len(d)-solo.SetupTiles) > 3 {
			randomTurn(&s, rng)
		}
		if s.Phase() == solo.Phase1 {
			found++
			check(seed, d, s)
		}
	}
}

// TestLayoutEndsMatchesBruteForce: on short decks, at phase-1 positions
// of random games with at most three tiles left to take, layoutEnds never
// exceeds the best score any line reaches, and layoutEndsUpTo gives it
// where the limit reaches it, and otherwise a bound above the limit and
// at most the value.
func TestLayoutEndsMatchesBruteForce(t *testing.T) {
	tested, above, soft := 0, 0, 0
	shortPositions(t, rand.New(rand.NewPCG(3, 4)), 60, func(seed uint64, d solo.Deck, s solo.State) {
		tested++
		m := newModel(d)
		want := brute(t, m, &s)
		got := layoutBound(m, &s)
		assert.LessOrEqual(t, got, want, "seed %d, turn %d: layoutEnds' bound above the best line", seed, s.Turns())
		if got > m.bound(&s) {
			above++
		}
		// Counted up to a limit: the value, or below it a bound above
		// the limit and at most the value (fail-soft).
		full := got - 2*s.DisplayCost()
		for _, limit := range []int{full - 3, full - 1, full, full + 2} {
			v := m.layoutEndsUpTo(&s, limit)
			if limit >= full {
				assert.Equal(t, full, v, "seed %d: layoutEndsUpTo(%d), value %d", seed, limit, full)
				continue
			}
			assert.Greater(t, v, limit, "seed %d: layoutEndsUpTo(%d), value %d", seed, limit, full)
			assert.LessOrEqual(t, v, full, "seed %d: layoutEndsUpTo(%d), value %d", seed, limit, full)
			if limit == full-3 && v > limit+1 {
				soft++
			}
		}
	})
	// Below the value, the bound returned is often more than limit+1.
	assert.Greater(t, soft, tested/4, "layoutEndsUpTo(value-3) above value-2 on only %d of %d positions", soft, tested)
	// It is worth its cost: above the bound without it on most positions
	// (where the display's open tasks cannot all close).
	assert.Greater(t, above, tested/2, "layoutEnds above model.bound on only %d of %d positions", above, tested)
}

// tileBests gives, for each space the next turn can take a tile from, the
// best score of a line that takes it (brute), and 0 for the other spaces.
func tileBests(t *testing.T, m *model, s *solo.State) [spaceCount]int {
	var tileBest [spaceCount]int
	var acc [3]uint8
	for _, sp := range acc[:s.Accessible(&acc)] {
		tileBest[sp] = infinity
		for j := range s.NumFrontier() {
			c := *s
			c.Apply(sp, s.FrontierCell(j))
			tileBest[sp] = min(tileBest[sp], brute(t, m, &c))
		}
	}
	return tileBest
}

// TestLayoutEndsTilesMatchBruteForce: at positions like the test above's,
// with limits around layoutEnds' value, layoutEndsTiles cuts the position
// exactly when layoutEndsUpTo does, rules out a tile (by[sp] above 0)
// exactly when the sets that hold it are all above the limit, and a tile
// it rules out has no child, on any cell, whose best line scores within
// the limit.
func TestLayoutEndsTilesMatchBruteForce(t *testing.T) {
	tested, ruled := 0, 0
	shortPositions(t, rand.New(rand.NewPCG(13, 14)), 60, func(seed uint64, d solo.Deck, s solo.State) {
		tested++
		m := newModel(d)
		tileBest := tileBests(t, m, &s)
		var acc [3]uint8
		s.Accessible(&acc)
		dc := 2 * s.DisplayCost()
		full := m.layoutEnds(&s)
		for _, limit := range []int{full - 4, full - 2, full - 1, full, full + 3, tileBest[acc[0]] - dc - 1} {
			var by [spaceCount]int
			v := m.layoutEndsTiles(&s, limit, &by)
			assert.Equal(t, m.layoutEndsUpTo(&s, limit) > limit, v > limit, "seed %d, limit %d: layoutEndsTiles %d, value %d", seed, limit, v, full)
			for _, sp := range acc[:s.Accessible(&acc)] {
				// The least value of the sets that hold the tile.
				i := bits.OnesCount32(occupiedSpaces(&s) & (1<<(sp-1) - 1))
				holding := m.layoutEndsHolding(&s, limit, nil, 1<<i, nil, false, nil)
				assert.Equal(t, holding > limit, by[sp] > 0, "seed %d, limit %d: the tile of space %d: by %d, the sets holding it %d", seed, limit, sp, by[sp], holding)
				if by[sp] > 0 {
					ruled++
					assert.Equal(t, limit+1, by[sp], "seed %d: by[%d]", seed, sp)
					assert.Greater(t, tileBest[sp], dc+limit, "seed %d, turn %d, limit %d: the tile of space %d ruled out, its best line %d", seed, s.Turns(), dc+limit, sp, tileBest[sp])
				}
			}
		}
	})
	assert.Greater(t, ruled, tested, "only %d tiles ruled out at %d positions", ruled, tested)
}

// TestLayoutEndsAlongGoodLines checks layoutEnds at every phase-1 position
// of the best lines a short search finds on full decks, and of random
// lines: it may never exceed the line's final score, and layoutEndsLaid,
// with the line's score as the limit, may never cut the position.
func TestLayoutEndsAlongGoodLines(t *testing.T) {
	laid := func(m *model, s *solo.State, final int) int {
		var by [spaceCount]int
		dc := 2 * s.DisplayCost()
		return dc + m.layoutEndsLaid(s, final-dc, &by, nil)
	}
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8}
	if testing.Short() {
		seeds = seeds[:3]
	}
	for _, seed := range seeds {
		d := solo.SeedDeck(seed)
		m := newModel(d)
		alongSolverLine(t, seed, func(i int, s *solo.State, final int) {
			if s.Phase() == solo.Phase1 {
				assert.LessOrEqual(t, layoutBound(m, s), final, "seed %d: layoutEnds after %d turns above the solver's line", seed, i)
				assert.LessOrEqual(t, laid(m, s, final), final, "seed %d: layoutEndsLaid after %d turns cuts the solver's line", seed, i)
			}
		})
		src := rand.NewPCG(seed, 9)
		for range 20 {
			alongRandomLine(d, src, func(i int, s *solo.State, final int) bool {
				if s.Phase() != solo.Phase1 {
					return false
				}
				require.LessOrEqual(t, layoutBound(m, s), final, "seed %d: layoutEnds after %d turns above a random line", seed, i)
				require.LessOrEqual(t, laid(m, s, final), final, "seed %d: layoutEndsLaid after %d turns cuts a random line", seed, i)
				return true
			})
		}
	}
}

// TestP2EndOfBoundsPhase2Exact: layoutEnds skips a set X of phase-1 tiles
// when the tiles-only phase-2 value after it (p2EndOf) is already too
// high, which is sound only if that value never exceeds the layout's. At
// the phase-1 positions of token-greedy games that may end phase 1, the
// phase-2 value after ending it (phase2Exact) is never below p2EndOf of
// the same wheel, and close to it on some.
func TestP2EndOfBoundsPhase2Exact(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checked, least := 0, infinity
	for seed := uint64(1); seed <= 40; seed++ {
		d := solo.SeedDeck(seed)
		m := newModel(d)
		s := solo.NewState(d)
		for s.Phase() == solo.Phase1 && !s.Over() {
			if s.CanEndPhase1() {
				e := s
				e.EndPhase1()
				if !e.Over() {
					want, got := m.p2EndOf(occupiedSpaces(&s)), m.phase2Exact(&e)
					require.GreaterOrEqual(t, got, want, "seed %d, turn %d: phase2Exact below p2EndOf", seed, s.Turns())
					checked++
					least = min(least, got-want)
				}
			}
			var acc [3]uint8
			if s.Accessible(&acc) == 0 {
				break
			}
			sp, cell := greedyMove(&s, rng)
			s.Apply(sp, cell)
		}
	}
	require.Greater(t, checked, 50, "too few positions that may end phase 1")
	// Close enough on some positions to skip sets (3 at 7826290: the
	// layout adds 3 to 13 points at these positions).
	assert.LessOrEqual(t, least, 3, "p2EndOf at least %d below phase2Exact in %d positions", least, checked)
}

// TestWideLayoutCutsBelowGoodLines: a one-worker proof from the start of
// full decks cuts positions of depths 6 to 9 with layoutEnds in gen (where
// many children would be made), and the children that take a tile no set
// within the limit holds; from a sample of each, the line a short search
// finds scores at least the bound of the cut. On seed 5, whose phase 1
// needs ten or eleven tiles, positions of depth 8 or 9 are cut too: its
// sample is of those. The short search's lines are
// a few points above the optimum at cut positions and far above it on the
// children of ruled-out tiles (it catches a position's bound raised by 15,
// not a tile's): TestLayoutEndsTilesMatchBruteForce checks the tiles.
func TestWideLayoutCutsBelowGoodLines(t *testing.T) {
	for _, seed := range []uint64{1, 8, 5} {
		d := solo.SeedDeck(seed)
		g, err := solo.NewGame(d)
		require.NoError(t, err)
		sh := newShared(g, 18)
		sh.nodeLimit = 1_000_000
		newWorker(sh).runBeam(newBeam(64))
		w := newWorker(sh)
		type cut struct {
			line solo.Line
			f    int
			sp   uint8
		}
		var cuts, tileCuts, deepCuts []cut
		w.wideCut = func(f int, sp uint8) {
			c := cut{sh.line(&w.path), f, sp}
			switch {
			case sp == noSpace && len(c.line.Moves) >= 8 && len(deepCuts) < 1000:
				deepCuts = append(deepCuts, c)
			case sp == noSpace && len(cuts) < 1000:
				cuts = append(cuts, c)
			case sp != noSpace && len(tileCuts) < 1000:
				tileCuts = append(tileCuts, c)
			}
		}
		w.prove()
		require.NotEmpty(t, cuts, "seed %d: no position of depth 6 or 7 was cut by layoutEnds", seed)
		require.NotEmpty(t, tileCuts, "seed %d: no tile of a position of depth 6 to 9 was cut by layoutEnds", seed)
		sampled := [][]cut{cuts, tileCuts}
		if seed == 5 {
			require.NotEmpty(t, deepCuts, "seed %d: no position of depth 8 or 9 was cut by layoutEnds", seed)
			sampled = [][]cut{deepCuts}
		}
		for _, cs := range sampled {
			for i := 0; i < len(cs); i += len(cs)/4 + 1 {
				c := cs[i]
				pos, err := solo.NewGame(d)
				require.NoError(t, err)
				for _, mv := range c.line.Moves {
					require.NoError(t, pos.Play(mv), "seed %d: the path to a cut position does not replay", seed)
				}
				if c.sp != noSpace {
					// The child that takes the tile, on the last frontier cell.
					s := pos.State()
					x, y := s.XY(s.FrontierCell(s.NumFrontier() - 1))
					require.NoError(t, pos.Play(solo.Move{Tile: s.TrackTile(int(c.sp)), X: x, Y: y}), "seed %d: the cut tile cannot be taken", seed)
				}
				r, err := SolveFrom(context.Background(), pos, Options{Time: 300 * time.Millisecond, Workers: 1, TableBits: 16})
				require.NoError(t, err, "seed %d", seed)
				assert.GreaterOrEqual(t, r.Score.Total(), c.f, "seed %d, after %d turns (tile of space %d): a line scores below the bound of the cut", seed, len(c.line.Moves), c.sp)
			}
		}
	}
}

// TestPhase1SetsHoldEveryTakenSet: from phase-1 positions of random
// games, every set of tiles that some sequence of legal turns takes from
// the wheel (R6, R7; the tokens, which decide only when phase 1 may end,
// left aside) is one that phase1Sets marks takeable (layoutEnds skips the
// others), and the wall of three rules some sets out at most positions.
func TestPhase1SetsHoldEveryTakenSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	positions, walled := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		d := solo.SeedDeck(seed)
		for game := range 40 {
			s := solo.NewState(d)
			for range game % 9 {
				randomTurn(&s, rng)
			}
			var U [maxAdded]uint8
			var spaceBit [solo.SetupTiles]uint32
			r, ends := phase1Sets(&s, &U, &spaceBit, new(reachScratch))
			positions++
			for Y := range uint32(1) << r {
				if ends[Y] == 0 {
					walled++
					break
				}
			}
			for range 30 {
				w := s
				var X uint32
				for range rng.IntN(r + 1) {
					var acc [3]uint8
					k := w.Accessible(&acc)
					sp := acc[rng.IntN(k)]
					X |= 1 << slices.Index(spaceBit[:r], 1<<(sp-1))
					w.Apply(sp, w.FrontierCell(0))
				}
				assert.NotZero(t, ends[X]&(1<<w.Meeple()), "seed %d, turn %d: turns take the set %b of the wheel, the meeple ending on space %d, not marked takeable so", seed, s.Turns(), X, w.Meeple())
			}
		}
	}
	assert.Greater(t, walled, positions/2, "the wall rules out a set at only %d of %d positions", walled, positions)
}

// TestPhase2WallsHoldEveryTakenSet: phase 1 ended after random turns (the
// tokens left aside, as in the test above) and random phase-2 turns after
// it take a set of the refilled wheel that the walls layoutEnds builds for
// the phase-1 set allow, and the walls rule out some sets.
func TestPhase2WallsHoldEveryTakenSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	take := func(s *solo.State) int {
		var acc [3]uint8
		sp := acc[rng.IntN(s.Accessible(&acc))]
		id := s.TrackTile(int(sp))
		s.Apply(sp, s.FrontierCell(0))
		return id
	}
	checked, ruled := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		d := solo.SeedDeck(seed)
		m := newModel(d)
		for game := range 60 {
			s := solo.NewState(d)
			for range game % 9 {
				take(&s)
			}
			var U [maxAdded]uint8
			var spaceBit [solo.SetupTiles]uint32
			r, ends := phase1Sets(&s, &U, &spaceBit, new(reachScratch))
			p := 0
			for i := solo.SetupTiles; i < min(len(d), 2*solo.SetupTiles); i++ {
				U[r+p] = uint8(d[i])
				p++
			}
			index := func(id int) int { return slices.Index(U[:r+p], uint8(id)) }
			w := s
			var X uint32
			for range rng.IntN(r + 1) {
				X |= 1 << index(take(&w))
			}
			if w.Phase() == solo.Phase1 {
				w.EndPhase1()
			}
			var S uint64
			for range rng.IntN(8) {
				if w.Over() {
					break
				}
				S |= 1 << index(take(&w))
			}
			nl := r - bits.OnesCount32(X)
			var pw phase2Walls
			for mps := ends[X]; mps != 0; mps &= mps - 1 {
				pw.add(m, bits.TrailingZeros16(mps), (uint32(1)<<r-1)&^X, &spaceBit, r, min(solo.SetupTiles-nl, p))
			}
			require.NotZero(t, pw.n, "seed %d: no wheel for the phase-1 set %b", seed, X)
			checked++
			assert.True(t, pw.allows(S), "seed %d, turn %d: phase 1 takes %b, phase 2 %b, not allowed", seed, s.Turns(), X, S)
			if !pw.allows(S|1<<(r+p-1)) || !pw.allows(1<<(r+p-1)) {
				ruled++
			}
		}
	}
	assert.Greater(t, ruled, checked/4, "the walls rule out the last refill tile at only %d of %d ends", ruled, checked)
}

// TestColourMemoMatchesCount: setCounter.colours with a memo of the open
// tasks' part by colour counts gives what it gives without one, for every
// set of the wheel tiles at the positions of random games, each set asked
// twice (the second time from the memo), one memo for all the positions
// (next between them), as layoutEndsHolding uses it.
func TestColourMemoMatchesCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var memo colourMemo
	positions, sets, kept := 0, 0, 0
	for seed := uint64(1); positions < 60 && seed < 200; seed++ {
		m, s, ok := midGame(seed, rng)
		if !ok {
			continue
		}
		wheel, sc, _, sums := counterOf(m, &s)
		memo.next()
		for range 2 {
			for S := range 1 << len(wheel) {
				want := sc.colours(uint64(S), sums.added[S], nil)
				got := sc.colours(uint64(S), sums.added[S], &memo)
				require.Equal(t, want, got, "seed %d, set %b", seed, S)
				sets++
			}
		}
		for _, e := range memo.slots {
			if uint32(e>>memoGenShift) == memo.gen {
				kept++
			}
		}
		positions++
	}
	// The generations wrap around: the memo is emptied then.
	memo.gen = 1<<memoGenBits - 1
	memo.next()
	assert.Equal(t, uint32(1), memo.gen, "the generation after the last")
	assert.Equal(t, [1 << colourMemoBits]uint64{}, memo.slots, "the memo emptied")
	t.Logf("%d positions, %d sets asked, %d counts kept", positions, sets, kept)
	assert.GreaterOrEqual(t, positions, 60, "positions")
	assert.Greater(t, kept, positions, "counts the memo kept")
}

// TestLayoutEndsIsTheLeastSet: layoutEnds counts the sets X cheapest
// lower bound first and stops at the first whose lower bound reaches the
// best, while layoutEndsTiles (with by) asks every set whether it is
// within the limit and stops each set's phase-2 search at the first
// phase-2 set within it. At positions of random games of full decks (0 to
// 8 turns, with and without the tile of each next space required), the
// first must be exactly the least limit at which the second finds a set
// within it.
func TestLayoutEndsIsTheLeastSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	tested, compared := 0, 0
	for seed := uint64(1); tested < 120; seed++ {
		d := solo.SeedDeck(seed)
		s := solo.NewState(d)
		for range rng.IntN(9) {
			randomTurn(&s, rng)
		}
		if s.Phase() != solo.Phase1 {
			continue
		}
		tested++
		m := newModel(d)
		v := m.layoutEnds(&s)
		require.Less(t, v, infinity, "seed %d: no end of phase 1 counted", seed)
		var by [spaceCount]int
		assert.Equal(t, 0, m.layoutEndsTiles(&s, v, &by), "seed %d, turn %d: no set within layoutEnds' value %d", seed, s.Turns(), v)
		assert.Equal(t, v, m.layoutEndsTiles(&s, v-1, &by), "seed %d, turn %d: a set under layoutEnds' value %d", seed, s.Turns(), v)
		// The same for the sets that hold one tile: by[sp] is 0 exactly
		// when some set holding the tile is within the limit.
		var acc [3]uint8
		for _, sp := range acc[:s.Accessible(&acc)] {
			i := bits.OnesCount32(occupiedSpaces(&s) & (1<<(sp-1) - 1))
			h := m.layoutEndsHolding(&s, infinity-1, nil, 1<<i, nil, false, nil)
			if h >= infinity {
				continue
			}
			compared++
			m.layoutEndsTiles(&s, h, &by)
			assert.Zero(t, by[sp], "seed %d, turn %d: the tile of space %d, its sets' least value %d", seed, s.Turns(), sp, h)
			m.layoutEndsTiles(&s, h-1, &by)
			assert.Positive(t, by[sp], "seed %d, turn %d: the tile of space %d has a set under its sets' least value %d", seed, s.Turns(), sp, h)
		}
	}
	assert.Greater(t, compared, tested, "tiles whose sets were compared")
}

// TestChildBoundsWithParentSetsBelowBruteForce: on short decks, at
// phase-1 positions of random games with four tiles left to take, two of
// them on the wheel, a child's layout bound that takes its parent's
// lower bounds on its sets (laidSets, as the search passes them), counted up to
// limits around the parent's value, never exceeds the best score any
// line from the child reaches; and on some children it is higher than
// the child's bound without them.
func TestChildBoundsWithParentSetsBelowBruteForce(t *testing.T) {
	children, raised := 0, 0
	rng := rand.New(rand.NewPCG(41, 42))
	for seed := uint64(1); children < 300; seed++ {
		require.Less(t, seed, uint64(3000), "only %d children in 3000 decks", children)
		// 13-tile decks, four tiles left to take, two on the wheel.
		d := solo.SeedDeck(seed)[:13]
		s := solo.NewState(d)
		for s.Phase() == solo.Phase1 && s.TilesOnTrack()+min(s.Turns()+s.TilesOnTrack(), len(d)-solo.SetupTiles) > 4 {
			randomTurn(&s, rng)
		}
		if s.Phase() != solo.Phase1 || s.TilesOnTrack() < 2 {
			continue
		}
		m := newModel(d)
		full := m.layoutEnds(&s)
		for _, limit := range []int{full - 4, full - 1, full + 2} {
			for _, withBy := range []bool{false, true} {
				var parent laidSets
				var by [spaceCount]int
				byp := &by
				if !withBy {
					byp = nil
				}
				m.layoutEndsLaid(&s, limit, byp, &farLink{keepSets: &parent})
				eachPhase1Child(&s, func(_ uint8, _ int, c *solo.State) {
					children++
					dc := 2 * c.DisplayCost()
					climit := limit + 2*s.DisplayCost() - dc
					got := dc + m.layoutEndsLaid(c, climit, nil, &farLink{sets: &parent})
					want := brute(t, m, c)
					require.LessOrEqual(t, got, want, "seed %d, limit %d: the child's bound with its parent's sets above its best line", seed, limit)
					if got > dc+m.layoutEndsLaid(c, climit, nil, nil) {
						raised++
					}
				})
			}
		}
	}
	t.Logf("%d children, %d bounds raised by the parent's sets", children, raised)
	assert.Positive(t, raised, "children whose bound the parent's sets raise")
}
