package solver

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/novaluna/novaluna/solo"
)

func TestSidesLoss(t *testing.T) {
	ones := func(n int) []uint8 {
		u := make([]uint8, n)
		for i := range u {
			u[i] = 1
		}
		return u
	}
	assert.Equal(t, 0, sidesLoss(ones(4), 1), "one tile has four sides")
	assert.Equal(t, 1, sidesLoss(ones(5), 1))
	assert.Equal(t, 3, sidesLoss(ones(7), 1))
	assert.Equal(t, 0, sidesLoss([]uint8{2, 2}, 2), "two apart: each sees both on two sides")
	assert.Equal(t, 0, sidesLoss([]uint8{2, 2, 2, 2, 1}, 2), "two side by side: six sides, one each")
	assert.Equal(t, 1, sidesLoss(ones(9), 2), "apart: eight sides; side by side only six")
	assert.Equal(t, 1, sidesLoss([]uint8{3, 3, 3, 1}, 2), "a group of two shows two, so a tile that must see three needs both apart")
	assert.Equal(t, 0, sidesLoss([]uint8{3, 3, 3, 3, 3, 3, 3}, 3), "three in a row: eight sides, one each")
	assert.Equal(t, 0, sidesLoss(nil, 0))
}

// TestCounterSidesBoundEveryLayout: at the first positions of random games,
// where most colours have no tile next to an empty cell, the counter's
// tokens for a set of five wheel tiles (its value) are never fewer than
// the most that any layout of those tiles gives (mostTokens) where the
// sides of the new tiles (sidesLoss) lower the count.
func TestCounterSidesBoundEveryLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	sets, fired, exact := 0, 0, 0
	for seed := uint64(1); fired < 24; seed++ {
		d := solo.SeedDeck(seed)
		m := newModel(d)
		s := solo.NewState(d)
		for range 1 + rng.IntN(2) {
			randomTurn(&s, rng)
		}
		wheel, sc, _, sums := counterOf(m, &s)
		for S := range 1 << len(wheel) {
			if bits.OnesCount(uint(S)) != 5 {
				continue
			}
			sets++
			cost := int(sums.cost[S])
			tok := maxTok - (sc.value(S, cost, sums.added[S], infinity)-cost)/10
			loss := 0
			for c := range solo.NumColours {
				loss = max(loss, sidesLoss(sc.uses[c][:sc.nuse[c]], int(sums.added[S]>>(8*c)&0xff)))
			}
			if loss == 0 || rng.IntN(8) != 0 {
				continue
			}
			fired++
			if countAtLeastLaid(t, &s, wheel, S, tok, seed) {
				exact++
			}
		}
	}
	t.Logf("%d sets of five, %d laid where the sides lower the count, %d of them counted exactly", sets, fired, exact)
}

// TestPhase2OpenCountsTheSides: five display tiles that see no blue each
// have an open task that one blue would fulfil, and the wheel holds one
// blue (tile 18, B1, no tasks). However the cells lie, one tile has four
// sides: at most four of the five tiles can touch it, so phase 2 counts
// four tokens, not five.
func TestPhase2OpenCountsTheSides(t *testing.T) {
	base := [solo.NumColours]int{solo.Red: 3, solo.Turquoise: 2, solo.Yellow: 2}
	var open []openTask
	// 12 (R5: BBB, B), 48 (T5: RR, B), 67 (Y6: RR, TT, B), 11 (R4: RT, BY),
	// 62 (Y4: RT, BY): the tasks that ask one blue, all next to one cell.
	for _, o := range [][2]uint8{{12, 1}, {48, 1}, {67, 2}, {11, 1}, {62, 1}} {
		open = append(open, openTask{id: o[0], j: o[1], minK: [solo.NumColours]uint8{solo.Blue: 1}, local: 1 << solo.Blue, near: 1, reach: [solo.NumColours]uint64{solo.Blue: 1}})
	}
	assert.Equal(t, 1+10*(maxTok-4), phase2Open(&base, 0, open, []uint8{18}, allCells(), &allSets))
	assert.Equal(t, 1+10*(maxTok-4), phase2Open(&base, 0, open[:4], []uint8{18}, allCells(), &allSets), "four tiles fit")
}

// countAtLeastLaid asserts that tok, the counter's tokens for the set S of
// the wheel tiles wheel laid on s's display, are at least the most any
// layout of them gives (mostTokens), and reports whether they are equal.
func countAtLeastLaid(t *testing.T, s *solo.State, wheel []uint8, S int, tok int, seed uint64) bool {
	t.Helper()
	var ids []uint8
	for b := uint(S); b != 0; b &= b - 1 {
		ids = append(ids, wheel[bits.TrailingZeros(b)])
	}
	most := min(mostTokens(s, ids), maxTok)
	assert.GreaterOrEqual(t, tok, most, "seed %d, tiles %v on %d tiles", seed, ids, s.DisplaySize())
	return tok == most
}

// TestCounterDisjointLossBoundEveryLayout: at positions of random games
// four to seven turns in, for sets of two to four wheel tiles where the
// losses of two or more colours add up (disjointLoss takes off more than
// the largest), the counter's tokens are never fewer than the most that
// any layout of those tiles gives (mostTokens).
func TestCounterDisjointLossBoundEveryLayout(t *testing.T) {
	sets, fired, exact := layMidGameSets(t, rand.New(rand.NewPCG(61, 62)), 40, 600, 4, func(sc *setCounter, _ int, _ *setSums) bool { return sc.lossAdded > 0 })
	t.Logf("%d sets of two to four tiles, %d laid where the colours' losses added up, %d of them counted exactly", sets, fired, exact)
	assert.GreaterOrEqual(t, fired, 40, "too few sets where the losses add up")
}

// TestCounterCellNeedsBoundEveryLayout: the same for the sets where the
// tasks' needs for cells (cellNeeds: one tile a cell, across colours) take
// off more than the colours' losses.
func TestCounterCellNeedsBoundEveryLayout(t *testing.T) {
	sets, fired, exact := layMidGameSets(t, rand.New(rand.NewPCG(63, 64)), 40, 600, 4, func(sc *setCounter, _ int, _ *setSums) bool { return sc.cellsTook > 0 })
	t.Logf("%d sets of two to four tiles, %d laid where the cells' rule took more off, %d of them counted exactly", sets, fired, exact)
	assert.GreaterOrEqual(t, fired, 40, "too few sets where the cells' rule takes more off")
}

// layMidGameSets walks, at positions of random games four to seven turns
// in (midGame, seeds 1 to below seeds, until want sets are laid), the sets
// of two to most wheel tiles, and lays every set S for which fired, asked
// right after the counter sc counted it (sums: the wheel's set sums),
// reports that the rule under test bites: the counter's tokens must be at
// least the most that any layout of the set's tiles gives
// (countAtLeastLaid). It returns the sets walked, those laid, and how many
// of those the counter counted exactly.
func layMidGameSets(t *testing.T, rng *rand.Rand, want int, seeds uint64, most int, fired func(sc *setCounter, S int, sums *setSums) bool) (sets, laid, exact int) {
	t.Helper()
	for seed := uint64(1); laid < want && seed < seeds; seed++ {
		m, s, ok := midGame(seed, rng)
		if !ok {
			continue
		}
		wheel, sc, _, sums := counterOf(m, &s)
		for S := range 1 << len(wheel) {
			if n := bits.OnesCount(uint(S)); n < 2 || n > most {
				continue
			}
			sets++
			cost := int(sums.cost[S])
			tok := maxTok - (sc.value(S, cost, sums.added[S], infinity)-cost)/10
			if !fired(&sc, S, sums) {
				continue
			}
			laid++
			if countAtLeastLaid(t, &s, wheel, S, tok, seed) {
				exact++
			}
		}
	}
	return sets, laid, exact
}
