package solver

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keyShifts are the offsets a line may be moved by: far beyond the old
// ±2^30 start of the bounding box, and near the ends of the int range.
var keyShifts = []int{0, 1 << 31, -(1 << 31), 1 << 62, -(1 << 62), math.MaxInt - 30, math.MinInt + 30}

// shifted returns l with every move moved by (dx, dy).
func shifted(l solo.Line, dx, dy int) solo.Line {
	out := l
	out.Moves = make([]solo.Move, len(l.Moves))
	for i, m := range l.Moves {
		out.Moves[i] = solo.Move{Tile: m.Tile, X: m.X + dx, Y: m.Y + dy}
	}
	return out
}

// prefixGame replays the first n turns of l, or fails the test.
func prefixGame(t *testing.T, l solo.Line, n int) *solo.Game {
	t.Helper()
	g, err := solo.PlayPrefix(l, n)
	require.NoError(t, err, "PlayPrefix(%d turns)", n)
	return g
}

// TestKeyIgnoresWhereTheDisplayLies checks that the key of every position
// of random lines is the same wherever the line puts its display.
func TestKeyIgnoresWhereTheDisplayLies(t *testing.T) {
	src := rand.NewPCG(12, 12)
	for seed := uint64(1); seed <= 30; seed++ {
		l := solo.RandomLine(solo.SeedDeck(seed), src)
		for n := 1; n <= len(l.Moves); n++ {
			st := prefixGame(t, l, n).State()
			want := key(&st)
			for _, d := range keyShifts {
				for _, dy := range []int{0, d} {
					// Near the ends of the int range a tile's cell may
					// not be on the int line: skip the shifts that
					// overflow.
					sl := shifted(l, d, dy)
					g, err := solo.PlayPrefix(sl, n)
					if err != nil {
						continue
					}
					st := g.State()
					assert.Equal(t, want, key(&st), "key(seed %d after %d turns, moved by (%d, %d))", seed, n, d, dy)
				}
			}
		}
	}
}

// TestSolveFromIgnoresWhereTheDisplayLies solves the same positions with
// one worker and a node budget at several offsets, out to the extreme
// coordinates a first tile may take: the results must be the same up to
// the shift, node for node, and every line must replay.
func TestSolveFromIgnoresWhereTheDisplayLies(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 14 positions")
	}
	l := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(7, 7))
	first := l.Moves[0]
	shifts := [][2]int{{1 << 31, -(1 << 31)}, {1 << 62, -(1 << 62)}, {-(1 << 62), 1 << 62},
		{solo.MaxCoord - first.X, solo.MinCoord - first.Y}, {solo.MinCoord - first.X, solo.MaxCoord - first.Y}}
	for _, n := range []int{2, 17} {
		opts := Options{Workers: 1, MaxNodes: 150_000, TableBits: 14}
		base, err := SolveFrom(context.Background(), prefixGame(t, l, n), opts)
		require.NoError(t, err)
		for _, d := range shifts {
			r, err := SolveFrom(context.Background(), prefixGame(t, shifted(l, d[0], d[1]), n), opts)
			require.NoError(t, err, "after %d turns moved by %v", n, d)
			assert.Equal(t, base.Score, r.Score, "score after %d turns moved by %v", n, d)
			assert.Equal(t, base.LowerBound, r.LowerBound, "bound after %d turns moved by %v", n, d)
			assert.Equal(t, base.Nodes, r.Nodes, "nodes after %d turns moved by %v", n, d)
			assert.Equal(t, shifted(base.Line, d[0], d[1]).Moves, r.Line.Moves, "line after %d turns moved by %v", n, d)
		}
	}
}
