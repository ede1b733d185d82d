package puzzles

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/novaluna/novaluna/solo"
)

//go:generate nice -n 19 go run ./internal/genpars -from 2026-11-22 -to 2027-12-31

// parTableText is the table of pars shipped with the release: for each date,
// the score of the best line the deterministic search found when the table
// was made, and that line. See Par for why a table.
//
//go:embed pars.txt
var parTableText []byte

// ParEntry is a date's row of the par table: a par and a line that scores it.
type ParEntry struct {
	Date time.Time
	Par  int
	Line solo.Line // a complete line of the date's deck; it replays to Par
}

// ParResult is a date's par and where it comes from.
type ParResult struct {
	Par  int
	Line solo.Line // a line of the date's deck that scores Par
	// Proven says no line can score less than Par.
	Proven bool
	// FromTable says the par is the shipped table's, which the search of
	// this release did not beat.
	FromTable bool
}

var (
	parTableOnce sync.Once
	parTable     map[string]ParEntry
	parTableErr  error
)

// ParTable returns the shipped table of pars, by date (YYYY-MM-DD).
func ParTable() (map[string]ParEntry, error) {
	parTableOnce.Do(func() {
		var entries []ParEntry
		entries, parTableErr = ReadParTable(bytes.NewReader(parTableText))
		parTable = make(map[string]ParEntry, len(entries))
		for _, e := range entries {
			parTable[e.Date.Format(DateLayout)] = e
		}
	})
	return parTable, parTableErr
}

// Par returns the par of a date's daily puzzle: the reference score that
// play's end screen, the share line, compare and the answer page set a
// player's score against. It is the lower of two scores, both fixed for a
// release and the same on every machine and in every run:
//
//   - the table shipped with the release (pars.txt, made by the same search
//     as the rating, from the launch to the table's last date), and
//   - the rating's search of this release (RateDeck: one worker, a node
//     budget, no clock).
//
// A new solver may find a worse line than an older one within the same
// node budget; the table keeps the older line, so a date's par can only go
// down from one release to the next, never up. rated is the result of
// RateDeck for the date's deck if the caller has it already; nil runs it.
func Par(ctx context.Context, date time.Time, rated *ParResult) (ParResult, error) {
	var now ParResult
	if rated != nil {
		now = *rated
	} else if r, ok := ratedCache.get(date); ok {
		now = r
	} else {
		_, res, err := RateDeck(ctx, DailyDeck(date))
		if err != nil {
			return ParResult{}, err
		}
		now = ParResult{Par: res.Score.Total(), Line: res.Line, Proven: res.Optimal}
		ratedCache.put(date, now)
	}
	table, err := ParTable()
	if err != nil {
		return ParResult{}, err
	}
	if e, ok := table[date.Format(DateLayout)]; ok && e.Par < now.Par {
		return ParResult{Par: e.Par, Line: e.Line, FromTable: true}, nil
	}
	return now, nil
}

// ReadParTable reads a par table: '#' comments and one date a line,
//
//	2026-11-22 86 6 55@0,0 40@1,0 ...
//
// the date, the par, the turn after which phase 1 ends and the moves as
// tile@x,y. The deck is the date's daily deck. It checks the form, not the
// rules (the tests replay every line).
func ReadParTable(r io.Reader) ([]ParEntry, error) {
	var out []ParEntry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		e, err := parseParRow(text)
		if err != nil {
			return nil, fmt.Errorf("par table line %d: %w", n, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("par table: %w", err)
	}
	return out, nil
}

func parseParRow(text string) (ParEntry, error) {
	f := strings.Fields(text)
	if len(f) < 4 {
		return ParEntry{}, fmt.Errorf("want a date, a par, phase 1's turns and the moves, got %q", text)
	}
	date, err := ParseDate(f[0])
	if err != nil {
		return ParEntry{}, err
	}
	par, err := strconv.Atoi(f[1])
	if err != nil {
		return ParEntry{}, fmt.Errorf("par %q is not a number", f[1])
	}
	p1, err := strconv.Atoi(f[2])
	if err != nil {
		return ParEntry{}, fmt.Errorf("phase 1's turns %q is not a number", f[2])
	}
	line := solo.Line{Deck: DailyDeck(date), Phase1Turns: p1}
	for _, m := range f[3:] {
		var mv solo.Move
		if _, err := fmt.Sscanf(m, "%d@%d,%d", &mv.Tile, &mv.X, &mv.Y); err != nil {
			return ParEntry{}, fmt.Errorf("move %q: want tile@x,y", m)
		}
		line.Moves = append(line.Moves, mv)
	}
	return ParEntry{Date: date, Par: par, Line: line}, nil
}

// WriteParTable writes entries in date order in the form ReadParTable reads,
// after a header of comment lines.
func WriteParTable(w io.Writer, header string, entries []ParEntry) error {
	entries = slices.Clone(entries)
	slices.SortFunc(entries, func(a, b ParEntry) int { return a.Date.Compare(b.Date) })
	bw := bufio.NewWriter(w)
	for _, h := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		fmt.Fprintf(bw, "# %s\n", h)
	}
	for _, e := range entries {
		fmt.Fprintf(bw, "%s %d %d", e.Date.Format(DateLayout), e.Par, e.Line.Phase1Turns)
		for _, m := range e.Line.Moves {
			fmt.Fprintf(bw, " %d@%d,%d", m.Tile, m.X, m.Y)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// ratedCache keeps the rating search's results by date: the search takes
// about a second and its result is fixed for a release, so a process (a
// server, a test run, a booklet) need not repeat it.
var ratedCache = parCache{m: map[string]ParResult{}}

// maxCachedPars bounds the cache; it is cleared when full.
const maxCachedPars = 1024

type parCache struct {
	mu sync.Mutex
	m  map[string]ParResult
}

func (c *parCache) get(date time.Time) (ParResult, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[date.Format(DateLayout)]
	return r, ok
}

func (c *parCache) put(date time.Time, r ParResult) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxCachedPars {
		clear(c.m)
	}
	c.m[date.Format(DateLayout)] = r
}
