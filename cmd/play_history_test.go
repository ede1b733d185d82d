package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/novaluna/novaluna/history"
	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withHome gives the test an empty data directory of its own.
func withHome(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "home")
	t.Setenv("NOVALUNA_HOME", dir)
	return dir
}

func readHistoryFile(t *testing.T, dir string) []history.Entry {
	t.Helper()
	entries, problems, err := history.Read(dir)
	require.NoError(t, err)
	require.Empty(t, problems)
	return entries
}

// TestPlayRecordsHistory plays a daily twice: both finishes are recorded,
// the second start says the daily was played and shows the first result.
func TestPlayRecordsHistory(t *testing.T) {
	dir := withHome(t)
	date, err := puzzles.ParseDate("2026-11-25")
	require.NoError(t, err)
	par, err := puzzles.Par(context.Background(), date, nil)
	require.NoError(t, err)
	first := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(5, 5))
	firstScore, err := solo.Replay(first)
	require.NoError(t, err)

	code, out, errOut := playRun(t, playScript(first), "--date", "2026-11-25")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Recorded in your history ('novaluna stats').")
	assert.NotContains(t, out, "You already played")
	entries := readHistoryFile(t, dir)
	require.Len(t, entries, 1)
	e := entries[0]
	assert.Equal(t, date, e.Date)
	assert.Equal(t, par.Par, e.Par)
	assert.Equal(t, firstScore.Total(), e.Score)
	assert.Equal(t, first.Moves, e.Line.Moves)
	assert.WithinDuration(t, time.Now(), e.FinishedAt, time.Minute)

	second := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(6, 6))
	code, out, errOut = playRun(t, playScript(second), "--date", "2026-11-25")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, fmt.Sprintf("You already played daily #4 (2026-11-25): you scored %d (par %d) on ", firstScore.Total(), par.Par))
	assert.Contains(t, out, "You may play it again: the game is recorded, but your first finish is the one that counts.")
	assert.Len(t, readHistoryFile(t, dir), 2, "playing again is recorded")

	// Not a daily: recorded with no date.
	code, _, errOut = playRun(t, playScript(solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(1, 1))), "--seed", "7")
	require.Equal(t, 0, code, errOut)
	entries = readHistoryFile(t, dir)
	require.Len(t, entries, 3)
	assert.False(t, entries[2].IsDaily())
	data, err := os.ReadFile(filepath.Join(dir, history.FileName))
	require.NoError(t, err)
	assert.Contains(t, string(data), `{"date":null,`)

	// The archive shows the first finish.
	out, errOut, code = runNovaluna(t, "archive", "--month", "2026-11", "--json")
	require.Equal(t, 0, code, errOut)
	var arch archiveJSON
	require.NoError(t, json.Unmarshal([]byte(out), &arch))
	for _, d := range arch.Days {
		if d.Date == "2026-11-25" {
			assert.Equal(t, archiveDayJSON{Date: "2026-11-25", Number: 4, Played: true, Score: firstScore.Total(), Par: par.Par}, d)
		} else {
			assert.False(t, d.Played, "%s was not played", d.Date)
		}
	}
}

// TestPlayUnwritableHistory: a data directory that cannot be written does
// not stop the game; the end says it was not recorded.
func TestPlayUnwritableHistory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	t.Setenv("NOVALUNA_HOME", filepath.Join(file, "novaluna"))
	l := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(1, 1))
	code, out, errOut := playRun(t, playScript(l), "--seed", "7")
	require.Equal(t, 0, code, errOut)
	flat := strings.ReplaceAll(out, "\n", " ") // the message is wrapped to the screen
	assert.Contains(t, flat, "The game was not recorded in your history: cannot make the data directory: ")
	assert.Contains(t, flat, "Set NOVALUNA_HOME to a folder you can write to keep your statistics.")
}

// TestPlayConcurrentFinishes ends two games at the same moment: both are
// recorded, each on a line of its own.
func TestPlayConcurrentFinishes(t *testing.T) {
	dir := withHome(t)
	const games = 6
	var wg sync.WaitGroup
	for i := range games {
		l := solo.RandomLine(solo.SeedDeck(uint64(i)), rand.NewPCG(uint64(i), 1))
		wg.Go(func() {
			code, _, errOut := playRun(t, playScript(l), "--seed", fmt.Sprint(i))
			assert.Equal(t, 0, code, errOut)
		})
	}
	wg.Wait()
	entries := readHistoryFile(t, dir)
	assert.Len(t, entries, games)
	seeds := map[int]bool{}
	for _, e := range entries {
		for i := range games {
			if solo.SeedDeck(uint64(i))[0] == e.Line.Deck[0] {
				seeds[i] = true
			}
		}
	}
	assert.Len(t, seeds, games, "every game is recorded")
}

// TestPlayAlone plays today's daily.
func TestPlayAlone(t *testing.T) {
	withHome(t)
	today := puzzles.Today(time.Now())
	l := solo.RandomLine(puzzles.DailyDeck(today), rand.NewPCG(3, 3))
	code, out, errOut := playRun(t, playScript(l))
	if code != 0 && puzzles.Today(time.Now()) != today {
		t.Skip("the UTC date changed during the test")
	}
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "Playing "+dailyLabel(today)+".\n"), "play alone: %q", out)
	assert.Contains(t, out, "Share it (no spoilers):\n  Nova Luna #")
}

func TestStats(t *testing.T) {
	dir := withHome(t)
	out, errOut, code := runNovaluna(t, "stats")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "No finished games yet. Play today's puzzle with 'novaluna play'.")
	out, _, code = runNovaluna(t, "stats", "--json")
	require.Equal(t, 0, code)
	assert.JSONEq(t, `{"played":0,"dailies":0,"current_streak":0,"max_streak":0,"mean_over_par":null,"at_or_below_par":0,"over_par":[0,0,0,0,0,0]}`, out)

	now := time.Now().UTC()
	for i := 2; i >= 0; i-- { // the last three days, each on its own date
		date := puzzles.Today(now).AddDate(0, 0, -i)
		l := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(uint64(i), 9))
		sc, err := solo.Replay(l)
		require.NoError(t, err)
		require.NoError(t, history.Append(dir, history.Entry{Date: date, FinishedAt: date.Add(time.Hour), Score: sc.Total(), Par: sc.Total() - i, Line: l}))
	}
	f, err := os.OpenFile(filepath.Join(dir, history.FileName), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"date": "2026-11-22", "finished_at": "torn`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	out, errOut, code = runNovaluna(t, "stats", "--json")
	require.Equal(t, 0, code, "a torn line is not fatal: %s", errOut)
	assert.Contains(t, errOut, "history.jsonl line 4: not a JSON object")
	assert.Contains(t, errOut, "(skipped; the line stays in the file)")
	var s history.Stats
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	assert.Equal(t, 3, s.Played)
	assert.Equal(t, 3, s.Dailies)
	assert.Equal(t, 3, s.CurrentStreak)
	assert.Equal(t, 3, s.MaxStreak)
	if assert.NotNil(t, s.MeanOverPar) {
		assert.InDelta(t, 1.0, *s.MeanOverPar, 0.001)
	}
	assert.Equal(t, 1, s.AtOrBelowPar)

	out, _, code = runNovaluna(t, "stats")
	require.Equal(t, 0, code)
	for _, w := range []string{"Games played     3\n", "Current streak   3 days\n", "Longest streak   3 days\n", "Mean over par    +1.0\n", "At or below par  1\n",
		"Dailies by score over par (first finishes):\n", "  par or better " + strings.Repeat("█", 15) + " 1\n", "  +1 to +5      " + strings.Repeat("█", 30) + " 2\n"} {
		assert.Contains(t, out, w)
	}
}

func TestArchive(t *testing.T) {
	dir := withHome(t)
	date, err := puzzles.ParseDate("2026-11-24")
	require.NoError(t, err)
	l := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(1, 1))
	sc, err := solo.Replay(l)
	require.NoError(t, err)
	require.NoError(t, history.Append(dir, history.Entry{Date: date, FinishedAt: date.Add(time.Hour), Score: sc.Total(), Par: sc.Total(), Line: l}))
	var outb, errb strings.Builder
	now := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	o := &archiveOptions{st: Streams{Out: &outb, Err: &errb}, month: "2026-11", now: func() time.Time { return now }}
	require.NoError(t, o.run())
	out := outb.String()
	assert.Contains(t, out, "Nova Luna daily puzzles, November 2026\n")
	assert.Contains(t, out, "    Mon     Tue     Wed     Thu     Fri     Sat     Sun\n")
	assert.Contains(t, out, fmt.Sprintf(" 22   ·\n 23   ·  24 %3d* 25   ·  26   ·  27   ·  28      29\n", sc.Total()), "22 to 29 November")
	assert.Contains(t, out, "Played 1 of the month's 6 daily puzzles.")
	assert.Contains(t, out, "Play a missed one: novaluna play --date 2026-11-22\n")

	out, _, code := runNovaluna(t, "archive", "--month", "2026-10")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "No daily puzzle to play this month: daily #1 is 2026-11-22")

	_, errOut, code := runNovaluna(t, "archive", "--month", "November")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `--month "November": want a month as YYYY-MM`)
}
