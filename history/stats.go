package history

import (
	"slices"
	"time"
)

// Firsts returns, for each daily date (YYYY-MM-DD), the first finish of
// that daily: the one that counts. Playing a daily again is recorded but
// changes neither its score in the statistics nor the archive's.
func Firsts(entries []Entry) map[string]Entry {
	out := map[string]Entry{}
	for _, e := range entries {
		if !e.IsDaily() {
			continue
		}
		k := e.Date.Format(DateLayout)
		if old, ok := out[k]; !ok || e.FinishedAt.Before(old.FinishedAt) {
			out[k] = e
		}
	}
	return out
}

// Stats are the statistics of FORMATS.md's stats --json, with the spread of
// scores over par for the chart.
type Stats struct {
	Played        int      `json:"played"`
	Dailies       int      `json:"dailies"`
	CurrentStreak int      `json:"current_streak"`
	MaxStreak     int      `json:"max_streak"`
	MeanOverPar   *float64 `json:"mean_over_par"` // null before a daily with a par
	AtOrBelowPar  int      `json:"at_or_below_par"`
	// OverPar counts first finishes of dailies by score minus par, in the
	// bands of OverParBands.
	OverPar []int `json:"over_par"`
}

// OverParBands are the upper ends of the bands of Stats.OverPar: at or
// below par, 1-5 over, 6-10, 11-20, 21-40, more than 40.
var OverParBands = []int{0, 5, 10, 20, 40}

// BandLabels name the bands of OverParBands.
var BandLabels = []string{"par or better", "+1 to +5", "+6 to +10", "+11 to +20", "+21 to +40", "over +40"}

// Summarize computes the statistics of a history on the UTC date of now.
// Over-par figures use each daily's first finish; streaks count dates whose
// daily was finished on its own date, and the current streak ends today or
// yesterday.
func Summarize(entries []Entry, now time.Time) Stats {
	s := Stats{Played: len(entries), OverPar: make([]int, len(OverParBands)+1)}
	onDay := map[string]bool{}
	for _, e := range entries {
		if e.IsDaily() {
			s.Dailies++
			if e.OnItsDay() {
				onDay[e.Date.Format(DateLayout)] = true
			}
		}
	}
	sum, n := 0, 0
	for _, e := range Firsts(entries) {
		if e.Par <= 0 {
			continue
		}
		d := e.Score - e.Par
		sum += d
		n++
		if d <= 0 {
			s.AtOrBelowPar++
		}
		band, _ := slices.BinarySearch(OverParBands, d)
		if d < 0 {
			band = 0
		}
		s.OverPar[band]++
	}
	if n > 0 {
		m := float64(sum) / float64(n)
		m = float64(int(m*10+sign(m)*0.5)) / 10 // one decimal
		s.MeanOverPar = &m
	}
	dates := make([]time.Time, 0, len(onDay))
	for k := range onDay {
		d, _ := time.Parse(DateLayout, k)
		dates = append(dates, d)
	}
	slices.SortFunc(dates, func(a, b time.Time) int { return a.Compare(b) })
	run := 0
	for i, d := range dates {
		if i > 0 && dates[i-1].AddDate(0, 0, 1).Equal(d) {
			run++
		} else {
			run = 1
		}
		s.MaxStreak = max(s.MaxStreak, run)
	}
	y, m, d := now.UTC().Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	day := today
	if !onDay[day.Format(DateLayout)] {
		day = day.AddDate(0, 0, -1) // today's may not be played yet
	}
	for onDay[day.Format(DateLayout)] {
		s.CurrentStreak++
		day = day.AddDate(0, 0, -1)
	}
	return s
}

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}
