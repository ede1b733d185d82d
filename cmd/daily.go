package cmd

import (
	"context"
	"fmt"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

type dailyOptions struct {
	st   Streams
	date string
	json bool
	now  func() time.Time
}

func newDailyCmd(st Streams) *cobra.Command {
	o := &dailyOptions{st: st, now: time.Now}
	c := &cobra.Command{
		Use:   "daily [--date YYYY-MM-DD]",
		Short: "Show the daily puzzle: today's (in UTC) or a date's",
		Long: `Show a daily puzzle: its number, its difficulty, the opening wheel and the
refill order. Without --date it is today's puzzle, where today is the date
in UTC (a new puzzle starts at 00:00 UTC everywhere).

Everyone gets the same deck for the same date, with every build of
novaluna, forever: the deck is a shuffle seeded by SHA-256 of
"novaluna daily puzzle YYYY-MM-DD" (see the README). Daily #1 is
2026-11-22.

The difficulty comes from the best score a fixed search finds (one
worker, 2,000,000 nodes, about a second): easy below 90, medium below 100,
hard below 110, very hard from 110 up (the rulebook's benchmark is to stay
below 100). The search is counted in nodes, not seconds, so a date has the
same rating on every machine.

The par is the date's reference score: the score of a line the tool can
show, the same on every machine and in every run (never a clock). It is the
lower of the table of pars shipped with novaluna and what the rating's
search finds; a new release may lower a date's par, never raise it. Play's
end screen, the share line, compare and the sheet's answer page set your
score against it. --json carries the par line too (a spoiler).`,
		Example: `  novaluna daily
  novaluna daily --date 2026-12-24
  novaluna daily --json > today.json
  novaluna sheet --date 2026-12-24 -o puzzle.pdf`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c.Context()) },
	}
	c.Flags().StringVar(&o.date, "date", "", "the puzzle of this `date` (YYYY-MM-DD; default today in UTC)")
	c.Flags().BoolVar(&o.json, "json", false, `print the FORMATS.md deck document with "date", "number", "difficulty", "par" and "par_line"`)
	return c
}

// dailyJSON is the FORMATS.md deck document with the daily's own keys.
type dailyJSON struct {
	Deck       solo.Deck `json:"deck"`
	Date       string    `json:"date"`
	Number     int       `json:"number"`
	Difficulty string    `json:"difficulty"`
	Par        int       `json:"par"`
	ParLine    solo.Line `json:"par_line"`
}

func (o *dailyOptions) run(ctx context.Context) error {
	date := puzzles.Today(o.now())
	if o.date != "" {
		d, err := puzzles.ParseDate(o.date)
		if err != nil {
			return usageErrorf("--date: %v", err)
		}
		date = d
	}
	deck := puzzles.DailyDeck(date)
	if o.st.ErrTTY {
		fmt.Fprint(o.st.Err, "rating the difficulty...")
	}
	rating, par, err := rateDaily(ctx, date)
	if o.st.ErrTTY {
		fmt.Fprint(o.st.Err, "\r\033[K") // clear the notice
	}
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(o.st.Out, dailyJSON{deck, date.Format(puzzles.DateLayout), puzzles.Number(date), rating.String(), par.Par, par.Line})
	}
	p := painter{o.st.Colour}
	w := o.st.Out
	title := dailyLabel(date)
	if o.date == "" {
		title += ", today in UTC"
	}
	fmt.Fprintf(w, "%s\n", p.bold("Nova Luna "+title))
	fmt.Fprintf(w, "Difficulty: %s\n", rating.Stars()+" "+rating.String())
	fmt.Fprintf(w, "Par:        %d %s\n\n", par.Par, p.faint("(the reference score: lower is better)"))
	fmt.Fprintln(w, "The opening wheel, clockwise (take one of the first three tiles after the moon figure):")
	fmt.Fprintf(w, "  space  0  %s\n", p.paint("☾ moon figure", fgColours[solo.Yellow]))
	for i := range solo.SetupTiles {
		fmt.Fprintf(w, "  space %2d  %s\n", i+1, p.tile(deck[i]))
	}
	fmt.Fprintln(w, "\nThe refill between the phases, in draw order (R14):")
	for i := solo.SetupTiles; i < solo.MaxTurns; i++ {
		fmt.Fprintf(w, "  draw %2d   %s\n", i-solo.SetupTiles+1, p.tile(deck[i]))
	}
	ds := date.Format(puzzles.DateLayout)
	prog := o.st.prog()
	// A file of its own for each day: a save never replaces another
	// game's line unasked.
	fmt.Fprintf(w, "\nPlay it:  %s play --date %s --save daily-%s.json\n", prog, ds, ds)
	fmt.Fprintf(w, "Then:     %s compare daily-%s.json\n", prog, ds)
	fmt.Fprintf(w, "Print it: %s sheet --date %s -o daily.pdf\n", prog, ds)
	return nil
}

// rateDaily rates a date's puzzle and finds its par, with one search.
func rateDaily(ctx context.Context, date time.Time) (puzzles.Difficulty, puzzles.ParResult, error) {
	rating, res, err := puzzles.RateDeck(ctx, puzzles.DailyDeck(date))
	if err != nil {
		return 0, puzzles.ParResult{}, err
	}
	par, err := puzzles.Par(ctx, date, &puzzles.ParResult{Par: res.Score.Total(), Line: res.Line, Proven: res.Optimal})
	return rating, par, err
}
