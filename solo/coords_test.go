package solo

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLineAtTheEndsOfTheIntRange replays the perft line moved so that its
// first tile lies on the extreme coordinates allowed: it scores the same,
// and every cell it offers lies next to the display, none wrapped around.
func TestLineAtTheEndsOfTheIntRange(t *testing.T) {
	base := perftLine()
	want, err := Replay(base)
	require.NoError(t, err)
	first := base.Moves[0]
	for _, to := range []Point{{MaxCoord, MaxCoord}, {MinCoord, MinCoord}, {MaxCoord, MinCoord}, {1 << 62, -(1 << 62)}} {
		l := base
		l.Moves = make([]Move, len(base.Moves))
		for i, m := range base.Moves {
			l.Moves[i] = Move{Tile: m.Tile, X: m.X - first.X + to.X, Y: m.Y - first.Y + to.Y}
		}
		got, err := Replay(l)
		require.NoError(t, err, "Replay(perft line moved to %v)", to)
		assert.Equal(t, want, got, "Replay(perft line moved to %v)", to)

		g, err := NewGame(l.Deck)
		require.NoError(t, err)
		for i, m := range l.Moves {
			require.NoError(t, g.Play(m), "turn %d of the line moved to %v", i+1, to)
			if i+1 == l.Phase1Turns && g.Phase() == Phase1 {
				require.NoError(t, g.EndPhase1())
			}
			if g.Over() {
				break
			}
			for _, p := range g.LegalCells() {
				near := false
				for _, pt := range g.Display() {
					dx, dy := p.X-pt.X, p.Y-pt.Y
					near = near || (dx == 0 && (dy == 1 || dy == -1)) || (dy == 0 && (dx == 1 || dx == -1))
				}
				assert.True(t, near, "after turn %d at %v: legal cell %v is next to no tile", i+1, to, p)
				assert.True(t, p.X > math.MinInt && p.X < math.MaxInt, "after turn %d at %v: legal cell %v", i+1, to, p)
			}
		}
	}
}
