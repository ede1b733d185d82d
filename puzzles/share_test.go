package puzzles

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
)

func TestShareLine(t *testing.T) {
	tests := []struct {
		name string
		date time.Time
		best int
		head string // the share line up to the score
	}{
		{"numbered", Launch, 81, "Nova Luna #1 (2026-11-22): "},
		{"before launch", Launch.AddDate(0, 0, -1), 90, "Nova Luna daily 2026-11-21: "},
		{"no best known", Launch.AddDate(0, 0, 2), 0, "Nova Luna #3 (2026-11-24): "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := solo.RandomLine(DailyDeck(tt.date), rand.NewPCG(1, 2))
			sc, err := solo.Replay(line)
			if err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			fmt.Fprintf(&want, "%s%d", tt.head, sc.Total())
			if tt.best > 0 {
				fmt.Fprintf(&want, ", best %d", tt.best)
			}
			want.WriteByte(' ')
			for i, m := range line.Moves {
				if i == line.Phase1Turns {
					want.WriteString("🌙")
				}
				tile, _ := solo.TileByID(m.Tile)
				want.WriteString(map[solo.Colour]string{solo.Red: "🟥", solo.Blue: "🟦", solo.Turquoise: "🟩", solo.Yellow: "🟨"}[tile.Colour])
			}
			got, err := ShareLine(tt.date, line, tt.best)
			if err != nil || got != want.String() {
				t.Errorf("ShareLine(%s, line, %d) = %q, %v, want %q", tt.date.Format(DateLayout), tt.best, got, err, want.String())
			}
			if strings.Contains(got, "#"+fmt.Sprint(line.Moves[0].Tile)+" ") {
				t.Errorf("ShareLine = %q names a tile id, want no spoilers", got)
			}
		})
	}
}

func TestShareLineErrors(t *testing.T) {
	line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(3, 4))
	if _, err := ShareLine(Launch.AddDate(0, 0, 1), line, 80); err == nil {
		t.Errorf("ShareLine(other date) = nil error, want an error")
	}
	short := line
	short.Moves = short.Moves[:len(short.Moves)-1]
	if _, err := ShareLine(Launch, short, 80); err == nil {
		t.Errorf("ShareLine(incomplete line) = nil error, want an error")
	}
}

func TestFindDaily(t *testing.T) {
	now := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		deck solo.Deck
		want string // "" when not a daily
	}{
		{"launch", DailyDeck(Launch), "2026-11-22"},
		{"tomorrow", DailyDeck(Launch.AddDate(0, 0, 1)), "2026-11-23"},
		{"before launch", DailyDeck(Launch.AddDate(0, -3, 0)), "2026-08-22"},
		{"first 22 only", DailyDeck(Launch).Relevant(), "2026-11-22"},
		{"seeded deck", solo.SeedDeck(7), ""},
		{"too far ahead", DailyDeck(Launch.AddDate(3, 0, 0)), ""},
	}
	for _, tt := range tests {
		got, ok := FindDaily(tt.deck, now)
		gs := ""
		if ok {
			gs = got.Format(DateLayout)
		}
		if gs != tt.want {
			t.Errorf("FindDaily(%s) = %q, want %q", tt.name, gs, tt.want)
		}
	}
}

func BenchmarkFindDailyMiss(b *testing.B) {
	deck := solo.SeedDeck(7)
	now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	for b.Loop() {
		FindDaily(deck, now)
	}
}
