package solver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// seed1Phase2 is the start of phase 2 of a good line of seed 1: six tiles,
// nine tokens. Tile 63 (Y5: RRR, R) at (-1,-1) sees one red (tile 3 at
// (0,-1)); the only other red of the display, tile 12 at (-1,1), lies
// behind tiles 34 (B) and 62 (Y), three empty cells away by the left.
func seed1Phase2(t *testing.T) *solo.Game {
	t.Helper()
	g, err := solo.NewGame(solo.SeedDeck(1))
	require.NoError(t, err)
	for _, mv := range []solo.Move{{Tile: 51, X: 0, Y: 0}, {Tile: 3, X: 0, Y: -1}, {Tile: 34, X: -1, Y: 0}, {Tile: 62, X: 0, Y: 1}, {Tile: 63, X: -1, Y: -1}, {Tile: 12, X: -1, Y: 1}} {
		require.NoError(t, g.Play(mv))
	}
	require.NoError(t, g.EndPhase1())
	return g
}

func TestReachGainCountsTheBridge(t *testing.T) {
	g := seed1Phase2(t)
	s := g.State()
	c, ok := s.CellAt(-1, -1)
	require.True(t, ok)
	require.Equal(t, 63, s.TileAt(c))
	w := new(reachScratch)
	var gain [maxGain]int
	require.True(t, reachGain(&s, c, solo.Red, 4, &gain, w), "tile 63 has empty cells next to it")
	// One or two added reds give one or two; the third can close the path
	// to tile 12 and bring it in as well.
	assert.Equal(t, []int{0, 1, 2, 4, 5}, gain[:5])

	// Tile 51 (T7) at (0,0) is closed in on three sides; its one empty
	// side (1,0) still lets blue tiles join.
	c51, _ := s.CellAt(0, 0)
	require.True(t, reachGain(&s, c51, solo.Blue, 2, &gain, w))
	// Tile 34 (B) at (-1,0) is next to 51 already: no blue tile of the
	// display is out of sight, so k tiles give k.
	assert.Equal(t, []int{0, 1, 2}, gain[:3])
}

func TestReachGainClosedIn(t *testing.T) {
	// A tile with no empty cell next to it or to the groups it sees can
	// never see more: a 3x3 block, its centre asking for a colour.
	g, err := solo.NewGame(solo.SeedDeck(2))
	require.NoError(t, err)
	// Play any legal 9 turns filling a 3x3 square around (0,0).
	order := [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	for _, p := range order {
		acc := g.Accessible()
		require.NotEmpty(t, acc)
		require.NoError(t, g.Play(solo.Move{Tile: acc[0], X: p[0], Y: p[1]}))
	}
	s := g.State()
	c, _ := s.CellAt(0, 0)
	centre := tiles[s.TileAt(c)].colour
	w := new(reachScratch)
	var gain [maxGain]int
	checked := 0
	for col := range solo.Colour(solo.NumColours) {
		if col == centre {
			continue // its own group may reach the edge
		}
		seesCol := false
		for _, nb := range s.Neighbours(c) {
			if tiles[s.TileAt(nb)].colour == col {
				seesCol = true
			}
		}
		if !seesCol {
			checked++
			assert.False(t, reachGain(&s, c, col, 3, &gain, w), "colour %v: no way in", col)
		}
	}
	require.Positive(t, checked, "the deck must leave the centre short of a colour")
}

// TestPhase2ExactDropsTheUnreachableTask: at seed1Phase2 the only red on
// the wheel cannot make tile 63 see three reds, so RRR there is no token,
// though the colours alone (three reds) would allow it, and the bound is
// higher than it would be if the task counted.
func TestPhase2ExactDropsTheUnreachableTask(t *testing.T) {
	g := seed1Phase2(t)
	s := g.State()
	m := newModel(g.Deck())
	var wheel, spaces []uint8
	var wheelCol [solo.NumColours]int
	for sp := range spaceCount {
		if id := s.TrackTile(sp); id != 0 {
			wheel = append(wheel, uint8(id))
			spaces = append(spaces, uint8(sp))
			wheelCol[tiles[id].colour]++
		}
	}
	require.Equal(t, 1, wheelCol[solo.Red])
	var base [solo.NumColours]int
	var open [3 * solo.MaxTurns]openTask
	var gain [solo.NumColours][maxGain]int
	no, rrr := 0, -1
	for i := range s.DisplaySize() {
		id, c, op := s.Placed(i)
		base[tiles[id].colour]++
		if op = reachable(&s, id, c, op&m.coverable[id]); op != 0 {
			k := tileNeeds(&s, i, op, &wheelCol, &gain, new(reachScratch), open[no:])
			for q := no; q < no+k; q++ {
				if open[q].id == 63 && open[q].j == 0 {
					rrr = q
				}
			}
			no += k
		}
	}
	require.GreaterOrEqual(t, rrr, 0, "RRR of tile 63 is open")
	assert.Equal(t, uint8(noWay), open[rrr].minK[solo.Red], "no number of wheel reds lets 63 see three")

	var alone [spaceCount][16]uint8
	sightsAlone(&s, wheel, &alone)
	ok := m.takeableSets(spaces, s.Meeple())
	with := phase2Open(&base, s.Tokens(), open[:no], wheel, &alone, ok)
	assert.Equal(t, m.phase2Exact(&s), with, "phase2Exact sums the same tasks")
	open[rrr].minK[solo.Red] = 1 // the colour-only rule: one new red may do
	without := phase2Open(&base, s.Tokens(), open[:no], wheel, &alone, ok)
	assert.Greater(t, with, without, "the bridge rule must raise the bound here")
}

// TestSightsAlone: at seed1Phase2 the display holds two yellows (62, 63).
// Tile 38 (T3: RBTY, YYY) placed with no other new yellow tile can see
// at most those two, so YYY drops; RBTY needs one yellow neighbour, which
// a cell next to a yellow tile gives.
func TestSightsAlone(t *testing.T) {
	g := seed1Phase2(t)
	s := g.State()
	var alone [spaceCount][16]uint8
	sightsAlone(&s, []uint8{38, 59}, &alone)
	assert.Equal(t, uint8(0b11), alone[0][0], "no colour absent: every task may count")
	assert.Equal(t, uint8(0b01), alone[0][1<<solo.Yellow], "no new yellow: YYY cannot, RBTY may")
	// Tile 59 (Y4: TTTT, TT): the display has one turquoise (51), so
	// without new turquoise tiles neither task can be fulfilled.
	assert.Equal(t, uint8(0b00), alone[1][1<<solo.Turquoise])
	assert.Equal(t, uint8(0b11), alone[1][1<<solo.Red|1<<solo.Blue], "other colours do not matter")
}
