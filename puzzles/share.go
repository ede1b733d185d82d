package puzzles

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// shareSquares are the emoji squares of the four colours, in solo.Colour
// order. There is no turquoise square, so turquoise is green.
var shareSquares = [solo.NumColours]string{"🟥", "🟦", "🟩", "🟨"}

// sharePhaseBreak separates the phase-1 squares from the phase-2 squares.
const sharePhaseBreak = "🌙"

// ShareLine returns a one-line, spoiler-free result of a daily puzzle, for
// pasting into a chat:
//
//	Nova Luna #3 (2026-11-24): 97 (par 86) 🟥🟦🟦🟨🟩🟥🌙🟦🟨🟨🟥🟩🟦🟥
//
// It names the puzzle, the line's score and the date's par (see [Par]: the
// same on every machine, so two players' lines compare; 0 or less leaves it
// out), and one square per tile taken, in the colour of the tile, with a
// moon where phase 1 ended; then the line's assists, if any (see
// AssistsNote): "(1 hint, 2 undos)" or "(hard)". It tells no tile ids,
// costs or cells, so it gives nothing away. It replays
// the line and fails if the line is illegal or is not the daily puzzle of
// date.
func ShareLine(date time.Time, line solo.Line, par int) (string, error) {
	if !IsDaily(line.Deck, date) {
		return "", fmt.Errorf("the line's deck is not the daily puzzle of %s", date.Format(DateLayout))
	}
	sc, err := solo.Replay(line)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("Nova Luna ")
	if n := Number(date); n > 0 {
		fmt.Fprintf(&b, "#%d (%s)", n, date.Format(DateLayout))
	} else {
		fmt.Fprintf(&b, "daily %s", date.Format(DateLayout))
	}
	fmt.Fprintf(&b, ": %d", sc.Total())
	if par > 0 {
		fmt.Fprintf(&b, " (par %d)", par)
	}
	b.WriteByte(' ')
	for i, m := range line.Moves {
		if i == line.Phase1Turns {
			b.WriteString(sharePhaseBreak)
		}
		t, _ := solo.TileByID(m.Tile)
		b.WriteString(shareSquares[t.Colour])
	}
	b.WriteString(AssistsNote(line.Assists))
	return b.String(), nil
}

// IsDaily reports whether deck plays exactly as the daily puzzle of date:
// the tiles that can ever be drawn (the first 22) are the same.
func IsDaily(deck solo.Deck, date time.Time) bool {
	return slices.Equal(deck.Relevant(), DailyDeck(date).Relevant())
}

// FindDaily returns the date whose daily puzzle deck plays as, looking from a
// year before the launch to a year after now. It is how compare knows that a
// saved line is a daily puzzle and can print its share line.
func FindDaily(deck solo.Deck, now time.Time) (time.Time, bool) {
	if len(deck) < solo.MaxTurns {
		return time.Time{}, false // a daily deck holds all 68 tiles
	}
	last := Today(now).AddDate(1, 0, 0)
	for d := Launch.AddDate(-1, 0, 0); !d.After(last); d = d.AddDate(0, 0, 1) {
		if IsDaily(deck, d) {
			return d, true
		}
	}
	return time.Time{}, false
}
