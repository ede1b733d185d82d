package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/novaluna/novaluna/solo"
)

func TestCellNeedsLoss(t *testing.T) {
	const x, y, z = 1, 2, 4 // three cells
	type need struct {
		k, c  int
		cells uint64
	}
	cases := []struct {
		name   string
		needs  []need
		added  [solo.NumColours]uint8
		over   int
		pinned uint64 // a red's cell
		want   int
	}{
		{"a red and a blue want the one cell", []need{{0, 0, x}, {1, 1, x}}, [4]uint8{1, 1, 0, 0}, 0, 0, 1},
		{"the blue has another cell", []need{{0, 0, x}, {1, 1, x | y}}, [4]uint8{1, 1, 0, 0}, 0, 0, 0},
		{"one task wants two colours on its one cell", []need{{0, 0, x}, {0, 1, x}}, [4]uint8{1, 1, 0, 0}, 0, 0, 1},
		{"three reds on three cells, two reds", []need{{0, 0, x}, {1, 0, y}, {2, 0, z}}, [4]uint8{2, 0, 0, 0}, 0, 0, 1},
		{"three reds on one cell, one red", []need{{0, 0, x}, {1, 0, x}, {2, 0, x}}, [4]uint8{1, 0, 0, 0}, 0, 0, 0},
		{"a task wants two reds apart, the set has one", []need{{0, 0, x}, {0, 0, y}}, [4]uint8{1, 0, 0, 0}, 0, 0, 1},
		{"a need inside another of its colour is the one kept", []need{{0, 0, x | y}, {0, 0, x}, {1, 1, x}}, [4]uint8{1, 1, 0, 0}, 0, 0, 1},
		{"a need around another of its colour is left out", []need{{0, 0, x}, {0, 0, x | y}, {1, 1, y}}, [4]uint8{1, 1, 0, 0}, 0, 0, 0},
		{"first fit takes the wrong cell, the search the right one", []need{{0, 0, x | y}, {1, 1, x}}, [4]uint8{1, 1, 0, 0}, 0, 0, 0},
		{"four tasks, two colours, two cells", []need{{0, 0, x}, {1, 1, x}, {2, 0, y}, {3, 1, y}}, [4]uint8{2, 2, 0, 0}, 0, 0, 2},
		{"no more than the loss already taken off", []need{{0, 0, x}, {1, 1, x}}, [4]uint8{1, 1, 0, 0}, 1, 0, 0},
		{"no cells: no rule", []need{{0, 0, 0}, {1, 0, 0}}, [4]uint8{1, 0, 0, 0}, 0, 0, 0},
		{"a red pinned on the blue's cell", []need{{0, 1, x}, {1, 0, x}}, [4]uint8{1, 1, 0, 0}, 0, x, 1},
		{"a red pinned on the red's cell", []need{{0, 0, x}, {1, 1, y}}, [4]uint8{1, 1, 0, 0}, 0, x, 0},
		{"the one red pinned away", []need{{0, 0, y}}, [4]uint8{1, 0, 0, 0}, 0, x, 1},
	}
	for _, tc := range cases {
		var cn cellNeeds
		cn.reset()
		if tc.pinned != 0 {
			cn.pin(0, tc.pinned)
		}
		for _, n := range tc.needs {
			cn.add(n.k, n.c, n.cells)
		}
		assert.Equal(t, tc.want, freshCounter().cellsLoss(&cn, &tc.added, tc.over), tc.name)
	}
}

// freshCounter is a setCounter with empty cell sights, for cellsLoss.
func freshCounter() *setCounter {
	cs := new(cellSights)
	cs.needMemo.next()
	return &setCounter{cs: cs}
}

// TestCellsLossWhateverCameBefore: a count whose first fit sufficed under
// a larger loss leaves nothing in the memo that a later count, asking with
// a smaller one, would take for the search's answer; and the memo gives
// back what the search gave.
func TestCellsLossWhateverCameBefore(t *testing.T) {
	sc := freshCounter()
	added := [solo.NumColours]uint8{1, 1, 0, 0}
	needs := func() *cellNeeds {
		cn := new(cellNeeds)
		cn.reset()
		cn.add(0, 0, 1) // a red and a blue want the one cell
		cn.add(1, 1, 1)
		return cn
	}
	assert.Equal(t, 0, sc.cellsLoss(needs(), &added, 1), "first fit serves all but the loss taken off")
	assert.Equal(t, 1, sc.cellsLoss(needs(), &added, 0), "searched")
	assert.Equal(t, 1, sc.cellsLoss(needs(), &added, 0), "from the memo")
	assert.Equal(t, 0, sc.cellsLoss(needs(), &added, 1), "the memo's loss is no more than the one taken off")
}

// TestCellNeedsMemoKey: the memo's key tells needs apart, and colour
// counts beyond the needs of a colour do not change it.
func TestCellNeedsMemoKey(t *testing.T) {
	key := func(added [solo.NumColours]uint8, needs ...[3]int) uint64 {
		var cn cellNeeds
		cn.reset()
		for _, n := range needs {
			cn.add(n[0], n[1], uint64(n[2]))
		}
		return cn.key(&added)
	}
	a := key([4]uint8{1, 1, 0, 0}, [3]int{0, 0, 1}, [3]int{1, 1, 1})
	assert.Equal(t, a, key([4]uint8{1, 1, 3, 0}, [3]int{0, 0, 1}, [3]int{1, 1, 1}), "yellows the needs do not name")
	assert.Equal(t, a, key([4]uint8{5, 1, 0, 0}, [3]int{0, 0, 1}, [3]int{1, 1, 1}), "more reds than red needs")
	assert.NotEqual(t, a, key([4]uint8{0, 1, 0, 0}, [3]int{0, 0, 1}, [3]int{1, 1, 1}), "no red")
	assert.NotEqual(t, a, key([4]uint8{1, 1, 0, 0}, [3]int{0, 0, 1}, [3]int{1, 1, 2}), "another cell")
	assert.NotEqual(t, a, key([4]uint8{1, 1, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 1}), "one task, not two")
	pinned := func(reds uint8) uint64 {
		var cn cellNeeds
		cn.reset()
		cn.pin(0, 4)
		cn.add(0, 0, 1)
		return cn.key(&[solo.NumColours]uint8{reds, 0, 0, 0})
	}
	assert.NotEqual(t, pinned(1), pinned(2), "a pinned red is one of the reds: one red need, one red or two")
	assert.Equal(t, pinned(2), pinned(3), "reds beyond the needs and the pinned one")
}

// TestCellsLossMemoMatchesBruteForce: on small random needs, asked in turn
// with random colour counts and losses already taken off, one counter
// (whose memo holds what came before) answers as a brute force over every
// filling of the cells does, wherever that takes off more than over: the
// most tasks served, where a tile of colour c on a cell serves every need
// of colour c that lists it, the set holds at most added[c] tiles of
// colour c and a pinned red lies on its cell.
func TestCellsLossMemoMatchesBruteForce(t *testing.T) {
	const cells = 5
	rng := rand.New(rand.NewPCG(71, 72))
	sc := freshCounter()
	type need struct {
		k, c  int
		cells uint64
	}
	asked, searched := 0, 0
	for range 600 {
		var needs []need
		nt := 2 + rng.IntN(8)
		for k := range nt {
			for range 1 + rng.IntN(2) {
				needs = append(needs, need{k, rng.IntN(solo.NumColours), 1 + rng.Uint64N(1<<cells-1)})
			}
		}
		var pinned uint64
		if rng.IntN(2) == 0 {
			pinned = 1 << rng.IntN(cells)
		}
		build := func() *cellNeeds {
			cn := new(cellNeeds)
			cn.reset()
			if pinned != 0 {
				cn.pin(0, pinned)
			}
			for _, n := range needs {
				cn.add(n.k, n.c, n.cells)
			}
			return cn
		}
		var added [solo.NumColours]uint8
		for q := range 8 {
			// Two colour counts, each asked with every loss taken off
			// (0 to 3) in a random order.
			if q%4 == 0 {
				for c := range added {
					added[c] = uint8(rng.IntN(3))
				}
				if pinned != 0 {
					added[0] = max(added[0], 1)
				}
			}
			over := (q + rng.IntN(4)) % 4
			// The brute force: every colour (or none) on every cell.
			best := 0
			for f := range 3125 { // 5^cells
				var on [cells]int // colour+1 on each cell, 0: empty
				var cnt [solo.NumColours]uint8
				for q, g := 0, f; q < cells; q, g = q+1, g/5 {
					on[q] = g % 5
					if on[q] > 0 {
						cnt[on[q]-1]++
					}
				}
				ok := true
				for q := range cells {
					if pinned == 1<<q && on[q] != 1 {
						ok = false
					}
				}
				for c := range cnt {
					ok = ok && cnt[c] <= added[c]
				}
				if !ok {
					continue
				}
				served := 0
				for k := range nt {
					all := true
					for _, n := range needs {
						if n.k != k {
							continue
						}
						met := false
						for q := range cells {
							met = met || n.cells&(1<<q) != 0 && on[q] == n.c+1
						}
						all = all && met
					}
					if all {
						served++
					}
				}
				best = max(best, served)
			}
			want := 0
			if nt-best > over {
				want = nt - best
			}
			got := sc.cellsLoss(build(), &added, over)
			if got <= over {
				got = 0 // takes nothing off beyond over either way
			}
			asked++
			if got != 0 {
				searched++
			}
			if !assert.Equal(t, want, got, "needs %v, pinned %b, added %v, over %d", needs, pinned, added, over) {
				return
			}
		}
	}
	assert.Greater(t, searched, 100, "counts that take something off (of %d)", asked)
}
