package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDailyJSON(t *testing.T) {
	for _, date := range []string{"2026-11-22", "2028-02-29"} {
		out, errOut, code := runNovaluna(t, "daily", "--date", date, "--json")
		require.Equal(t, 0, code, "daily --date %s --json: %s", date, errOut)
		var got dailyJSON
		require.NoError(t, json.Unmarshal([]byte(out), &got), "daily --json printed %q", out)
		data, err := os.ReadFile("../puzzles/testdata/daily/" + date + ".json")
		require.NoError(t, err)
		var want dailyJSON
		require.NoError(t, json.Unmarshal(data, &want))
		assert.Equal(t, want.Deck, got.Deck, "daily --date %s --json deck", date)
		assert.Equal(t, want.Date, got.Date)
		assert.Equal(t, want.Number, got.Number)
		assert.Contains(t, []string{"easy", "medium", "hard", "very hard"}, got.Difficulty)
		// The par is the date's, and its line scores it.
		d, err := puzzles.ParseDate(date)
		require.NoError(t, err)
		par, err := puzzles.Par(context.Background(), d, nil)
		require.NoError(t, err)
		assert.Equal(t, par.Par, got.Par, "daily --date %s --json par", date)
		sc, err := solo.Replay(got.ParLine)
		require.NoError(t, err, "the par line replays")
		assert.Equal(t, got.Par, sc.Total(), "the par line scores the par")
		assert.True(t, puzzles.IsDaily(got.ParLine.Deck, d), "the par line is of the date's deck")
		// The deck document part must read back as a deck.
		deck, err := solo.ParseDeck([]byte(out))
		require.NoError(t, err)
		assert.Equal(t, want.Deck, deck)
	}
}

func TestDailyToday(t *testing.T) {
	before := puzzles.Today(time.Now()).Format(puzzles.DateLayout)
	out, errOut, code := runNovaluna(t, "daily", "--json")
	after := puzzles.Today(time.Now()).Format(puzzles.DateLayout)
	require.Equal(t, 0, code, "daily --json: %s", errOut)
	var got dailyJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Contains(t, []string{before, after}, got.Date, "daily --json date is today in UTC")
}

func TestDailyHuman(t *testing.T) {
	out, errOut, code := runNovaluna(t, "daily", "--date", "2026-11-22")
	require.Equal(t, 0, code, "daily: %s", errOut)
	deck := puzzles.DailyDeck(puzzles.Launch)
	par, err := puzzles.Par(context.Background(), puzzles.Launch, nil)
	require.NoError(t, err)
	for _, w := range []string{"daily #1 (2026-11-22)", "Difficulty: ", "Par:        " + strconv.Itoa(par.Par) + " ",
		"space  0  ☾ moon figure", "space 11  #" + strconv.Itoa(deck[10]) + " ", "draw 11   #" + strconv.Itoa(deck[21]) + " ",
		"Play it:  novaluna play --date 2026-11-22 --save daily-2026-11-22.json"} {
		assert.Contains(t, out, w)
	}
	assert.Equal(t, 12, strings.Count(out, "  space "), "wheel spaces")
	assert.NotContains(t, out, "\x1b[", "output to a buffer is plain text")
}

// TestDailyNamesTheCommand checks that daily's suggestions work as the
// user ran the program: "go run ." after go run.
func TestDailyNamesTheCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := Main([]string{"daily", "--date", "2026-11-22"}, Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Prog: "go run ."})
	require.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), "Play it:  go run . play --date 2026-11-22 --save daily-2026-11-22.json\nThen:     go run . compare daily-2026-11-22.json\n")
}

func TestDailyBadInput(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"daily", "--date", "2026-02-30"}, 2, "real calendar date"},
		{[]string{"daily", "--date", "tomorrow"}, 2, "YYYY-MM-DD"},
		{[]string{"daily", "--time", "2s"}, 2, "unknown flag: --time"},
		{[]string{"daily", "extra"}, 2, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		_, errOut, code := runNovaluna(t, tt.args...)
		assert.Equal(t, tt.code, code, "novaluna %s", strings.Join(tt.args, " "))
		assert.Contains(t, errOut, tt.msg, "novaluna %s", strings.Join(tt.args, " "))
	}
}
