package solver

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResume runs a short search, writes its result as solve --json does,
// reads it back and goes on: the second search starts from the first one's
// line and bound, so it can only keep or improve both.
func TestResume(t *testing.T) {
	d := solo.SeedDeck(3)
	first, err := Solve(context.Background(), d, Options{Workers: 1, MaxNodes: 200_000, TableBits: 16})
	require.NoError(t, err)
	data, err := json.Marshal(first)
	require.NoError(t, err)
	from, err := ParseResult(data)
	require.NoError(t, err)
	assert.Equal(t, first.LowerBound, from.LowerBound)

	second, err := Solve(context.Background(), d, Options{Workers: 1, MaxNodes: 10_000, TableBits: 16, From: &from})
	require.NoError(t, err)
	assert.LessOrEqual(t, second.Score.Total(), first.Score.Total(), "the resumed line")
	assert.GreaterOrEqual(t, second.LowerBound, first.LowerBound, "the resumed bound")
	sc, err := solo.Replay(second.Line)
	require.NoError(t, err)
	assert.Equal(t, second.Score, sc)

	// A result already proven optimal ends the search at once.
	proven := Resume{Line: first.Line, LowerBound: first.Score.Total()}
	r, err := Solve(context.Background(), d, Options{Workers: 1, From: &proven, TableBits: 16})
	require.NoError(t, err)
	assert.True(t, r.Optimal)
	assert.Equal(t, first.Score.Total(), r.Score.Total())

	// Another deck's result is refused.
	_, err = Solve(context.Background(), solo.SeedDeck(4), Options{Workers: 1, MaxNodes: 1000, From: &from})
	assert.ErrorContains(t, err, "another deck")
}

func TestParseResultRefuses(t *testing.T) {
	r, err := Solve(context.Background(), solo.SeedDeck(5), Options{Workers: 1, MaxNodes: 20_000, TableBits: 16})
	require.NoError(t, err)
	good, err := json.Marshal(r)
	require.NoError(t, err)
	edit := func(key string, v any) []byte {
		var m map[string]any
		require.NoError(t, json.Unmarshal(good, &m))
		if v == nil {
			delete(m, key)
		} else {
			m[key] = v
		}
		out, err := json.Marshal(m)
		require.NoError(t, err)
		return out
	}
	for name, tc := range map[string]struct {
		doc  []byte
		want string
	}{
		"no score":        {edit("score", nil), `"score"`},
		"no line":         {edit("line", nil), `"line"`},
		"no bound":        {edit("lower_bound", nil), `"lower_bound"`},
		"wrong score":     {edit("score", r.Score.Total()-1), "replays to"},
		"bound too high":  {edit("lower_bound", r.Score.Total()+1), "above the line's score"},
		"not json":        {[]byte("{"), "not a solver result"},
		"line not a game": {edit("line", map[string]any{"deck": []int{1}, "moves": []any{}, "phase1_turns": 1}), "does not replay"},
	} {
		_, err := ParseResult(tc.doc)
		assert.ErrorContains(t, err, tc.want, name)
	}
}
