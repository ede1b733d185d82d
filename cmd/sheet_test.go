package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSheet(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"daily", []string{"--date", "2026-11-22", "--time", "200ms"}, "1 puzzle, 2 pages"},
		{"booklet without answers", []string{"--date", "2026-12-30", "--days", "3", "--answers=false"}, "3 puzzles, 3 pages"},
		{"seed", []string{"--seed", "7", "--time", "200ms"}, "1 puzzle, 2 pages"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".pdf")
			out, errOut, code := runNovaluna(t, append([]string{"sheet", "-o", path}, tt.args...)...)
			if code != 0 || !strings.Contains(out, tt.want) {
				t.Fatalf("sheet %v = exit %d, %q, %q, want exit 0 and %q", tt.args, code, out, errOut, tt.want)
			}
			data, err := os.ReadFile(path)
			if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Errorf("sheet wrote %d bytes, %v, want a PDF", len(data), err)
			}
		})
	}
}

func TestSheetBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.pdf")
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"impossible date", []string{"--date", "2026-02-30", "-o", out}, 2, "real calendar date"},
		{"days zero", []string{"--date", "2026-11-22", "--days", "0", "-o", out}, 2, "--days 0: want 1 to 366"},
		{"days too many", []string{"--date", "2026-11-22", "--days", "367", "-o", out}, 2, "--days 367"},
		{"days without date", []string{"--seed", "7", "--days", "2", "-o", out}, 2, "--days needs --date or --daily"},
		{"past year 9999", []string{"--date", "9999-12-31", "--days", "2", "-o", out}, 2, "past 9999-12-31"},
		{"year 0", []string{"--date", "0000-12-31", "-o", out}, 2, "want a year from 0001 to 9999"},
		{"no output", []string{"--seed", "7"}, 2, "-o FILE.pdf"},
		{"no puzzle", []string{"-o", out}, 2, "choose a puzzle"},
		{"two puzzles", []string{"--seed", "7", "--date", "2026-11-22", "-o", out}, 2, "choose one puzzle"},
		{"missing folder", []string{"--seed", "7", "-o", filepath.Join(dir, "no", "x.pdf")}, 1, "there is no folder"},
		{"folder as output", []string{"--seed", "7", "-o", dir}, 1, "it is a folder"},
		{"bad time", []string{"--seed", "7", "--time", "0s", "-o", out}, 2, "--time"},
	}
	for _, tt := range tests {
		_, errOut, code := runNovaluna(t, append([]string{"sheet"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("sheet (%s) = exit %d, %q, want exit %d mentioning %q", tt.name, code, errOut, tt.code, tt.msg)
		}
	}
	// Nothing half-written: the folder holds no PDF and no temporary file.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("after failed sheets, %s is left in the output folder, want nothing", e.Name())
	}
}

func TestSheetAndSolveDaily(t *testing.T) {
	out := filepath.Join(t.TempDir(), "today.pdf")
	stdout, errOut, code := runNovaluna(t, "sheet", "--daily", "--answers=false", "-o", out)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, stdout, "wrote "+out+": 1 puzzle, 1 page")

	stdout, errOut, code = runNovaluna(t, "solve", "--daily", "--time", "200ms", "--workers", "1", "--json")
	require.Equal(t, 0, code, errOut)
	var res struct {
		Line solo.Line `json:"line"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &res))
	assert.True(t, puzzles.IsDaily(res.Line.Deck, puzzles.Today(time.Now())) || puzzles.IsDaily(res.Line.Deck, puzzles.Today(time.Now()).AddDate(0, 0, -1)),
		"solve --daily solves today's puzzle")

	_, errOut, code = runNovaluna(t, "solve", "--daily", "--seed", "7")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "give only one of --daily, --date YYYY-MM-DD, --seed N or --deck FILE")
}

// TestWithPar gives a daily's answer page the par line when the timed
// search found worse.
func TestWithPar(t *testing.T) {
	par, err := puzzles.Par(context.Background(), puzzles.Launch, nil)
	require.NoError(t, err)
	worse := solo.RandomLine(puzzles.DailyDeck(puzzles.Launch), rand.NewPCG(1, 1))
	sc, err := solo.Replay(worse)
	require.NoError(t, err)
	require.Greater(t, sc.Total(), par.Par)
	a := &puzzles.Answer{Line: worse, Score: sc}
	require.NoError(t, withPar(context.Background(), a, puzzles.Launch))
	assert.Equal(t, par.Par, a.Par)
	assert.Equal(t, par.Line, a.Line, "the par line replaces a worse one")
	assert.Equal(t, par.Par, a.Score.Total())
}
