package puzzles

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// DateLayout is the only date form accepted: YYYY-MM-DD.
const DateLayout = "2006-01-02"

// Launch is the date of daily puzzle #1.
var Launch = time.Date(2026, time.November, 22, 0, 0, 0, 0, time.UTC)

// dailyPrefix is hashed with the date; it must never change.
const dailyPrefix = "novaluna daily puzzle "

// ParseDate reads a date in the form YYYY-MM-DD and rejects impossible dates
// such as 2026-02-30.
func ParseDate(s string) (time.Time, error) {
	t, err := time.Parse(DateLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("date %q: want a real calendar date as YYYY-MM-DD, e.g. 2026-11-22", s)
	}
	if t.Year() < 1 || t.Year() > 9999 {
		return time.Time{}, fmt.Errorf("date %q: want a year from 0001 to 9999", s)
	}
	return t, nil
}

// Today returns today's date in UTC, the date of today's daily puzzle.
func Today(now time.Time) time.Time {
	y, m, d := now.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// DailyDeck returns the deck of a date's puzzle. The algorithm is fixed
// forever: SHA-256 of "novaluna daily puzzle YYYY-MM-DD"; its first two
// 8-byte big-endian words seed math/rand/v2's PCG, which drives the shuffle
// of solo.ShuffledDeck.
func DailyDeck(date time.Time) solo.Deck {
	sum := sha256.Sum256([]byte(dailyPrefix + date.Format(DateLayout)))
	hi := binary.BigEndian.Uint64(sum[0:8])
	lo := binary.BigEndian.Uint64(sum[8:16])
	return solo.ShuffledDeck(rand.NewPCG(hi, lo))
}

// Number returns the daily puzzle number of a date: 1 on the launch date,
// counting up by one a day. Dates before the launch have no number (0).
func Number(date time.Time) int {
	days := int(date.Sub(Launch).Hours() / 24)
	if date.Before(Launch) {
		return 0
	}
	return days + 1
}
