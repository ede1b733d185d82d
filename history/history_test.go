package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// entry makes a legal entry: a random line of a seeded deck, finished at
// fin, for the daily of date ("" for none).
func entry(t *testing.T, seed uint64, date string, fin string, par int) Entry {
	t.Helper()
	line := solo.RandomLine(solo.SeedDeck(seed), rand.NewPCG(seed, 1))
	sc, err := solo.Replay(line)
	require.NoError(t, err)
	e := Entry{Score: sc.Total(), Line: line, Par: par, Assists: solo.Assists{Hints: 1}}
	e.FinishedAt, err = time.Parse(time.RFC3339, fin)
	require.NoError(t, err)
	if date != "" {
		e.Date, err = time.Parse(DateLayout, date)
		require.NoError(t, err)
	}
	return e
}

func historyFile(dir string) string { return filepath.Join(dir, FileName) }

func TestEntryRoundTrip(t *testing.T) {
	for _, e := range []Entry{
		entry(t, 1, "2026-11-22", "2026-11-22T19:04:11Z", 86),
		entry(t, 2, "", "2026-11-23T08:00:00Z", 0),
	} {
		data, err := json.Marshal(e)
		require.NoError(t, err)
		back, err := ParseEntry(data)
		require.NoError(t, err, "ParseEntry(%s)", data)
		assert.Equal(t, e, back, "round trip of %s", data)
	}
	data, err := json.Marshal(entry(t, 2, "", "2026-11-23T08:00:00Z", 0))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"date":null`, "a game that was not a daily")
	assert.Contains(t, string(data), `"assists":{"hints":1,"undos":0}`)
}

func TestReadMissingAndEmpty(t *testing.T) {
	dir := t.TempDir()
	entries, problems, err := Read(filepath.Join(dir, "no", "such"))
	require.NoError(t, err, "a missing directory is an empty history")
	assert.Empty(t, entries)
	assert.Empty(t, problems)

	require.NoError(t, os.WriteFile(historyFile(dir), nil, 0o644))
	entries, problems, err = Read(dir)
	require.NoError(t, err, "an empty file")
	assert.Empty(t, entries)
	assert.Empty(t, problems)
}

func TestReadDamaged(t *testing.T) {
	good := []Entry{
		entry(t, 1, "2026-11-22", "2026-11-22T19:04:11Z", 86),
		entry(t, 2, "2026-11-23", "2026-11-23T10:00:00Z", 90),
		entry(t, 3, "", "2026-11-23T11:00:00Z", 0),
	}
	lines := make([]string, len(good))
	for i, e := range good {
		data, err := json.Marshal(e)
		require.NoError(t, err)
		lines[i] = string(data)
	}
	wrongScore := strings.Replace(lines[1], fmt.Sprintf(`"score":%d`, good[1].Score), `"score":1`, 1)
	tests := []struct {
		name     string
		file     string
		want     []Entry
		problems map[int]string // line number: what the report says
	}{
		{"torn at the end", lines[0] + "\n" + lines[1] + "\n" + lines[2][:40], good[:2], map[int]string{3: "not a JSON object"}},
		{"no final newline", lines[0] + "\n" + lines[1], good[:2], nil},
		{"hand-edited score", lines[0] + "\n" + wrongScore + "\n" + lines[2] + "\n", []Entry{good[0], good[2]}, map[int]string{2: `"score" is 1, but the line scores`}},
		{"comment and blank lines", "# my notes\n\n" + lines[0] + "\n\r\n" + lines[2] + "\n", []Entry{good[0], good[2]}, map[int]string{1: "not a JSON object"}},
		{"bad date", strings.Replace(lines[0], "2026-11-22\"", "2026-11-31\"", 1) + "\n" + lines[1] + "\n", good[1:2], map[int]string{1: `"date" "2026-11-31"`}},
		{"missing key", `{"date": null, "score": 3, "line": {}}` + "\n" + lines[2] + "\n", good[2:], map[int]string{1: `missing required key "finished_at"`}},
		{"illegal line", strings.Replace(lines[2], `"phase1_turns":`, `"phase1_turns":0,"x":`, 1) + "\n", nil, map[int]string{1: `"line"`}},
		{"two values", lines[0] + " {}\n" + lines[1] + "\n", good[1:2], map[int]string{1: "more than one JSON value"}},
		{"very long", strings.Repeat("x", maxLine+10) + "\n" + lines[0] + "\n", good[:1], map[int]string{1: "longer than 64 KB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(historyFile(dir), []byte(tt.file), 0o644))
			entries, problems, err := Read(dir)
			require.NoError(t, err, "damage is never fatal")
			assert.Equal(t, tt.want, entries)
			require.Len(t, problems, len(tt.problems))
			for _, p := range problems {
				assert.Contains(t, p.Err.Error(), tt.problems[p.Line], "the report of line %d", p.Line)
				assert.Contains(t, p.Error(), fmt.Sprintf("history.jsonl line %d: ", p.Line))
				assert.Contains(t, p.Error(), "skipped; the line stays in the file")
			}
			// A game finishing now is recorded after the damage, which
			// stays in the file, and is read back on a line of its own.
			after := entry(t, 9, "2026-11-24", "2026-11-24T09:00:00Z", 88)
			require.NoError(t, Append(dir, after))
			data, err := os.ReadFile(historyFile(dir))
			require.NoError(t, err)
			assert.True(t, bytes.HasPrefix(data, []byte(tt.file)), "the damaged file is kept as it was")
			entries2, problems2, err := Read(dir)
			require.NoError(t, err)
			assert.Equal(t, append(append([]Entry(nil), tt.want...), after), entries2)
			assert.Len(t, problems2, len(tt.problems))
		})
	}
}

func TestAppendCreatesDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	e := entry(t, 1, "2026-11-22", "2026-11-22T19:04:11Z", 86)
	require.NoError(t, Append(dir, e))
	require.NoError(t, Append(dir, e))
	data, err := os.ReadFile(historyFile(dir))
	require.NoError(t, err)
	assert.Equal(t, 2, bytes.Count(data, []byte("\n")), "one line an entry")
	entries, problems, err := Read(dir)
	require.NoError(t, err)
	assert.Empty(t, problems)
	assert.Equal(t, []Entry{e, e}, entries)
}

func TestAppendUnwritable(t *testing.T) {
	// A directory under a regular file cannot be made, by root either.
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	err := Append(filepath.Join(file, "novaluna"), entry(t, 1, "", "2026-11-22T19:04:11Z", 0))
	assert.ErrorContains(t, err, "cannot make the data directory")

	// A history that is a directory cannot be opened for appending.
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(historyFile(dir), 0o755))
	err = Append(dir, entry(t, 1, "", "2026-11-22T19:04:11Z", 0))
	assert.ErrorContains(t, err, "cannot open the history")
	_, _, err = Read(dir)
	assert.ErrorContains(t, err, "cannot read the history")
}

// TestAppendConcurrent finishes many games at once: every entry is
// recorded whole, on its own line.
func TestAppendConcurrent(t *testing.T) {
	dir := t.TempDir()
	const writers, each = 16, 8
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				e := entry(t, uint64(w*each+i), "", "2026-11-22T19:04:11Z", 0)
				assert.NoError(t, Append(dir, e))
			}
		})
	}
	wg.Wait()
	entries, problems, err := Read(dir)
	require.NoError(t, err)
	assert.Empty(t, problems, "no line is torn or interleaved")
	assert.Len(t, entries, writers*each)
	seen := map[int]bool{}
	for _, e := range entries {
		seen[e.Line.Deck[0]*1000+e.Score] = true
	}
	assert.Greater(t, len(seen), writers*each/2, "the entries are the different games written")
}

func TestDir(t *testing.T) {
	t.Setenv("NOVALUNA_HOME", "/some/where")
	d, err := Dir()
	require.NoError(t, err)
	assert.Equal(t, "/some/where", d, "NOVALUNA_HOME wins")
	t.Setenv("NOVALUNA_HOME", "")
	t.Setenv("XDG_DATA_HOME", "/xdg")
	t.Setenv("HOME", "/home/u")
	d, err = Dir()
	require.NoError(t, err)
	switch {
	case strings.Contains(d, "Library"), strings.Contains(d, "AppData"):
	default:
		assert.Equal(t, "/xdg/novaluna", d, "XDG_DATA_HOME")
		t.Setenv("XDG_DATA_HOME", "")
		d, err = Dir()
		require.NoError(t, err)
		assert.Equal(t, "/home/u/.local/share/novaluna", d, "the default")
	}
}
