package solver

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

func TestCover(t *testing.T) {
	assert.Equal(t, 0, coverOne(nil))
	assert.Equal(t, 3, coverOne([]uint64{0b011, 0b110, 0b010}), "cell 1 is in all three")
	assert.Equal(t, 2, coverOne([]uint64{0b001, 0b110, 0b100}))
	assert.Equal(t, 1, coverOne([]uint64{0b001, 0b010, 0b100}), "no cell is in two")
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		sets := make([]uint64, 1+rng.IntN(8))
		for i := range sets {
			sets[i] = rng.Uint64()&rng.Uint64()&rng.Uint64()&0xffff | 1<<rng.IntN(16)
		}
		assert.Equal(t, maxCover(sets, 1), coverOne(sets), "%b", sets)
		assert.Equal(t, maxCover(sets, 2), coverTwo(sets), "%b", sets)
	}
	assert.Equal(t, 2, coverTwo([]uint64{0b001, 0b010, 0b100}), "three sets apart: two cells are in two")
	assert.Equal(t, 3, coverTwo([]uint64{0b001, 0b011, 0b100}))
}

// TestPhase2OpenOneTileServesItsCells: two display tiles each have an open
// task that one more blue fulfils, and the wheel holds one blue (tile 18,
// B1, no tasks). Where the cells on which a blue would serve them
// (openTask.reach) are apart, the one blue serves one task: one token.
// Where they share a cell, it can serve both.
func TestPhase2OpenOneTileServesItsCells(t *testing.T) {
	base := [solo.NumColours]int{solo.Red: 3, solo.Turquoise: 2, solo.Yellow: 2, solo.Blue: 1}
	task := func(id, j uint8, reach uint64) openTask {
		return openTask{id: id, j: j, minK: [solo.NumColours]uint8{solo.Blue: 1}, reach: [solo.NumColours]uint64{solo.Blue: reach}}
	}
	// 12 (R5: BBB, B) and 48 (T5: RR, B): the tasks that ask one blue.
	apart := []openTask{task(12, 1, 0b01), task(48, 1, 0b10)}
	shared := []openTask{task(12, 1, 0b01), task(48, 1, 0b11)}
	assert.Equal(t, 1+10*(maxTok-1), phase2Open(&base, 0, apart, []uint8{18}, allCells(), &allSets))
	assert.Equal(t, 1+10*(maxTok-2), phase2Open(&base, 0, shared, []uint8{18}, allCells(), &allSets))
}

// TestCounterOneTileBoundEveryLayout: at positions of random games four to
// seven turns in, for sets of two or three wheel tiles where some colour
// has one or two tiles in the set and the display's tasks that they must
// serve (openTask.reach) cannot all be served from that many cells, the
// counter's
// tokens are never fewer than the most that any layout of those tiles
// gives (mostTokens).
func TestCounterOneTileBoundEveryLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	_, fired, exact := layMidGameSets(t, rng, 60, 400, 3, func(sc *setCounter, S int, sums *setSums) bool {
		bites := false
		for c := range solo.NumColours {
			k := int(sums.added[S] >> (8 * c) & 0xff)
			if k == 0 || k > 2 {
				continue
			}
			var reach []uint64
			for _, o := range sc.open {
				if o.minK[c] >= 1 && int(o.minK[c]) <= k {
					reach = append(reach, o.reach[c])
				}
			}
			if len(reach) > k && maxCover(reach, k) < len(reach) {
				bites = true
			}
		}
		return bites && rng.IntN(4) == 0
	})
	assert.GreaterOrEqual(t, fired, 60, "too few sets where one tile's cells matter")
	t.Logf("%d sets laid where one tile of a colour cannot serve every task, %d of them counted exactly", fired, exact)
}

// TestCounterPinnedBoundEveryLayout: at positions of random games four to
// seven turns in, for sets of two or three wheel tiles with one of them
// pinned to an empty cell next to the display (setCounter.pinTo and
// pinNearOf, as pinCells asks), the counter's tokens are never fewer than
// the most that any layout of the set with that tile on that cell gives
// (mostTokens).
func TestCounterPinnedBoundEveryLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	laid, fewer, nearer, exact := 0, 0, 0, 0
	for seed := uint64(1); laid < 400 && seed < 400; seed++ {
		m, s, ok := midGame(seed, rng)
		if !ok {
			continue
		}
		wheel, sc, scratch, sums := counterOf(m, &s)
		for S := range 1 << len(wheel) {
			if n := bits.OnesCount(uint(S)); n < 2 || n > 3 || rng.IntN(6) != 0 {
				continue
			}
			cost := int(sums.cost[S])
			free := maxTok - (sc.value(S, cost, sums.added[S], infinity)-cost)/10
			i := bits.TrailingZeros(uint(S))
			f := rng.IntN(s.NumFrontier())
			x := s.FrontierCell(f)
			require.True(t, sc.pinTo(i, x, scratch), "seed %d: frontier cell %d has no kind", seed, f)
			sight := maxTok - (sc.value(S, cost, sums.added[S], infinity)-cost)/10
			sc.pinNearOf(&s, x, scratch)
			tok := maxTok - (sc.value(S, cost, sums.added[S], infinity)-cost)/10
			sc.pin = 0
			require.LessOrEqual(t, sight, free, "seed %d: pinning a tile raised the count", seed)
			require.LessOrEqual(t, tok, sight, "seed %d: what the cell can come to see raised the count", seed)
			var rest []uint8
			for b := uint(S) &^ (1 << i); b != 0; b &= b - 1 {
				rest = append(rest, wheel[bits.TrailingZeros(b)])
			}
			p := s
			p.Lay(wheel[i], x)
			most := min(mostTokens(&p, rest), maxTok)
			require.GreaterOrEqual(t, tok, most, "seed %d: tile %d on cell %d, then %v", seed, wheel[i], f, rest)
			laid++
			if sight < free {
				fewer++
			}
			if tok < sight {
				nearer++
			}
			if tok == most {
				exact++
			}
		}
	}
	require.GreaterOrEqual(t, laid, 400, "sets laid")
	assert.Positive(t, fewer, "sets the pinned tile's cell counts lower")
	assert.Positive(t, nearer, "sets what the pinned tile's cell can come to see counts lower")
	t.Logf("%d sets with a tile pinned, %d counted lower than unpinned, %d lower still by what the cell can come to see, %d exactly", laid, fewer, nearer, exact)
}
