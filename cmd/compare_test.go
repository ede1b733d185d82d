package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func tempLineFile(t *testing.T, l solo.Line) string {
	t.Helper()
	data, err := formatLine(l)
	if err != nil {
		t.Fatal(err)
	}
	return tempPuzzleFile(t, "line.json", data)
}

func TestCompareDaily(t *testing.T) {
	l := solo.RandomLine(puzzles.DailyDeck(puzzles.Launch), rand.NewPCG(11, 11))
	l.Assists = &solo.Assists{Hints: 1, Undos: 2} // the share line reports them
	sc, err := solo.Replay(l)
	require.NoError(t, err)
	path := tempLineFile(t, l)
	par, err := puzzles.Par(context.Background(), puzzles.Launch, nil)
	require.NoError(t, err)

	out, errOut, code := runNovaluna(t, "compare", "--nodes", "20000", "--json", path)
	require.Equal(t, 0, code, "compare --json: %s", errOut)
	var got compareJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got), "compare --json printed %q", out)
	assert.Equal(t, sc, got.User.Score, "the user's result")
	bs, err := solo.Replay(got.Best.Line)
	require.NoError(t, err, "the best line replays")
	assert.Equal(t, got.Best.Score, bs, "the best line's result")
	assert.Len(t, got.Turns, len(l.Moves))
	assert.Equal(t, "2026-11-22", got.Date)
	assert.Equal(t, 1, got.Number)
	assert.Equal(t, par.Par, got.Par, "compare --json par")
	assert.LessOrEqual(t, got.Best.Score.Total(), par.Par, "the par line counts as found")
	assert.Equal(t, int64(20000), got.Nodes)
	wantShare, err := puzzles.ShareLine(puzzles.Launch, l, par.Par)
	require.NoError(t, err)
	assert.Equal(t, wantShare, got.Share)
	assert.True(t, strings.HasSuffix(got.Share, " (1 hint, 2 undos)"), "the share line %q ends with the assists", got.Share)
	assert.Contains(t, got.Share, fmt.Sprintf(": %d (par %d) ", sc.Total(), par.Par))
	costly := 0
	for _, tr := range got.Turns {
		if tr.Loss > 0 {
			costly++
			if assert.NotNil(t, tr.Better, "turn %d cost %d", tr.Turn, tr.Loss) {
				assert.Equal(t, tr.Loss, tr.Better.Saves, "turn %d: what the better move saves", tr.Turn)
			}
		} else {
			assert.Nil(t, tr.Better, "turn %d cost nothing", tr.Turn)
		}
	}
	assert.Positive(t, costly, "a random line has costly turns")

	out, errOut, code = runNovaluna(t, "compare", "--nodes", "20000", path)
	require.Equal(t, 0, code, "compare: %s", errOut)
	for _, w := range []string{"daily #1, 2026-11-22", "Where the points went", "penalties (P1 + P2)", "Turn by turn",
		fmt.Sprintf("  Par        %6s %6d", fmt.Sprintf("+%d", sc.Total()-par.Par), par.Par),
		"The costliest turns:\n  turn ", " instead keeps ", "Share (no spoilers):\n" + wantShare, "The best line found"} {
		assert.Contains(t, out, w)
	}
}

func TestCompareNotDaily(t *testing.T) {
	if testing.Short() {
		t.Skip("searches for a second")
	}
	l := solo.RandomLine(solo.SeedDeck(3), rand.NewPCG(1, 1))
	out, errOut, code := runNovaluna(t, "compare", "--time", "500ms", tempLineFile(t, l))
	if code != 0 {
		t.Fatalf("compare: exit %d, %s", code, errOut)
	}
	if strings.Contains(out, "Share") {
		t.Errorf("compare of a seeded deck prints a share line, want none:\n%s", out)
	}
}

func TestCompareBadInput(t *testing.T) {
	l := solo.RandomLine(solo.SeedDeck(3), rand.NewPCG(1, 1))
	bad := l
	bad.Moves = append([]solo.Move(nil), l.Moves...)
	bad.Moves[1].X, bad.Moves[1].Y = 9, 9 // not next to the first tile
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"illegal line", []string{"compare", tempLineFile(t, bad)}, 1, "turn 2"},
		{"missing file", []string{"compare", "/no/such/line.json"}, 1, "cannot read line file"},
		{"not JSON", []string{"compare", tempPuzzleFile(t, "x.json", []byte("hello"))}, 1, "line format"},
		{"no file", []string{"compare"}, 2, "missing the LINE.json argument"},
		{"bad time", []string{"compare", "--time", "-1s", tempLineFile(t, l)}, 2, "--time"},
		{"zero time", []string{"compare", "--time", "0s", tempLineFile(t, l)}, 2, "--time 0s"},
		{"no nodes", []string{"compare", "--nodes", "0", tempLineFile(t, l)}, 2, "--nodes 0"},
		{"time and nodes", []string{"compare", "--nodes", "1000", "--time", "1s", tempLineFile(t, l)}, 2, "not both"},
	}
	for _, tt := range tests {
		_, errOut, code := runNovaluna(t, tt.args...)
		assert.Equal(t, tt.code, code, "compare (%s): exit status", tt.name)
		assert.Contains(t, errOut, tt.msg, "compare (%s)", tt.name)
	}
}

// TestCompareGolden pins compare's whole human output, the turn-by-turn
// verdict included, for a fixed line. A node budget with one worker makes
// the searches repeatable; regenerate after a deliberate change with
// go test ./cmd -run CompareGolden -update and review the diff.
func TestCompareGolden(t *testing.T) {
	line := "testdata/play/seed7-by-choice.json"
	golden := filepath.Join("testdata", "compare", "seed7-by-choice.golden")
	out, errOut, code := runNovaluna(t, "compare", "--nodes", "20000", line)
	if code != 0 {
		t.Fatalf("compare --nodes 20000 %s: exit %d, %s", line, code, errOut)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (regenerate with go test ./cmd -run CompareGolden -update)", err)
	}
	if out != string(want) {
		t.Errorf("compare --nodes 20000 %s =\n%s\nwant (%s):\n%s", line, out, golden, want)
	}
}
