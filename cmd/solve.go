package cmd

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// maxWorkers caps --workers. Each worker keeps its own beams and buffers
// (about 12 MB; in runs of 2 minutes or more, or with no limit, the second
// worker's wide beam takes about 450 MB more): 1000 of them took 16 s over a
// 1 s --time on 2 cores, and more workers than cores only take turns.
const maxWorkers = 64

type solveOptions struct {
	st        Streams
	src       deckSource
	time      time.Duration
	workers   int
	tableBits int
	json      bool
	out       string
	from      string
	straight  bool
}

func newSolveCmd(st Streams) *cobra.Command {
	o := &solveOptions{st: st, src: deckSource{withDaily: true}}
	c := &cobra.Command{
		Use:   "solve (--daily | --date YYYY-MM-DD | --seed N | --deck FILE | --from RESULT.json)",
		Short: "Find the lowest-scoring line of a puzzle and prove a lower bound",
		Long: `Search for the line with the lowest score, and prove how low any line can go.

A beam search finds a strong line within a second; a branch-and-bound then
improves it and raises a proven lower bound: no legal line of the deck scores
less. When the two meet, the line is proven optimal. The search stops then,
after --time, or on Ctrl-C, and prints the best line and the best bound
found so far. --time 0 searches until the line is proven optimal. With
--time 0 or 2m and more, the second worker also runs one wider beam (about
17 s and 450 MB more memory) before it helps prove.

The output shows the score (S1, P1, S2, P2), the line turn by turn, the
display at the end of phase 1 and at the end, and the bound. --json prints
the FORMATS.md solver result; --out writes the line as a line document that
'novaluna score' replays. With --workers 1 the search is deterministic up to
where the time limit stops it.

--from RESULT.json goes on from an earlier result of the same deck (what
--json prints): its line is where the search starts and its lower bound is
taken as proven, so a long proof can be split over several runs. The deck is
the result's own unless a puzzle flag names one, which must match.

--straight proves the best line directly: every pass of the proof is at the
best score less one, and the passes that raise the bound a point at a time
are skipped. Proofs end sooner (seeds 2, 22 and 23 of the suite in 49-56 s
on 2 cores, against 71-76 s), but the bound does not rise until the proof
ends: a search stopped before prints the bound it started from. Use it with
--time 0, or with a time limit when only a proof counts. Without it, a
search with a time limit begins straight too, and falls back to passes
that raise the bound where its straight pass looks far from its end (from
a sixth of the limit, a third, and at three quarters in any case); while
it is straight, the bound shown stays the one it started from. The last
pass goes straight from a bound two under the best score: always with
--time 0, and with a time limit where at least four and a half times the
last pass's time is left.`,
		Example: `  novaluna solve --seed 7
  novaluna solve --seed 7 --time 5s --out best.json && novaluna score best.json
  novaluna solve --daily --time 10s
  novaluna solve --date 2026-11-22 --json
  novaluna solve --deck deck.json --workers 1 --time 1m
  novaluna solve --seed 3 --time 10m --json > seed3.json
  novaluna solve --from seed3.json --time 0          # until proven, Ctrl-C to stop
  novaluna solve --seed 22 --time 0 --straight       # a proof, sooner`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return o.run() },
	}
	o.src.addFlags(c)
	c.Flags().DurationVar(&o.time, "time", 30*time.Second, "stop searching after this `duration` (e.g. 10s, 2m; 0: until proven optimal)")
	c.Flags().IntVar(&o.workers, "workers", runtime.NumCPU(), "search threads, 1 to 64 (1: deterministic)")
	c.Flags().IntVar(&o.tableBits, "table-bits", solver.DefaultTableBits,
		fmt.Sprintf("transposition table of 2^`N` entries of 16 bytes (%d to %d)", solver.MinTableBits, solver.MaxTableBits))
	c.Flags().BoolVar(&o.json, "json", false, "print the FORMATS.md solver result")
	c.Flags().StringVar(&o.out, "out", "", "also write the best line to `FILE` (a FORMATS.md line document)")
	c.Flags().StringVar(&o.from, "from", "", "go on from an earlier solver result `FILE` (solve --json)")
	c.Flags().BoolVar(&o.straight, "straight", false, "prove the best line directly: sooner, but the bound rises only when the proof ends")
	return c
}

func (o *solveOptions) run() error {
	switch {
	case o.time < 0:
		return usageErrorf("--time %v: want a duration such as 30s, or 0 to search until proven", o.time)
	case o.workers < 1 || o.workers > maxWorkers:
		return usageErrorf("--workers %d: want 1 to %d", o.workers, maxWorkers)
	case o.tableBits < solver.MinTableBits || o.tableBits > solver.MaxTableBits:
		return usageErrorf("--table-bits %d: want %d to %d", o.tableBits, solver.MinTableBits, solver.MaxTableBits)
	}
	var from *solver.Resume
	if o.from != "" {
		r, err := readResultFile(o.from, o.st.In)
		if err != nil {
			return err
		}
		from = &r
	}
	deck, label, err := o.deck(from)
	if err != nil {
		return err
	}
	// Fail on a bad --out before spending --time on the search.
	if o.out != "" {
		if err := checkWritable(o.out); err != nil {
			return err
		}
	}
	// SIGINT and SIGTERM stop the search; the best line and bound so far
	// are printed as at the end of --time.
	ctx, caught, stop := onStopSignal(context.Background())
	defer stop()
	opts := solver.Options{Time: o.time, Workers: o.workers, TableBits: o.tableBits, From: from, Straight: o.straight}
	var bar *progressbar.ProgressBar
	if o.st.ErrTTY && !o.json {
		bar = newSolveBar(o.st, o.time)
		opts.Progress = func(p solver.Progress) {
			bar.Describe(progressText(p))
			_ = bar.Set64(p.Elapsed.Milliseconds())
		}
	}
	r, err := solver.Solve(ctx, deck, opts)
	if bar != nil {
		_ = bar.Clear()
	}
	if err != nil {
		return err
	}
	if sig := caught(); sig != nil {
		fmt.Fprintf(o.st.Err, "novaluna: solve stopped by %s after %.1fs; the best line and bound found so far follow\n", signalName(sig), r.Elapsed.Seconds())
	}
	// The result is printed first: a failed --out must not throw the
	// search away.
	var perr error
	if o.json {
		perr = writeJSON(o.st.Out, r)
	} else {
		perr = o.print(label, r)
	}
	if o.out != "" {
		data, err := formatLine(r.Line)
		if err == nil {
			err = writeFileAtomic(o.out, data)
		}
		if err != nil {
			return fmt.Errorf("%w (the line was printed, not saved)", err)
		}
	}
	return perr
}

// deck returns the deck to solve: the puzzle flags', or with --from alone
// the earlier result's.
func (o *solveOptions) deck(from *solver.Resume) (solo.Deck, string, error) {
	if from != nil && !o.src.given() {
		return from.Line.Deck, o.from, nil
	}
	deck, label, err := o.src.load()
	if err != nil {
		return nil, "", err
	}
	if from != nil && !slices.Equal(solo.Deck(deck[:min(len(deck), solo.MaxTurns)]), from.Line.Deck[:min(len(from.Line.Deck), solo.MaxTurns)]) {
		return nil, "", fmt.Errorf("%s is a result for another deck than %s; give --from alone to go on with its own deck", o.from, label)
	}
	return deck, label, nil
}

// readResultFile reads a FORMATS.md solver result for --from.
func readResultFile(path string, stdin io.Reader) (solver.Resume, error) {
	data, err := readInput("solver result", path, stdin)
	if err != nil {
		return solver.Resume{}, err
	}
	r, err := solver.ParseResult(data)
	if err != nil {
		return solver.Resume{}, fmt.Errorf("%s: %w (--from wants what 'novaluna solve --json' prints; see FORMATS.md)", path, err)
	}
	return r, nil
}

// newSolveBar shows the time spent against the limit, or a spinner when
// the search runs until proven (limit 0).
func newSolveBar(st Streams, limit time.Duration) *progressbar.ProgressBar {
	total := limit.Milliseconds()
	if limit == 0 {
		total = -1
	}
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(st.Err),
		progressbar.OptionSetWidth(20),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetDescription("solving"),
	)
}

func progressText(p solver.Progress) string {
	best := "-"
	if p.Best > 0 {
		best = fmt.Sprint(p.Best)
	}
	return fmt.Sprintf("best %s  bound %d  %s nodes", best, p.LowerBound, humanCount(p.Nodes))
}

// humanCount writes a count with a k, M or G suffix.
func humanCount(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1fG", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

func (o *solveOptions) print(label string, r solver.Result) error {
	p := painter{o.st.Colour}
	w := o.st.Out
	verdict := p.good("proven optimal")
	if !r.Optimal {
		verdict = fmt.Sprintf("not proven optimal: no line scores below %d", r.LowerBound)
	}
	fmt.Fprintf(w, "%s (%s)\n\n", p.bold(fmt.Sprintf("Best line of %s: score %d", label, r.Score.Total())), verdict)
	fmt.Fprint(w, p.scoreLines(r.Score))
	fmt.Fprintf(w, "\nThe line (%s, %d in phase 1):\n", plural(len(r.Line.Moves), "turn"), r.Line.Phase1Turns)
	fmt.Fprint(w, p.moveTable(r.Line))

	if p1, err := solo.PlayPrefix(r.Line, r.Line.Phase1Turns); err == nil {
		fmt.Fprintf(w, "\nDisplay at the end of phase 1 (S1 = %d):\n", r.Score.S1)
		fmt.Fprint(w, p.grid(p1.Display(), nil))
	}
	final, err := solo.Play(r.Line)
	if err != nil {
		return fmt.Errorf("internal error: the solver's line does not replay: %w", err)
	}
	fmt.Fprintf(w, "\nFinal display (✓ marks a covered task):\n")
	fmt.Fprint(w, p.grid(final.Display(), nil))

	fmt.Fprintln(w)
	if r.Optimal {
		fmt.Fprintf(w, "Lower bound %d = score: no legal line of this deck scores less, so the line is optimal.\n", r.LowerBound)
	} else {
		fmt.Fprintf(w, "Lower bound %d (proven): no legal line of this deck scores less.\nThe gap to the line is %d; more --time may close it.\n",
			r.LowerBound, r.Score.Total()-r.LowerBound)
		if o.straight {
			fmt.Fprintln(w, "With --straight the bound rises only when the proof ends: this is the bound the search started from.")
		}
	}
	fmt.Fprintf(w, "%s\n", p.faint(fmt.Sprintf("Searched %s nodes in %.1fs; first line after %.2fs, this line after %.2fs.",
		humanCount(r.Nodes), r.Elapsed.Seconds(), r.FirstLineAt.Seconds(), r.BestLineAt.Seconds())))
	return nil
}
