package cmd

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/novaluna/novaluna/history"
	"github.com/spf13/cobra"
)

type statsOptions struct {
	st   Streams
	json bool
	now  func() time.Time
}

func newStatsCmd(st Streams) *cobra.Command {
	o := &statsOptions{st: st, now: time.Now}
	c := &cobra.Command{
		Use:   "stats [--json]",
		Short: "Your games, daily streaks and scores against par",
		Long: `Show the statistics of the games you finished, read from history.jsonl in
the data directory ($NOVALUNA_HOME, else ~/.local/share/novaluna on Linux):

  - games played, and how many were daily puzzles;
  - the current and the longest streak: consecutive days whose daily you
    finished on its own date (UTC); the current one ends today or
    yesterday;
  - the mean of your scores over par and how often you were at or below
    par, counting each daily's first finish (a replay is recorded but does
    not count);
  - a chart of your dailies by score over par.

A damaged line of the history (a torn write, a hand edit) is reported on
stderr and skipped; it stays in the file. --json prints the FORMATS.md
statistics document.`,
		Example: `  novaluna stats
  novaluna stats --json | jq .current_streak`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return o.run() },
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the statistics as JSON")
	return c
}

// readHistory reads the history, reporting skipped lines on stderr.
func readHistory(st Streams) ([]history.Entry, string, error) {
	dir, err := history.Dir()
	if err != nil {
		return nil, "", err
	}
	entries, problems, err := history.Read(dir)
	if err != nil {
		return nil, dir, err
	}
	for _, p := range problems {
		fmt.Fprintf(st.Err, "novaluna: %s\n", filepath.Join(dir, p.Error()))
	}
	return entries, dir, nil
}

func (o *statsOptions) run() error {
	entries, dir, err := readHistory(o.st)
	if err != nil {
		return err
	}
	s := history.Summarize(entries, o.now())
	if o.json {
		return writeJSON(o.st.Out, s)
	}
	w := o.st.Out
	p := painter{o.st.Colour}
	fmt.Fprintf(w, "%s\n", p.bold("Nova Luna statistics"))
	fmt.Fprintf(w, "%s\n\n", p.faint("from "+filepath.Join(dir, history.FileName)))
	if s.Played == 0 {
		fmt.Fprintf(w, "No finished games yet. Play today's puzzle with '%s play'.\n", o.st.prog())
		return nil
	}
	mean := "-"
	if s.MeanOverPar != nil {
		mean = fmt.Sprintf("%+.1f", *s.MeanOverPar)
	}
	rows := [][2]string{
		{"Games played", fmt.Sprint(s.Played)},
		{"Daily puzzles", fmt.Sprint(s.Dailies)},
		{"Current streak", plural(s.CurrentStreak, "day")},
		{"Longest streak", plural(s.MaxStreak, "day")},
		{"Mean over par", mean},
		{"At or below par", fmt.Sprint(s.AtOrBelowPar)},
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-16s %s\n", r[0], r[1])
	}
	writeChart(w, p, s.OverPar)
	return nil
}

// writeChart draws the dailies' scores over par as bars, 30 columns at most.
func writeChart(w io.Writer, p painter, counts []int) {
	most := 0
	for _, n := range counts {
		most = max(most, n)
	}
	if most == 0 {
		return
	}
	fmt.Fprintf(w, "\nDailies by score over par (first finishes):\n")
	for i, n := range counts {
		bar := strings.Repeat("█", (n*30+most-1)/most)
		if i == 0 {
			bar = p.good(bar)
		}
		fmt.Fprintf(w, "  %-13s %s %d\n", history.BandLabels[i], bar, n)
	}
}
