package puzzles

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShareLine(t *testing.T) {
	tests := []struct {
		name string
		date time.Time
		par  int
		head string // the share line up to the score
		tail string // what follows the score
	}{
		{"numbered", Launch, 81, "Nova Luna #1 (2026-11-22): ", " (par 81) "},
		{"before launch", Launch.AddDate(0, 0, -1), 90, "Nova Luna daily 2026-11-21: ", " (par 90) "},
		{"no par known", Launch.AddDate(0, 0, 2), 0, "Nova Luna #3 (2026-11-24): ", " "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := solo.RandomLine(DailyDeck(tt.date), rand.NewPCG(1, 2))
			sc, err := solo.Replay(line)
			require.NoError(t, err)
			var want strings.Builder
			fmt.Fprintf(&want, "%s%d%s", tt.head, sc.Total(), tt.tail)
			for i, m := range line.Moves {
				if i == line.Phase1Turns {
					want.WriteString("🌙")
				}
				tile, _ := solo.TileByID(m.Tile)
				want.WriteString(map[solo.Colour]string{solo.Red: "🟥", solo.Blue: "🟦", solo.Turquoise: "🟩", solo.Yellow: "🟨"}[tile.Colour])
			}
			got, err := ShareLine(tt.date, line, tt.par)
			require.NoError(t, err)
			assert.Equal(t, want.String(), got, "ShareLine(%s, line, %d)", tt.date.Format(DateLayout), tt.par)
			assert.NotContains(t, got, "#"+fmt.Sprint(line.Moves[0].Tile)+" ", "the share line names a tile id")
		})
	}
}

func TestShareLineErrors(t *testing.T) {
	line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(3, 4))
	_, err := ShareLine(Launch.AddDate(0, 0, 1), line, 80)
	assert.ErrorContains(t, err, "not the daily puzzle of 2026-11-23")
	short := line
	short.Moves = short.Moves[:len(short.Moves)-1]
	_, err = ShareLine(Launch, short, 80)
	assert.Error(t, err, "ShareLine(incomplete line)")
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
		assert.Equal(t, tt.want, gs, "FindDaily(%s)", tt.name)
	}
}

func BenchmarkFindDailyMiss(b *testing.B) {
	deck := solo.SeedDeck(7)
	now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	for b.Loop() {
		FindDaily(deck, now)
	}
}
