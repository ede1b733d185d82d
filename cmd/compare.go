package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

type compareOptions struct {
	st    Streams
	path  string
	limit time.Duration // a clock instead of the node budget; 0: use nodes
	nodes int64         // the node budget of each search
	// nodesSet tells --nodes 0 (a mistake) from no --nodes.
	nodesSet bool
	timeSet  bool
	json     bool
	now      func() time.Time
}

func newCompareCmd(st Streams) *cobra.Command {
	o := &compareOptions{st: st, now: time.Now}
	c := &cobra.Command{
		Use:   "compare LINE.json",
		Short: "Compare your line with the best line the solver finds",
		Long: `Compare a line you played (a FORMATS.md line document, e.g. saved by play)
with the best line the solver finds for the same deck:

  - both scores, with S1, P1, S2 and P2;
  - where the points went: the phase-1 tiles (paid twice, in S1 and S2),
    all the tiles (S2) and the penalties (P1 + P2);
  - the first turn where the two lines part (a display that is only
    shifted, turned or mirrored counts as the same);
  - for every turn of yours, the best score still reachable after it, and
    how many points the turn cost against the best before it.

For every turn that cost points it names the better move (tile and cell,
in your line's coordinates) and what it would have saved.

Every search stops after --nodes N nodes on one worker (2000000 by
default, about a second each here), so the same line gives the same
comparison in every run and on every machine: you can check a friend's
figures. --time replaces the node budget by a clock (all workers, so the
result depends on the machine): at least a third goes to the search from
the opening, the rest is shared among your turns. A best score marked "≤"
was not proven optimal: a bigger budget may find better.

For a daily puzzle the date's par (see 'daily --help') is shown, its line
counts as found, and the spoiler-free share line is printed at the end; a
best line below par is labelled as better than par.`,
		Example: `  novaluna play --daily --save line.json
  novaluna compare line.json
  novaluna compare --time 2m line.json
  novaluna compare --nodes 8000000 line.json
  novaluna compare --json line.json | jq '.turns[] | select(.loss > 0)'`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			o.path = args[0]
			o.nodesSet = c.Flags().Changed("nodes")
			o.timeSet = c.Flags().Changed("time")
			if o.nodesSet && c.Flags().Changed("time") {
				return usageErrorf("give --time or --nodes, not both: --nodes replaces the clock")
			}
			ctx, caught, stop := onStopSignal(c.Context())
			defer stop()
			err := o.run(ctx)
			return interrupted(caught, err, "the comparison needs every turn's search, so there is nothing to show; a smaller --nodes is quicker")
		},
	}
	c.Flags().DurationVar(&o.limit, "time", 0, "instead of --nodes: the solver's whole time budget, e.g. 30s (results vary by run and machine)")
	c.Flags().Int64Var(&o.nodes, "nodes", puzzles.RatingNodes, "stop each search after `N` nodes, one worker: the same result every run")
	c.Flags().BoolVar(&o.json, "json", false, "print the comparison as JSON")
	return c
}

func (o *compareOptions) run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	opts := puzzles.CompareOptions{Nodes: o.nodes, Workers: 1}
	switch {
	case o.limit < 0 || o.limit == 0 && o.timeSet:
		return usageErrorf("--time %v: want a positive duration such as 30s", o.limit)
	case o.limit > 0:
		opts = puzzles.CompareOptions{Time: o.limit}
		o.nodes = 0
	case o.nodes <= 0:
		return usageErrorf("--nodes %d: want a positive node count such as 2000000", o.nodes)
	}
	l, err := readLineInput(o.path, o.st.In)
	if err != nil {
		return err
	}
	if _, err := solo.Replay(l); err != nil {
		if u := unfinished(l, o.path); u != nil {
			return fmt.Errorf("%s is %s", inputName(o.path), u.Msg)
		}
		return fmt.Errorf("%s: %w", inputName(o.path), err)
	}
	update, finish := progress(o.st, "searching")
	update(0, len(l.Moves)+1)
	date, daily := puzzles.FindDaily(l.Deck, o.now())
	var par puzzles.ParResult
	if daily {
		// The par's own search is the first of the comparison's searches.
		if par, err = puzzles.Par(ctx, date, nil); err != nil {
			finish()
			return err
		}
		opts.Known = &par.Line
	}
	update(1, len(l.Moves)+1)
	opts.Progress = func(done, total int) { update(done+1, total+1) }
	cmp, err := puzzles.Compare(ctx, l, opts)
	finish()
	if err != nil {
		return fmt.Errorf("%s: %w", o.path, err)
	}
	share := ""
	if daily {
		share, err = puzzles.ShareLine(date, l, par.Par)
		if err != nil {
			return err
		}
	}
	if o.json {
		return writeJSON(o.st.Out, toCompareJSON(cmp, share, date, daily, par.Par, o.nodes))
	}
	label := o.path
	if daily {
		label += ", " + strings.Replace(strings.TrimSuffix(dailyLabel(date), ")"), " (", ", ", 1)
	}
	o.print(cmp, label, share, par.Par)
	return nil
}

func (o *compareOptions) print(c puzzles.Comparison, label, share string, par int) {
	w := o.st.Out
	p := painter{o.st.Colour}
	budget := roundDuration(c.Elapsed).String()
	if o.nodes > 0 {
		budget = fmt.Sprintf("%d nodes a search", o.nodes)
	}
	fmt.Fprintf(w, "%s\n", p.bold(fmt.Sprintf("%s: your line against the best line found in %s", label, budget)))
	best := fmt.Sprint(c.BestScore.Total())
	if !c.BestProven {
		best = "≤" + best
	}
	us, bs := c.UserScore, c.BestScore
	fmt.Fprintf(w, "\n             %6s %6s\n", "yours", "best")
	rows := []struct {
		name   string
		u, b   int
		remark string
	}{
		{"S1", us.S1, bs.S1, "tile costs at the end of phase 1"},
		{"P1", us.P1, bs.P1, "10 x missing phase-1 tokens"},
		{"S2", us.S2, bs.S2, "tile costs at the end"},
		{"P2", us.P2, bs.P2, "10 x missing tokens of 21"},
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-10s %6d %6d   %s\n", r.name, r.u, r.b, p.faint(r.remark))
	}
	fmt.Fprintf(w, "  %s %s %s   %s\n", p.bold("Score     "), p.bold(fmt.Sprintf("%6d", us.Total())), p.bold(padLeft(best, 6)), p.faint(proofNote(c)))
	if par > 0 {
		fmt.Fprintf(w, "  %-10s %6s %6d   %s\n", "Par", overPar(us.Total(), par), par, p.faint(parNote(c.BestScore.Total(), par)))
	}

	ub, bb := puzzles.BreakdownOf(us), puzzles.BreakdownOf(bs)
	fmt.Fprintf(w, "\nWhere the points went:        %6s %6s\n", "yours", "best")
	fmt.Fprintf(w, "  phase-1 tiles (S1)          %6d %6d   %s\n", ub.Phase1Tiles, bb.Phase1Tiles,
		p.faint(fmt.Sprintf("%d vs %d tiles, paid again in S2", c.User.Phase1Turns, c.Best.Phase1Turns)))
	fmt.Fprintf(w, "  all tiles (S2)              %6d %6d   %s\n", ub.AllTiles, bb.AllTiles,
		p.faint(fmt.Sprintf("%d vs %d tiles", len(c.User.Moves), len(c.Best.Moves))))
	fmt.Fprintf(w, "  penalties (P1 + P2)         %6d %6d   %s\n", ub.Penalties, bb.Penalties,
		p.faint(fmt.Sprintf("%d vs %d tokens placed", us.Tokens, bs.Tokens)))

	fmt.Fprintf(w, "\n%s\n", partSentence(c))

	fmt.Fprintf(w, "\nTurn by turn: the best score still reachable after each of your turns,\nand what the turn cost against the best before it.\n")
	fmt.Fprintf(w, "  %4s  %-8s %-9s %6s %6s  %s\n", "turn", "tile", "cell", "best", "cost", "better move")
	fmt.Fprintf(w, "  %4s  %-8s %-9s %s\n", "", "start", "", padLeft(best, 6))
	for _, t := range c.Turns {
		tile, _ := solo.TileByID(t.Move.Tile)
		name := fmt.Sprintf("#%d %s%d", tile.ID, tile.Colour, tile.Cost)
		cell := fmt.Sprintf("(%d, %d)", t.Move.X, t.Move.Y)
		bestAfter := fmt.Sprint(t.BestAfter)
		if !t.Proven {
			bestAfter = "≤" + bestAfter
		}
		cost := p.faint(fmt.Sprintf("%6s", "-"))
		if t.Loss > 0 {
			cost = p.bad(fmt.Sprintf("%6s", fmt.Sprintf("+%d", t.Loss)))
		}
		note := ""
		if t.EndsPhase1 && t.Turn < len(c.User.Moves) {
			note = "  end of phase 1"
		}
		if t.Better != nil {
			note = "  " + betterMove(t) + note
		}
		fmt.Fprintf(w, "  %4d  %s %-9s %s %s%s\n", t.Turn, padRight(p.badge(tile.Colour, name), len(name), 8), cell, padLeft(bestAfter, 6), cost, note)
	}
	fmt.Fprintf(w, "\n%s\n", costliest(c))
	if share != "" {
		fmt.Fprintf(w, "\nShare (no spoilers):\n%s\n", share)
	}
	o.printBestLine(w, c)
}

// printBestLine writes the best line's moves, compactly.
func (o *compareOptions) printBestLine(w io.Writer, c puzzles.Comparison) {
	fmt.Fprintf(w, "\nThe best line found (%s, phase 1 ends after turn %d):\n", plural(len(c.Best.Moves), "turn"), c.Best.Phase1Turns)
	var b strings.Builder
	for i, m := range c.Best.Moves {
		mark := " "
		if i+1 == c.Best.Phase1Turns && i+1 < len(c.Best.Moves) {
			mark = "|" // phase 1 ends here
		}
		fmt.Fprintf(&b, "  %2d. %-4s%-9s%s", i+1, fmt.Sprintf("#%d", m.Tile), fmt.Sprintf("(%d,%d)", m.X, m.Y), mark)
		if i%4 == 3 || i == len(c.Best.Moves)-1 { // 4 of 20 columns: 80 in all
			b.WriteString("\n")
		}
	}
	b.WriteString("  (| marks the end of phase 1)\n")
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		fmt.Fprint(w, strings.TrimRight(line, " \n")+strings.Repeat("\n", strings.Count(line, "\n")))
	}
}

// padLeft right-aligns s in n columns, counting runes (for "≤").
func padLeft(s string, n int) string {
	if w := utf8.RuneCountInString(s); w < n {
		return strings.Repeat(" ", n-w) + s
	}
	return s
}

func proofNote(c puzzles.Comparison) string {
	switch {
	case c.BestProven:
		return "the best is proven optimal"
	case c.LowerBound > 0:
		return fmt.Sprintf("not proven; no line can score below %d", c.LowerBound)
	}
	return "not proven optimal"
}

// partSentence says where the lines part, in words.
func partSentence(c puzzles.Comparison) string {
	if c.PartTurn == 0 {
		return "Your line is the best line found (up to turning or mirroring the display)."
	}
	k := c.PartTurn
	if k > len(c.User.Moves) || k > len(c.Best.Moves) {
		return fmt.Sprintf("The lines part at turn %d: one of them has ended.", k)
	}
	um, bm := c.User.Moves[k-1], c.Best.Moves[k-1]
	switch c.PartKind {
	case puzzles.PartTile:
		return fmt.Sprintf("The lines part at turn %d: you took #%d, the best line takes #%d.", k, um.Tile, bm.Tile)
	case puzzles.PartCell:
		return fmt.Sprintf("The lines part at turn %d: both take #%d, but the best line places it elsewhere (at (%d, %d) in its own coordinates).", k, um.Tile, bm.X, bm.Y)
	case puzzles.PartPhase:
		if k == c.User.Phase1Turns {
			return fmt.Sprintf("The lines part after turn %d: you ended phase 1, the best line takes another tile first.", k)
		}
		return fmt.Sprintf("The lines part after turn %d: the best line ends phase 1 there, you took another tile.", k)
	}
	return fmt.Sprintf("The lines part at turn %d.", k)
}

// costliest names the turns that cost the most points.
func costliest(c puzzles.Comparison) string {
	lost := c.UserScore.Total() - c.BestScore.Total()
	if lost == 0 {
		return "No turn cost a point against the best line found."
	}
	type tc struct{ turn, loss int }
	var worst []tc
	for _, t := range c.Turns {
		if t.Loss > 0 {
			worst = append(worst, tc{t.Turn, t.Loss})
		}
	}
	// Largest first, then earliest; at most three.
	for i := 1; i < len(worst); i++ {
		for j := i; j > 0 && (worst[j].loss > worst[j-1].loss); j-- {
			worst[j], worst[j-1] = worst[j-1], worst[j]
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You are %s above the best line found.\nThe costliest turns:", plural(lost, "point"))
	for _, x := range worst[:min(3, len(worst))] {
		t := c.Turns[x.turn-1]
		tile, _ := solo.TileByID(t.Move.Tile)
		fmt.Fprintf(&b, "\n  turn %d, #%d %s%d at (%d, %d): %s instead keeps %d in reach, saving %s.",
			t.Turn, tile.ID, tile.Colour, tile.Cost, t.Move.X, t.Move.Y, betterMove(t), t.BestAfter-t.Loss, plural(t.Loss, "point"))
	}
	return b.String()
}

// betterMove names the better move of a costly turn: "#6 at (0, 2)", with
// the end of phase 1 when the lines differ there.
func betterMove(t puzzles.TurnReport) string {
	if t.Better == nil {
		return ""
	}
	s := fmt.Sprintf("#%d at (%d, %d)", t.Better.Tile, t.Better.X, t.Better.Y)
	switch {
	case t.BetterEndsPhase1 && !t.EndsPhase1:
		s += " and end phase 1"
	case !t.BetterEndsPhase1 && t.EndsPhase1 && *t.Better == t.Move:
		s += " without ending phase 1"
	}
	return s
}

// overPar writes a score against par: "+11", "-2" or "E" (even).
func overPar(score, par int) string {
	switch d := score - par; {
	case d > 0:
		return fmt.Sprintf("+%d", d)
	case d < 0:
		return fmt.Sprint(d)
	}
	return "E"
}

// parNote says what the par is, and whether the comparison found better.
func parNote(best, par int) string {
	if best < par {
		return fmt.Sprintf("the daily's reference score; this search found %d better", par-best)
	}
	return "the daily's reference score, the same for everyone"
}

func roundDuration(d time.Duration) time.Duration {
	if d > 10*time.Second {
		return d.Round(time.Second)
	}
	return d.Round(100 * time.Millisecond)
}

type compareTurnJSON struct {
	Turn       int  `json:"turn"`
	Tile       int  `json:"tile"`
	X          int  `json:"x"`
	Y          int  `json:"y"`
	EndsPhase1 bool `json:"ends_phase1"`
	BestAfter  int  `json:"best_after"`
	Loss       int  `json:"loss"`
	Proven     bool `json:"proven"`
	// Better is the better move of a turn that cost points, with what
	// playing it would have saved (the turn's loss).
	Better *compareBetterJSON `json:"better,omitempty"`
}

type compareBetterJSON struct {
	Tile       int  `json:"tile"`
	X          int  `json:"x"`
	Y          int  `json:"y"`
	EndsPhase1 bool `json:"ends_phase1"`
	Saves      int  `json:"saves"`
}

type compareSideJSON struct {
	Score solo.Score `json:"result"`
	Line  solo.Line  `json:"line"`
}

type compareJSON struct {
	User       compareSideJSON   `json:"user"`
	Best       compareSideJSON   `json:"best"`
	Optimal    bool              `json:"optimal"`
	LowerBound int               `json:"lower_bound"`
	PartTurn   int               `json:"part_turn"`
	PartKind   string            `json:"part_kind"`
	Turns      []compareTurnJSON `json:"turns"`
	Seconds    float64           `json:"seconds"`
	Nodes      int64             `json:"nodes,omitempty"` // each search's node budget; 0 with --time
	Par        int               `json:"par,omitempty"`
	Date       string            `json:"date,omitempty"`
	Number     int               `json:"number,omitempty"`
	Share      string            `json:"share,omitempty"`
}

func toCompareJSON(c puzzles.Comparison, share string, date time.Time, daily bool, par int, nodes int64) compareJSON {
	out := compareJSON{
		User:       compareSideJSON{c.UserScore, c.User},
		Best:       compareSideJSON{c.BestScore, c.Best},
		Optimal:    c.BestProven,
		LowerBound: c.LowerBound,
		PartTurn:   c.PartTurn,
		PartKind:   c.PartKind,
		Turns:      make([]compareTurnJSON, len(c.Turns)),
		Seconds:    c.Elapsed.Seconds(),
		Share:      share,
		Nodes:      nodes,
		Par:        par,
	}
	if daily {
		out.Date = date.Format(puzzles.DateLayout)
		out.Number = puzzles.Number(date)
	}
	for i, t := range c.Turns {
		out.Turns[i] = compareTurnJSON{t.Turn, t.Move.Tile, t.Move.X, t.Move.Y, t.EndsPhase1, t.BestAfter, t.Loss, t.Proven, nil}
		if b := t.Better; b != nil {
			out.Turns[i].Better = &compareBetterJSON{b.Tile, b.X, b.Y, t.BetterEndsPhase1, t.Loss}
		}
	}
	return out
}
