package solver

import (
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
}
