package cmd

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/novaluna/novaluna/internal/fileio"
	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
	"github.com/spf13/cobra"
)

// maxSheetDays caps a booklet at a year of daily puzzles.
const maxSheetDays = 366

type sheetOptions struct {
	st      Streams
	src     deckSource
	days    int
	out     string
	limit   time.Duration
	answers bool
	// caught tells which signal stopped the sheet, if one did; nil where
	// no signal is listened to (tests).
	caught func() os.Signal
}

func newSheetCmd(st Streams) *cobra.Command {
	o := &sheetOptions{st: st, src: deckSource{withDaily: true}}
	c := &cobra.Command{
		Use:   "sheet (--daily | --date YYYY-MM-DD [--days N] | --seed N | --deck FILE) -o FILE.pdf",
		Short: "Print puzzles as a PDF to play at the table",
		Long: `Write a PDF to play a puzzle at the table, with the real tiles or on paper.
Each puzzle gets a page with the wheel (the 11 opening tiles with colour,
cost and tasks on their spaces, and the moon figure on space 0), the refill
order in a strip to keep covered until phase 1 ends, a score box (S1, P1,
S2, P2, total) and 21 token circles to tick.

The answer pages come at the back: for each puzzle, the best line the
solver finds in --time, its score and its final display. --days N makes a
booklet of N daily puzzles from --date on (1 to 366); a progress bar shows
the solving when stderr is a terminal. The file is written only when it is
complete.`,
		Example: `  novaluna sheet --daily -o today.pdf
  novaluna sheet --date 2026-12-24 -o christmas-eve.pdf
  novaluna sheet --date 2027-01-01 --days 31 -o january.pdf
  novaluna sheet --seed 7 --time 10s -o seed7.pdf
  novaluna sheet --date 2027-01-01 --days 365 --answers=false -o 2027.pdf`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			ctx, caught, stop := onStopSignal(c.Context())
			defer stop()
			o.caught = caught
			return o.run(ctx)
		},
	}
	o.src.addFlags(c)
	c.Flags().IntVar(&o.days, "days", 1, "with --date: a booklet of this many daily puzzles (1 to 366)")
	c.Flags().StringVarP(&o.out, "output", "o", "", "the PDF `file` to write (required)")
	c.Flags().DurationVar(&o.limit, "time", 2*time.Second, "solver time for each puzzle's answer page")
	c.Flags().BoolVar(&o.answers, "answers", true, "add answer pages (needs a solve per puzzle)")
	return c
}

func (o *sheetOptions) run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if o.out == "" {
		return usageErrorf("choose the output file with -o FILE.pdf")
	}
	if o.days < 1 || o.days > maxSheetDays {
		return usageErrorf("--days %d: want 1 to %d", o.days, maxSheetDays)
	}
	if o.days > 1 && o.src.date == "" && !o.src.daily {
		return usageErrorf("--days needs --date or --daily: a booklet is a run of daily puzzles")
	}
	if o.answers && o.limit <= 0 {
		return usageErrorf("--time %v: want a positive duration such as 2s", o.limit)
	}
	var ps []puzzles.SheetPuzzle
	var dates []time.Time // the daily puzzles' dates, if they are dailies
	if date, ok, err := o.src.dailyDate(); err != nil {
		return err
	} else if ok && o.src.seed == "" && o.src.deckFile == "" {
		if last := date.AddDate(0, 0, o.days-1); last.Year() > 9999 {
			return usageErrorf("--days %d: the booklet would run past 9999-12-31, the last date --date takes", o.days)
		}
		for i := range o.days {
			d := date.AddDate(0, 0, i)
			ps = append(ps, puzzles.SheetPuzzle{Title: puzzles.DailyTitle(d), Deck: puzzles.DailyDeck(d)})
			dates = append(dates, d)
		}
	} else {
		deck, label, err := o.src.load()
		if err != nil {
			return err
		}
		title := label
		switch {
		case o.src.seed != "":
			title = "Seed " + o.src.seed
		case o.src.deckFile != "":
			title = "Deck " + filepath.Base(o.src.deckFile)
		}
		ps = append(ps, puzzles.SheetPuzzle{Title: title, Deck: deck})
	}
	// Fail on an unwritable folder before spending time on the answers.
	if err := checkWritable(o.out); err != nil {
		return err
	}
	if o.answers {
		update, finish := progress(o.st, "solving")
		update(0, len(ps))
		for i := range ps {
			res, err := solver.Solve(ctx, ps[i].Deck, solver.Options{Time: o.limit})
			if ctx.Err() != nil {
				// An answer cut short by a signal would be a weak
				// answer page; nothing is written.
				finish()
				msg := fmt.Sprintf("%d of %d answer pages solved; nothing written to %s", i, len(ps), o.out)
				if o.caught != nil {
					return interrupted(o.caught, ctx.Err(), "%s", msg)
				}
				return fmt.Errorf("stopped: %s", msg)
			}
			if err != nil {
				finish()
				return fmt.Errorf("%s: %w", ps[i].Title, err)
			}
			ps[i].Answer = &puzzles.Answer{Line: res.Line, Score: res.Score, Optimal: res.Optimal,
				LowerBound: res.LowerBound, Elapsed: res.Elapsed}
			if dates != nil {
				if err := withPar(ctx, ps[i].Answer, dates[i]); err != nil {
					finish()
					return fmt.Errorf("%s: %w", ps[i].Title, err)
				}
			}
			update(i+1, len(ps))
		}
		finish()
	}
	var b bytes.Buffer
	if err := puzzles.WriteSheets(&b, ps); err != nil {
		return err
	}
	if err := writeFileAtomic(o.out, b.Bytes()); err != nil {
		return err
	}
	pages := len(ps)
	if o.answers {
		pages *= 2
	}
	// Written to /dev/stdout or a pipe, the PDF is the output: the
	// summary goes to stderr, not into it.
	summary := o.st.Out
	if fileio.Streamed(o.out) {
		summary = o.st.Err
	}
	fmt.Fprintf(summary, "wrote %s: %s, %s (%d KB)\n", o.out, plural(len(ps), "puzzle"), plural(pages, "page"), (b.Len()+1023)/1024)
	return nil
}

// plural writes "1 page" or "3 pages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// withPar gives a daily's answer its par, and the par line in place of a
// search that did not find as good.
func withPar(ctx context.Context, a *puzzles.Answer, date time.Time) error {
	par, err := puzzles.Par(ctx, date, nil)
	if err != nil {
		return err
	}
	a.Par = par.Par
	if par.Par < a.Score.Total() {
		sc, err := solo.Replay(par.Line)
		if err != nil {
			return fmt.Errorf("the par line: %w", err)
		}
		a.Line, a.Score, a.Optimal = par.Line, sc, par.Proven || a.LowerBound >= par.Par
	}
	return nil
}
