// Command genpars makes or extends the table of daily pars, puzzles/pars.txt.
// For each date it runs the rating's deterministic search (one worker, a
// node budget) and keeps the lower of the table's par and the score found,
// so that regenerating the table can lower a par but never raise it. It
// writes the whole table after every date (a temporary file renamed over
// the old), so it can be stopped and started again; dates already in the
// table are skipped unless -redo is given.
//
//	cd puzzles && nice -n 19 go run ./internal/genpars -from 2026-11-22 -to 2027-12-31
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

const header = `Pars of the daily puzzles: date, par, turns of phase 1, moves (tile@x,y).
Made by puzzles/internal/genpars (go generate ./puzzles); do not edit by hand.
A regenerated table keeps the lower of the old and the new par of a date.`

func main() {
	from := flag.String("from", "2026-11-22", "first `date`")
	to := flag.String("to", "2027-12-31", "last `date`")
	out := flag.String("out", "pars.txt", "the table `file` to extend")
	nodes := flag.Int64("nodes", puzzles.RatingNodes, "node budget of each date's search (one worker)")
	redo := flag.Bool("redo", false, "search dates already in the table again (keeping the lower par)")
	flag.Parse()
	if err := run(*from, *to, *out, *nodes, *redo); err != nil {
		fmt.Fprintln(os.Stderr, "genpars:", err)
		os.Exit(1)
	}
}

func run(fromS, toS, out string, nodes int64, redo bool) error {
	from, err := puzzles.ParseDate(fromS)
	if err != nil {
		return err
	}
	to, err := puzzles.ParseDate(toS)
	if err != nil {
		return err
	}
	byDate := map[string]puzzles.ParEntry{}
	data, err := os.ReadFile(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		entries, err := puzzles.ReadParTable(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", out, err)
		}
		for _, e := range entries {
			byDate[e.Date.Format(puzzles.DateLayout)] = e
		}
	}
	ctx := context.Background()
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		ds := d.Format(puzzles.DateLayout)
		old, had := byDate[ds]
		if had && !redo {
			continue
		}
		start := time.Now()
		res, err := solver.Solve(ctx, puzzles.DailyDeck(d), solver.Options{Workers: 1, TableBits: 20, MaxNodes: nodes})
		if err != nil {
			return fmt.Errorf("%s: %w", ds, err)
		}
		if sc, err := solo.Replay(res.Line); err != nil || sc.Total() != res.Score.Total() {
			return fmt.Errorf("%s: the solver's line does not replay to its score %d: %v", ds, res.Score.Total(), err)
		}
		e := puzzles.ParEntry{Date: d, Par: res.Score.Total(), Line: res.Line}
		if had && old.Par <= e.Par {
			e = old
		}
		byDate[ds] = e
		fmt.Fprintf(os.Stderr, "%s par %d (found %d in %.1fs)\n", ds, e.Par, res.Score.Total(), time.Since(start).Seconds())
		if err := write(out, byDate); err != nil {
			return err
		}
	}
	return write(out, byDate)
}

func write(path string, byDate map[string]puzzles.ParEntry) error {
	entries := make([]puzzles.ParEntry, 0, len(byDate))
	for _, e := range byDate {
		entries = append(entries, e)
	}
	var b bytes.Buffer
	if err := puzzles.WriteParTable(&b, header, entries); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".pars-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
