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
same rating on every machine. The best score itself is not shown, so the
puzzle stays unspoilt; compare shows it after you play.`,
		Example: `  novaluna daily
  novaluna daily --date 2026-12-24
  novaluna daily --json > today.json
  novaluna sheet --date 2026-12-24 -o puzzle.pdf`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c.Context()) },
	}
	c.Flags().StringVar(&o.date, "date", "", "the puzzle of this `date` (YYYY-MM-DD; default today in UTC)")
	c.Flags().BoolVar(&o.json, "json", false, `print the FORMATS.md deck document with "date", "number" and "difficulty"`)
	return c
}

// dailyJSON is the FORMATS.md deck document with the daily's own keys.
type dailyJSON struct {
	Deck       solo.Deck `json:"deck"`
	Date       string    `json:"date"`
	Number     int       `json:"number"`
	Difficulty string    `json:"difficulty"`
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
	rating, _, err := puzzles.RateDeck(ctx, deck)
	if o.st.ErrTTY {
		fmt.Fprint(o.st.Err, "\r\033[K") // clear the notice
	}
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(o.st.Out, dailyJSON{deck, date.Format(puzzles.DateLayout), puzzles.Number(date), rating.String()})
	}
	p := painter{o.st.Colour}
	w := o.st.Out
	title := dailyLabel(date)
	if o.date == "" {
		title += ", today in UTC"
	}
	fmt.Fprintf(w, "%s\n", p.bold("Nova Luna "+title))
	fmt.Fprintf(w, "Difficulty: %s\n\n", rating.Stars()+" "+rating.String())
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
	fmt.Fprintf(w, "\nPlay it:  novaluna play --date %s --save line.json\n", ds)
	fmt.Fprintf(w, "Then:     novaluna compare line.json\n")
	fmt.Fprintf(w, "Print it: novaluna sheet --date %s -o daily.pdf\n", ds)
	return nil
}
