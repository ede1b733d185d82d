package cmd

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
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
	if testing.Short() {
		t.Skip("searches for a few seconds")
	}
	l := solo.RandomLine(puzzles.DailyDeck(puzzles.Launch), rand.NewPCG(11, 11))
	l.Assists = &solo.Assists{Hints: 1, Undos: 2} // the share line reports them
	sc, _ := solo.Replay(l)
	path := tempLineFile(t, l)

	out, errOut, code := runNovaluna(t, "compare", "--time", "1s", "--json", path)
	if code != 0 {
		t.Fatalf("compare --json: exit %d, %s", code, errOut)
	}
	var got compareJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("compare --json printed %q: %v", out, err)
	}
	if got.User.Score != sc {
		t.Errorf("compare --json user result = %+v, want %+v", got.User.Score, sc)
	}
	if bs, err := solo.Replay(got.Best.Line); err != nil || bs != got.Best.Score {
		t.Errorf("Replay(best line) = %+v, %v, want %+v", bs, err, got.Best.Score)
	}
	if len(got.Turns) != len(l.Moves) || got.Date != "2026-11-22" || got.Number != 1 {
		t.Errorf("compare --json: %d turns, date %q, number %d, want %d, 2026-11-22, 1", len(got.Turns), got.Date, got.Number, len(l.Moves))
	}
	wantShare, _ := puzzles.ShareLine(puzzles.Launch, l, got.Best.Score.Total())
	if got.Share != wantShare || !strings.HasSuffix(got.Share, " (1 hint, 2 undos)") {
		t.Errorf("compare --json share = %q, want %q, ending with the assists", got.Share, wantShare)
	}

	out, errOut, code = runNovaluna(t, "compare", "--time", "1s", path)
	if code != 0 {
		t.Fatalf("compare: exit %d, %s", code, errOut)
	}
	for _, w := range []string{"daily #1, 2026-11-22", "Where the points went", "penalties (P1 + P2)", "Turn by turn", "Share (no spoilers):\nNova Luna #1 (2026-11-22): ", "The best line found"} {
		if !strings.Contains(out, w) {
			t.Errorf("compare output lacks %q:\n%s", w, out)
		}
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
		{"no nodes", []string{"compare", "--nodes", "0", tempLineFile(t, l)}, 2, "--nodes 0"},
		{"time and nodes", []string{"compare", "--nodes", "1000", "--time", "1s", tempLineFile(t, l)}, 2, "not both"},
	}
	for _, tt := range tests {
		_, errOut, code := runNovaluna(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("compare (%s) = exit %d, %q, want exit %d mentioning %q", tt.name, code, errOut, tt.code, tt.msg)
		}
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
