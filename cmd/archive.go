package cmd

import (
	"fmt"
	"strings"
	"time"

	"github.com/novaluna/novaluna/history"
	"github.com/novaluna/novaluna/puzzles"
	"github.com/spf13/cobra"
)

type archiveOptions struct {
	st    Streams
	month string
	json  bool
	now   func() time.Time
}

func newArchiveCmd(st Streams) *cobra.Command {
	o := &archiveOptions{st: st, now: time.Now}
	c := &cobra.Command{
		Use:   "archive [--month YYYY-MM]",
		Short: "A month's calendar of daily puzzles, played or not, with your scores",
		Long: `Show a month of daily puzzles as a calendar (weeks from Monday, dates in
UTC): each day shows your score on that daily, from its first finish in
your history, or a dot if you have not played it yet. A score at or below
the par you played against is marked with a star. Days after today and
before daily #1 (2026-11-22) have no puzzle to play.

Play a day you missed with 'novaluna play --date YYYY-MM-DD'; a daily
finished after its date does not count toward a streak.`,
		Example: `  novaluna archive
  novaluna archive --month 2026-12
  novaluna archive --json | jq '.days[] | select(.played | not) | .date'`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return o.run() },
	}
	c.Flags().StringVar(&o.month, "month", "", "the `month` to show, YYYY-MM (default this month in UTC)")
	c.Flags().BoolVar(&o.json, "json", false, "print the month's days as JSON")
	return c
}

type archiveDayJSON struct {
	Date   string `json:"date"`
	Number int    `json:"number"`
	Played bool   `json:"played"`
	Score  int    `json:"score,omitempty"`
	Par    int    `json:"par,omitempty"`
}

type archiveJSON struct {
	Month string           `json:"month"`
	Days  []archiveDayJSON `json:"days"`
}

func (o *archiveOptions) run() error {
	today := puzzles.Today(o.now())
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	if o.month != "" {
		m, err := time.Parse("2006-01", o.month)
		if err != nil {
			return usageErrorf("--month %q: want a month as YYYY-MM, e.g. 2026-12", o.month)
		}
		first = m
	}
	entries, _, err := readHistory(o.st)
	if err != nil {
		return err
	}
	firsts := history.Firsts(entries)
	last := first.AddDate(0, 1, -1)
	var days []archiveDayJSON
	for d := first; !d.After(last); d = d.AddDate(0, 0, 1) {
		if d.After(today) || puzzles.Number(d) == 0 {
			continue
		}
		ds := d.Format(puzzles.DateLayout)
		day := archiveDayJSON{Date: ds, Number: puzzles.Number(d)}
		if e, ok := firsts[ds]; ok {
			day.Played, day.Score, day.Par = true, e.Score, e.Par
		}
		days = append(days, day)
	}
	if o.json {
		return writeJSON(o.st.Out, archiveJSON{first.Format("2006-01"), append([]archiveDayJSON{}, days...)})
	}
	o.print(first, today, days)
	return nil
}

// print draws the calendar: a week a row, Monday first, 8 columns a day.
func (o *archiveOptions) print(first, today time.Time, days []archiveDayJSON) {
	w := o.st.Out
	p := painter{o.st.Colour}
	byDate := map[string]archiveDayJSON{}
	played := 0
	for _, d := range days {
		byDate[d.Date] = d
		if d.Played {
			played++
		}
	}
	fmt.Fprintf(w, "%s\n\n", p.bold("Nova Luna daily puzzles, "+first.Format("January 2006")))
	fmt.Fprintln(w, "    Mon     Tue     Wed     Thu     Fri     Sat     Sun")
	col := (int(first.Weekday()) + 6) % 7 // Monday is 0
	var row strings.Builder
	row.WriteString(strings.Repeat(" ", 8*col))
	last := first.AddDate(0, 1, -1)
	for d := first; !d.After(last); d = d.AddDate(0, 0, 1) {
		cell := fmt.Sprintf("%3d", d.Day())
		day, ok := byDate[d.Format(puzzles.DateLayout)]
		switch {
		case !ok:
			cell = p.faint(cell) + "     "
		case day.Played && day.Par > 0 && day.Score <= day.Par:
			cell += " " + p.good(fmt.Sprintf("%3d*", day.Score))
		case day.Played:
			cell += fmt.Sprintf(" %3d ", day.Score)
		default:
			cell += "   · "
		}
		if d.Equal(today) {
			cell = p.bold(cell)
		}
		row.WriteString(cell)
		col++
		if col == 7 || d.Equal(last) {
			fmt.Fprintln(w, strings.TrimRight(row.String(), " "))
			row.Reset()
			col = 0
		}
	}
	if len(days) == 0 {
		fmt.Fprintf(w, "\nNo daily puzzle to play this month: daily #1 is %s, and days after today (%s, UTC) come later.\n",
			puzzles.Launch.Format(puzzles.DateLayout), today.Format(puzzles.DateLayout))
		return
	}
	fmt.Fprintf(w, "\nPlayed %d of the month's %s. Scores are first finishes; * is at or below par, · not played yet.\n",
		played, plural(len(days), "daily puzzle"))
	if played < len(days) {
		for _, d := range days {
			if !d.Played {
				fmt.Fprintf(w, "Play a missed one: %s play --date %s\n", o.st.prog(), d.Date)
				break
			}
		}
	}
}
