package cmd

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// comparedAt is what compare --json says of a line, with every coordinate
// taken relative to the first tile of its line, so that comparisons of
// the same line at different places can be told equal.
type comparedAt struct {
	rest        map[string]json.RawMessage
	user, best  solo.Line
	turns       []compareTurnJSON
	userResults json.RawMessage
	bestResults json.RawMessage
}

func parseCompared(t *testing.T, out string) comparedAt {
	t.Helper()
	var c comparedAt
	require.NoError(t, json.Unmarshal([]byte(out), &c.rest), "compare --json printed %q", out)
	var sides struct {
		User struct {
			Result json.RawMessage `json:"result"`
			Line   solo.Line       `json:"line"`
		} `json:"user"`
		Best struct {
			Result json.RawMessage `json:"result"`
			Line   solo.Line       `json:"line"`
		} `json:"best"`
		Turns []compareTurnJSON `json:"turns"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sides))
	for _, k := range []string{"user", "best", "turns", "seconds"} {
		delete(c.rest, k)
	}
	rel := func(l solo.Line) solo.Line {
		if len(l.Moves) == 0 {
			return l
		}
		x0, y0 := l.Moves[0].X, l.Moves[0].Y
		return shiftLine(l, -x0, -y0)
	}
	c.user, c.best = rel(sides.User.Line), rel(sides.Best.Line)
	c.userResults, c.bestResults = sides.User.Result, sides.Best.Result
	x0, y0 := sides.User.Line.Moves[0].X, sides.User.Line.Moves[0].Y
	for _, tu := range sides.Turns {
		tu.X, tu.Y = tu.X-x0, tu.Y-y0
		if b := tu.Better; b != nil {
			rb := *b
			rb.X, rb.Y = b.X-x0, b.Y-y0
			tu.Better = &rb
		}
		c.turns = append(c.turns, tu)
	}
	return c
}

// shiftLine returns l with every move moved by (dx, dy).
func shiftLine(l solo.Line, dx, dy int) solo.Line {
	out := l
	out.Moves = make([]solo.Move, len(l.Moves))
	for i, m := range l.Moves {
		out.Moves[i] = solo.Move{Tile: m.Tile, X: m.X + dx, Y: m.Y + dy}
	}
	return out
}

// TestCompareIgnoresWhereTheLineLies compares the same line at several
// places with a node budget: the comparisons must be the same, turn by
// turn, up to the shift. The solver's table key once depended on the
// coordinates beyond ±2^30, so moved lines read other positions' entries.
func TestCompareIgnoresWhereTheLineLies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 3 comparisons")
	}
	l := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(7, 12))
	run := func(l solo.Line) comparedAt {
		out, errOut, code := runNovaluna(t, "compare", "--nodes", "40000", "--json", tempLineFile(t, l))
		require.Equal(t, 0, code, "compare: %s", errOut)
		return parseCompared(t, out)
	}
	want := run(l)
	for _, d := range []int{1 << 31, 1 << 62} {
		got := run(shiftLine(l, d, -d))
		assert.Equal(t, want, got, fmt.Sprintf("compare --nodes of the line moved by (%d, %d)", d, -d))
	}
}
