package puzzles

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
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
			if err != nil {
				t.Fatalf("ParseDate(%q) = %v", ds, err)
			}
			got := goldenDaily{DailyDeck(date), ds, Number(date)}
			path := filepath.Join("testdata", "daily", ds+".json")
			if *update {
				data, _ := json.Marshal(got)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			var want goldenDaily
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if !slices.Equal(got.Deck, want.Deck) {
				t.Errorf("DailyDeck(%s) = %v, want %v", ds, got.Deck, want.Deck)
			}
			if got.Number != want.Number {
				t.Errorf("Number(%s) = %d, want %d", ds, got.Number, want.Number)
			}
			if err := got.Deck.Validate(); err != nil || len(got.Deck) != solo.NumTiles {
				t.Errorf("DailyDeck(%s) is not a full valid deck: len %d, %v", ds, len(got.Deck), err)
			}
		})
	}
}

func TestParseDate(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"2026-11-22", true},
		{"2028-02-29", true},
		{"2026-02-30", false},
		{"2027-02-29", false},
		{"2026-13-01", false},
		{"2026-1-1", false},
		{"26-11-22", false},
		{"", false},
		{"2026-11-22T00:00:00Z", false},
	}
	for _, tt := range tests {
		_, err := ParseDate(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("ParseDate(%q) error = %v, want ok %v", tt.in, err, tt.ok)
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
		d, _ := ParseDate(tt.date)
		if got := Number(d); got != tt.want {
			t.Errorf("Number(%s) = %d, want %d", tt.date, got, tt.want)
		}
	}
}

func TestToday(t *testing.T) {
	// 23:30 in New York on 2026-11-22 is already 2026-11-23 in UTC.
	ny := time.FixedZone("EST", -5*3600)
	now := time.Date(2026, 11, 22, 23, 30, 0, 0, ny)
	if got, want := Today(now).Format(DateLayout), "2026-11-23"; got != want {
		t.Errorf("Today(%v) = %s, want %s", now, got, want)
	}
}

func TestDailyDecksDiffer(t *testing.T) {
	a, b := DailyDeck(Launch), DailyDeck(Launch.AddDate(0, 0, 1))
	if slices.Equal(a, b) {
		t.Errorf("DailyDeck(launch) = DailyDeck(launch+1) = %v, want different decks", a)
	}
}

// TestRateDeckDeterministic: a rating is part of the puzzle, so two runs
// must find the very same line (a node budget, one worker, no clock).
func TestRateDeckDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("two rating searches take a few seconds")
	}
	deck := DailyDeck(Launch)
	d1, r1, err := RateDeck(context.Background(), deck)
	if err != nil {
		t.Fatal(err)
	}
	d2, r2, err := RateDeck(context.Background(), deck)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(r1.Line)
	b, _ := json.Marshal(r2.Line)
	if d1 != d2 || string(a) != string(b) || r1.Nodes != r2.Nodes {
		t.Errorf("RateDeck(daily #1) twice = %v (%d nodes) and %v (%d nodes), lines\n%s\n%s", d1, r1.Nodes, d2, r2.Nodes, a, b)
	}
	if r1.Nodes < RatingNodes {
		t.Errorf("RateDeck searched %d nodes, want the full budget of %d", r1.Nodes, RatingNodes)
	}
}
