package history

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestSummarize(t *testing.T) {
	now, _ := time.Parse(time.RFC3339, "2026-11-30T12:00:00Z")
	es := []Entry{
		entry(t, 1, "2026-11-22", "2026-11-22T10:00:00Z", 0),
		entry(t, 2, "2026-11-23", "2026-11-23T10:00:00Z", 0),
		entry(t, 3, "2026-11-24", "2026-11-25T00:30:00Z", 0), // late: breaks the streak
		entry(t, 4, "2026-11-25", "2026-11-25T10:00:00Z", 0),
		entry(t, 5, "2026-11-26", "2026-11-26T10:00:00Z", 0),
		entry(t, 6, "2026-11-27", "2026-11-27T10:00:00Z", 0),
		entry(t, 7, "2026-11-28", "2026-11-28T23:59:59Z", 0),
		entry(t, 8, "2026-11-29", "2026-11-29T10:00:00Z", 0),
		entry(t, 9, "", "2026-11-29T11:00:00Z", 0),
	}
	// Pars that put the first finishes at -2, 0, +3, +7, +15, +30, +50.
	overs := []int{-2, 0, 3, 7, 15, 30, 50, 5}
	for i, d := range overs {
		es[i].Par = es[i].Score - d
	}
	replay := es[0] // the launch played again later, better: it does not count
	replay.FinishedAt = replay.FinishedAt.Add(48 * time.Hour)
	replay.Score = replay.Par - 20
	es = append(es, replay)

	s := Summarize(es, now)
	assert.Equal(t, 10, s.Played)
	assert.Equal(t, 9, s.Dailies)
	assert.Equal(t, 5, s.CurrentStreak, "25 to 29 November, ending yesterday")
	assert.Equal(t, 5, s.MaxStreak)
	if assert.NotNil(t, s.MeanOverPar) {
		assert.InDelta(t, float64(-2+0+3+7+15+30+50+5)/8, *s.MeanOverPar, 0.05)
	}
	assert.Equal(t, 2, s.AtOrBelowPar)
	assert.Equal(t, []int{2, 2, 1, 1, 1, 1}, s.OverPar)

	// Today's daily played extends the streak; a gap of two days ends it.
	today := entry(t, 10, "2026-11-30", "2026-11-30T08:00:00Z", 0)
	assert.Equal(t, 6, Summarize(append(es, today), now).CurrentStreak)
	assert.Equal(t, 0, Summarize(es, now.AddDate(0, 0, 2)).CurrentStreak)
	assert.Equal(t, 5, Summarize(es, now.AddDate(0, 0, 2)).MaxStreak)

	empty := Summarize(nil, now)
	assert.Equal(t, Stats{OverPar: make([]int, 6)}, empty)
}

func TestFirsts(t *testing.T) {
	a := entry(t, 1, "2026-11-22", "2026-11-22T10:00:00Z", 80)
	b := entry(t, 2, "2026-11-22", "2026-11-22T09:00:00Z", 80) // earlier, later in the file
	c := entry(t, 3, "", "2026-11-22T08:00:00Z", 0)
	got := Firsts([]Entry{a, b, c})
	assert.Equal(t, map[string]Entry{"2026-11-22": b}, got)
}
