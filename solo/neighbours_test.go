package solo

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNeighboursAndTileAt lays two tiles side by side and asks for the
// cells next to each and the tiles on them.
func TestNeighboursAndTileAt(t *testing.T) {
	s := NewState(SeedDeck(1))
	var acc [3]uint8
	s.Accessible(&acc)
	first := s.TrackTile(int(acc[0]))
	c0, ok := s.CellAt(0, 0)
	require.True(t, ok)
	s.Apply(acc[0], c0)
	s.Accessible(&acc)
	second := s.TrackTile(int(acc[0]))
	c1, ok := s.CellAt(1, 0)
	require.True(t, ok)
	s.Apply(acc[0], c1)

	assert.Equal(t, first, s.TileAt(c0))
	assert.Equal(t, second, s.TileAt(c1))
	n := s.Neighbours(c0)
	var xy [4][2]int
	for i, c := range n {
		x, y := s.XY(c)
		xy[i] = [2]int{x, y}
	}
	assert.Equal(t, [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}, xy, "left, right, above, below")
	assert.Equal(t, second, s.TileAt(n[1]), "the tile right of the first")
	for _, c := range []Cell{n[0], n[2], n[3]} {
		assert.Zero(t, s.TileAt(c), "an empty neighbour cell")
	}
}

// TestInner: cells next to the display have all their neighbours on the
// grid; the grid's border cells do not, and every cell is below GridCells.
func TestInner(t *testing.T) {
	s := NewState(SeedDeck(1))
	c, ok := s.CellAt(0, 0)
	require.True(t, ok)
	assert.True(t, s.Inner(c), "the centre")
	for _, nb := range s.Neighbours(c) {
		assert.True(t, s.Inner(nb), "next to the centre")
	}
	assert.False(t, s.Inner(0), "a corner")
	assert.False(t, s.Inner(Cell(gridW*5)), "the left border")
	assert.False(t, s.Inner(Cell(GridCells-1)), "the last cell")
	assert.True(t, s.Inner(Cell(gridW+1)), "one step in from a corner")
}
