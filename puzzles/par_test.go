package puzzles

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parGoldenDates are the dates whose pars are pinned: the launch and its
// next day, Christmas Eve, New Year's Day, midsummer and the table's last
// date.
var parGoldenDates = []string{"2026-11-22", "2026-11-23", "2026-12-24", "2027-01-01", "2027-06-21", "2027-12-31"}

// TestParGolden pins six dates' pars. A par may change only on purpose and
// only downward (a better line, a proof): a failure here that shows a lower
// par is a solver improvement to record with -update; a higher par is a bug.
func TestParGolden(t *testing.T) {
	path := filepath.Join("testdata", "par", "golden.json")
	got := map[string]int{}
	for _, ds := range parGoldenDates {
		date, err := ParseDate(ds)
		require.NoError(t, err)
		par, err := Par(context.Background(), date, nil)
		require.NoError(t, err, "Par(%s)", ds)
		sc, err := solo.Replay(par.Line)
		require.NoError(t, err, "Par(%s).Line replays", ds)
		assert.Equal(t, par.Par, sc.Total(), "Par(%s): the par line's score", ds)
		assert.True(t, IsDaily(par.Line.Deck, date), "Par(%s): the par line is the date's deck", ds)
		got[ds] = par.Par
	}
	if *update {
		data, err := json.MarshalIndent(got, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, append(data, '\n'), 0o644))
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create it")
	var want map[string]int
	require.NoError(t, json.Unmarshal(data, &want), path)
	for _, ds := range parGoldenDates {
		assert.LessOrEqual(t, got[ds], want[ds], "Par(%s) went up: a par may only ever go down", ds)
		assert.Equal(t, want[ds], got[ds], "Par(%s) changed; if lower on purpose, run with -update", ds)
	}
}

// TestParTable replays every line of the shipped table: each is a legal,
// complete game of its date's deck and scores its par. The table runs
// without a gap from the launch.
func TestParTable(t *testing.T) {
	table, err := ParTable()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(table), 365, "the table covers at least a year")
	for i := range len(table) {
		date := Launch.AddDate(0, 0, i)
		ds := date.Format(DateLayout)
		e, ok := table[ds]
		if !assert.True(t, ok, "the table has no par for %s", ds) {
			continue
		}
		sc, err := solo.Replay(e.Line)
		if assert.NoError(t, err, "the par line of %s", ds) {
			assert.Equal(t, e.Par, sc.Total(), "the par line of %s scores its par", ds)
		}
		assert.True(t, IsDaily(e.Line.Deck, date), "the par line of %s is of its deck", ds)
	}
}

// TestParTakesTheLower checks the rule that keeps a par from going up: the
// table's par wins over a worse search, a better search wins over the table.
func TestParTakesTheLower(t *testing.T) {
	table, err := ParTable()
	require.NoError(t, err)
	e, ok := table["2026-11-22"]
	require.True(t, ok)
	worse := ParResult{Par: e.Par + 5, Line: e.Line}
	got, err := Par(context.Background(), Launch, &worse)
	require.NoError(t, err)
	assert.Equal(t, ParResult{Par: e.Par, Line: e.Line, FromTable: true}, got, "a search worse than the table")

	better := ParResult{Par: e.Par - 1, Line: e.Line, Proven: true}
	got, err = Par(context.Background(), Launch, &better)
	require.NoError(t, err)
	assert.Equal(t, better, got, "a search better than the table")

	outside := Launch.AddDate(-1, 0, 0) // no table row
	got, err = Par(context.Background(), outside, &worse)
	require.NoError(t, err)
	assert.Equal(t, worse, got, "a date the table lacks")
}

func TestParTableRoundTrip(t *testing.T) {
	table, err := ParTable()
	require.NoError(t, err)
	var entries []ParEntry
	for _, ds := range []string{"2026-11-23", "2026-11-22"} {
		entries = append(entries, table[ds])
	}
	var b bytes.Buffer
	require.NoError(t, WriteParTable(&b, "a header\nof two lines", entries))
	assert.Regexp(t, `^# a header\n# of two lines\n2026-11-22 \d+ \d+ \d+@`, b.String())
	back, err := ReadParTable(&b)
	require.NoError(t, err)
	assert.Equal(t, []ParEntry{entries[1], entries[0]}, back, "read back in date order")
}

func TestReadParTableErrors(t *testing.T) {
	tests := []struct{ row, want string }{
		{"2026-11-22 86 6", "want a date, a par"},
		{"2026-13-01 86 6 1@0,0", `date "2026-13-01": want a real calendar date`},
		{"2026-11-22 x 6 1@0,0", `par "x" is not a number`},
		{"2026-11-22 86 y 1@0,0", `phase 1's turns "y"`},
		{"2026-11-22 86 6 1:0,0", `move "1:0,0": want tile@x,y`},
	}
	for _, tt := range tests {
		_, err := ReadParTable(bytes.NewBufferString("# header\n\n" + tt.row + "\n"))
		assert.ErrorContains(t, err, "par table line 3: "+tt.want, "ReadParTable(%q)", tt.row)
	}
}

// TestParCached: a second Par of a date gives the same result without
// searching again.
func TestParCached(t *testing.T) {
	date := Launch.AddDate(0, 0, 41) // no other test asks for its par
	_, cached := ratedCache.get(date)
	require.False(t, cached, "no test searched %s before", date.Format(DateLayout))
	first, err := Par(context.Background(), date, nil)
	require.NoError(t, err)
	_, cached = ratedCache.get(date)
	assert.True(t, cached, "the search's result is kept")
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // a search now would stop at once, with a worse line
	again, err := Par(ctx, date, nil)
	require.NoError(t, err)
	assert.Equal(t, first, again, "the cached result needs no search")
}
