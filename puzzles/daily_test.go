package puzzles

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// goldenDates are the dates whose decks are pinned forever: the launch, the
// day before it (no number), a year end, a leap day and a far date.
var goldenDates = []string{"2026-11-21", "2026-11-22", "2026-11-23", "2026-12-31", "2028-02-29", "2100-01-01"}

type goldenDaily struct {
	Deck   solo.Deck `json:"deck"`
	Date   string    `json:"date"`
	Number int       `json:"number"`
}

// TestDailyGolden pins the daily decks: the algorithm is published and must
// never change. Regenerate with go test ./puzzles -run Golden -update only
// when adding dates.
func TestDailyGolden(t *testing.T) {
	for _, ds := range goldenDates {
		t.Run(ds, func(t *testing.T) {
			date, err := ParseDate(ds)
			require.NoError(t, err)
			got := goldenDaily{DailyDeck(date), ds, Number(date)}
			path := filepath.Join("testdata", "daily", ds+".json")
			if *update {
				data, err := json.Marshal(got)
				require.NoError(t, err)
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, append(data, '\n'), 0o644))
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err, "run with -update to create it")
			var want goldenDaily
			require.NoError(t, json.Unmarshal(data, &want), path)
			assert.Equal(t, want, got, "DailyDeck and Number of %s", ds)
			assert.NoError(t, got.Deck.Validate(), "DailyDeck(%s) is a valid deck", ds)
			assert.Len(t, got.Deck, solo.NumTiles, "DailyDeck(%s) is a full deck", ds)
		})
	}
}

func TestParseDate(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for a date that is refused
	}{
		{"2026-11-22", ""},
		{"2028-02-29", ""},
		{"2026-02-30", "want a real calendar date as YYYY-MM-DD"},
		{"2027-02-29", "want a real calendar date"},
		{"2026-13-01", "want a real calendar date"},
		{"2026-1-1", "want a real calendar date"},
		{"26-11-22", "want a real calendar date"},
		{"", "want a real calendar date"},
		{"2026-11-22T00:00:00Z", "want a real calendar date"},
	}
	for _, tt := range tests {
		_, err := ParseDate(tt.in)
		if tt.want == "" {
			assert.NoError(t, err, "ParseDate(%q)", tt.in)
		} else {
			assert.ErrorContains(t, err, tt.want, "ParseDate(%q)", tt.in)
		}
	}
}

func TestNumber(t *testing.T) {
	tests := []struct {
		date string
		want int
	}{
		{"2026-11-21", 0},
		{"2026-11-22", 1},
		{"2026-11-23", 2},
		{"2027-11-22", 366},
		{"2000-01-01", 0},
	}
	for _, tt := range tests {
		d, err := ParseDate(tt.date)
		require.NoError(t, err)
		assert.Equal(t, tt.want, Number(d), "Number(%s)", tt.date)
	}
}

func TestToday(t *testing.T) {
	// 23:30 in New York on 2026-11-22 is already 2026-11-23 in UTC.
	ny := time.FixedZone("EST", -5*3600)
	now := time.Date(2026, 11, 22, 23, 30, 0, 0, ny)
	assert.Equal(t, "2026-11-23", Today(now).Format(DateLayout), "Today(%v)", now)
}

func TestDailyDecksDiffer(t *testing.T) {
	assert.NotEqual(t, DailyDeck(Launch), DailyDeck(Launch.AddDate(0, 0, 1)), "the decks of two days")
}

// TestRateDeckDeterministic: a rating is part of the puzzle, so two runs
// must find the very same line (a node budget, one worker, no clock).
func TestRateDeckDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("two rating searches take a few seconds")
	}
	deck := DailyDeck(Launch)
	d1, r1, err := RateDeck(context.Background(), deck)
	require.NoError(t, err)
	d2, r2, err := RateDeck(context.Background(), deck)
	require.NoError(t, err)
	assert.Equal(t, d1, d2, "the rating")
	assert.Equal(t, r1.Line, r2.Line, "the line")
	assert.Equal(t, r1.Nodes, r2.Nodes, "the nodes searched")
	assert.GreaterOrEqual(t, r1.Nodes, int64(RatingNodes), "RateDeck searches the full budget")
}
