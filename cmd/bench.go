package cmd

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
	"github.com/spf13/cobra"
)

type benchOptions struct {
	st        Streams
	time      time.Duration
	seeds     string
	suite     string
	workers   int
	tableBits int
	json      bool
	straight  bool
}

func newBenchCmd(st Streams) *cobra.Command {
	o := &benchOptions{st: st}
	c := &cobra.Command{
		Use:   "bench [--time 60s] [--seeds 1-50]",
		Short: "Solve the fixed suite of decks and print the solver's figures",
		Long: `Solve each deck of the suite (testdata/suite/seed-N.json, the decks of seeds
1..50) with a time limit per deck, print one row per deck, then the figures:
mean and median score, decks proven optimal, mean time to the final best
line, mean time to proof, nodes per second, when the first line came and how
far the best line at one second was from the final one.

The whole suite at 60s a deck takes 50 minutes; use --seeds and --time for a
shorter run. --straight solves each deck as 'solve --straight' does: more
decks proven, but a deck that is not keeps the bound it started from.`,
		Example: `  novaluna bench --time 5s --seeds 1-10
  novaluna bench --time 60s --json > figures.json
  novaluna bench --time 60s --seeds 2,22,23 --straight`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return o.run() },
	}
	c.Flags().DurationVar(&o.time, "time", 60*time.Second, "time limit per deck")
	c.Flags().StringVar(&o.seeds, "seeds", "1-50", "the suite decks to solve: a `range` such as 1-50, or a list such as 1,4,9")
	c.Flags().StringVar(&o.suite, "suite", filepath.Join("testdata", "suite"), "the `folder` holding seed-N.json deck files")
	c.Flags().IntVar(&o.workers, "workers", runtime.NumCPU(), "search threads per deck, 1 to 64")
	c.Flags().IntVar(&o.tableBits, "table-bits", solver.DefaultTableBits, "transposition table of 2^`N` entries")
	c.Flags().BoolVar(&o.json, "json", false, "print the rows and figures as JSON")
	c.Flags().BoolVar(&o.straight, "straight", false, "prove each deck's best line directly (see 'solve --help')")
	return c
}

// maxBenchDecks caps --seeds: the suite holds 50 decks, and a range such
// as 1-18446744073709551615 would otherwise exhaust memory before the first
// deck file is read.
const maxBenchDecks = 1000

// parseSeeds reads "1-50" or "1,4,9" (or a mix: "1-3,7").
func parseSeeds(s string) ([]uint64, error) {
	var out []uint64
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.ParseUint(lo, 10, 64)
		if err != nil {
			return nil, usageErrorf("--seeds %q: %q is not a seed number", s, lo)
		}
		b := a
		if isRange {
			if b, err = strconv.ParseUint(hi, 10, 64); err != nil || b < a {
				return nil, usageErrorf("--seeds %q: %q is not a range like 1-50", s, part)
			}
		}
		if b-a >= maxBenchDecks || len(out)+int(b-a) >= maxBenchDecks {
			return nil, usageErrorf("--seeds %q: at most %d decks; the suite holds seeds 1-50", s, maxBenchDecks)
		}
		for i := range b - a + 1 { // counted, so b = 2^64-1 cannot wrap
			out = append(out, a+i)
		}
	}
	return out, nil
}

// benchRow is one deck's outcome.
type benchRow struct {
	Seed        uint64  `json:"seed"`
	Score       int     `json:"score"`
	LowerBound  int     `json:"lower_bound"`
	Optimal     bool    `json:"optimal"`
	BestAt      float64 `json:"best_at_seconds"`
	ProofAt     float64 `json:"proof_at_seconds,omitempty"`
	FirstAt     float64 `json:"first_line_seconds"`
	ScoreAt1s   int     `json:"score_at_1s"`
	Nodes       int64   `json:"nodes"`
	Seconds     float64 `json:"seconds"`
	NodesPerSec float64 `json:"nodes_per_second"`
}

// benchFigures sums up the rows.
type benchFigures struct {
	Decks          int     `json:"decks"`
	TimePerDeck    float64 `json:"time_per_deck_seconds"`
	Workers        int     `json:"workers"`
	Straight       bool    `json:"straight,omitempty"`
	MeanScore      float64 `json:"mean_score"`
	MedianScore    float64 `json:"median_score"`
	MeanBound      float64 `json:"mean_lower_bound"`
	Proven         int     `json:"proven_optimal"`
	MeanBestAt     float64 `json:"mean_best_line_seconds"`
	MeanProofAt    float64 `json:"mean_proof_seconds"`
	NodesPerSec    float64 `json:"nodes_per_second"`
	MeanFirstAt    float64 `json:"mean_first_line_seconds"`
	MeanGapAt1s    float64 `json:"mean_gap_at_1s_percent"`
	WithinFiveAt1s int     `json:"within_5_percent_at_1s"`
}

func (o *benchOptions) run() error {
	switch {
	case o.time <= 0:
		return usageErrorf("--time %v: want a positive duration such as 60s", o.time)
	case o.workers < 1 || o.workers > maxWorkers:
		return usageErrorf("--workers %d: want 1 to %d", o.workers, maxWorkers)
	case o.tableBits < solver.MinTableBits || o.tableBits > solver.MaxTableBits:
		return usageErrorf("--table-bits %d: want %d to %d", o.tableBits, solver.MinTableBits, solver.MaxTableBits)
	}
	seeds, err := parseSeeds(o.seeds)
	if err != nil {
		return err
	}
	decks := make([]solo.Deck, len(seeds))
	for i, s := range seeds {
		path := filepath.Join(o.suite, fmt.Sprintf("seed-%d.json", s))
		if decks[i], err = readDeckFile(path); err != nil {
			return fmt.Errorf("%w (run from the repository root, or give --suite)", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var rows []benchRow
	if !o.json {
		fmt.Fprintf(o.st.Out, "%5s %6s %6s %8s %8s %8s %7s %9s\n", "seed", "score", "bound", "optimal", "best at", "at 1 s", "proof", "nodes/s")
	}
	for i, d := range decks {
		scoreAt1s := 0
		opts := solver.Options{Time: o.time, Workers: o.workers, TableBits: o.tableBits, Straight: o.straight, Progress: func(p solver.Progress) {
			if p.Elapsed <= time.Second {
				scoreAt1s = p.Best
			}
		}}
		r, err := solver.Solve(ctx, d, opts)
		if err != nil {
			return fmt.Errorf("seed %d: %w", seeds[i], err)
		}
		if scoreAt1s == 0 || r.BestLineAt <= time.Second {
			scoreAt1s = r.Score.Total()
		}
		row := benchRow{
			Seed: seeds[i], Score: r.Score.Total(), LowerBound: r.LowerBound, Optimal: r.Optimal,
			BestAt: r.BestLineAt.Seconds(), FirstAt: r.FirstLineAt.Seconds(), ScoreAt1s: scoreAt1s,
			Nodes: r.Nodes, Seconds: r.Elapsed.Seconds(), NodesPerSec: float64(r.Nodes) / r.Elapsed.Seconds(),
		}
		if r.Optimal {
			row.ProofAt = r.Elapsed.Seconds()
		}
		rows = append(rows, row)
		if !o.json {
			proof := "-"
			if r.Optimal {
				proof = fmt.Sprintf("%.1fs", row.ProofAt)
			}
			fmt.Fprintf(o.st.Out, "%5d %6d %6d %8v %7.1fs %8d %7s %9s\n", row.Seed, row.Score, row.LowerBound, row.Optimal,
				row.BestAt, row.ScoreAt1s, proof, humanCount(int64(row.NodesPerSec)))
		}
		if ctx.Err() != nil {
			break
		}
	}
	f := summarise(rows, o.time, o.workers)
	f.Straight = o.straight
	if o.json {
		return writeJSON(o.st.Out, struct {
			Figures benchFigures `json:"figures"`
			Decks   []benchRow   `json:"decks"`
		}{f, rows})
	}
	fmt.Fprintln(o.st.Out)
	fmt.Fprint(o.st.Out, f.table())
	return nil
}

func summarise(rows []benchRow, limit time.Duration, workers int) benchFigures {
	f := benchFigures{Decks: len(rows), TimePerDeck: limit.Seconds(), Workers: workers}
	if len(rows) == 0 {
		return f
	}
	scores := make([]int, len(rows))
	var nodes int64
	var secs, proofSum float64
	for i, r := range rows {
		scores[i] = r.Score
		f.MeanScore += float64(r.Score)
		f.MeanBound += float64(r.LowerBound)
		f.MeanBestAt += r.BestAt
		f.MeanFirstAt += r.FirstAt
		gap := 100 * float64(r.ScoreAt1s-r.Score) / float64(r.Score)
		f.MeanGapAt1s += gap
		if gap <= 5 {
			f.WithinFiveAt1s++
		}
		if r.Optimal {
			f.Proven++
			proofSum += r.ProofAt
		}
		nodes += r.Nodes
		secs += r.Seconds
	}
	n := float64(len(rows))
	f.MeanScore /= n
	f.MeanBound /= n
	f.MeanBestAt /= n
	f.MeanFirstAt /= n
	f.MeanGapAt1s /= n
	if f.Proven > 0 {
		f.MeanProofAt = proofSum / float64(f.Proven)
	}
	f.NodesPerSec = float64(nodes) / secs
	slices.Sort(scores)
	if len(scores)%2 == 1 {
		f.MedianScore = float64(scores[len(scores)/2])
	} else {
		f.MedianScore = float64(scores[len(scores)/2-1]+scores[len(scores)/2]) / 2
	}
	return f
}

// table writes the figures as a Markdown table, ready for the README.
func (f benchFigures) table() string {
	var b strings.Builder
	proof := "-"
	if f.Proven > 0 {
		proof = fmt.Sprintf("%.1f s", f.MeanProofAt)
	}
	fmt.Fprintf(&b, "| figure | value |\n|---|---|\n")
	straight := ""
	if f.Straight {
		straight = ", --straight (bounds are the start's where not proven)"
	}
	fmt.Fprintf(&b, "| decks, time limit, workers | %d, %s per deck, %d%s |\n", f.Decks, time.Duration(f.TimePerDeck*float64(time.Second)), f.Workers, straight)
	fmt.Fprintf(&b, "| mean / median score | %.1f / %.1f |\n", f.MeanScore, f.MedianScore)
	fmt.Fprintf(&b, "| mean proven lower bound | %.1f |\n", f.MeanBound)
	fmt.Fprintf(&b, "| proven optimal | %d of %d |\n", f.Proven, f.Decks)
	fmt.Fprintf(&b, "| mean time to the final best line | %.1f s |\n", f.MeanBestAt)
	fmt.Fprintf(&b, "| mean time to proof (proven decks) | %s |\n", proof)
	fmt.Fprintf(&b, "| nodes/s (all workers) | %s |\n", humanCount(int64(f.NodesPerSec)))
	fmt.Fprintf(&b, "| mean time to the first line | %.3f s |\n", f.MeanFirstAt)
	fmt.Fprintf(&b, "| best line at 1 s: mean gap to the final best | %.1f %% (%d of %d within 5 %%) |\n", f.MeanGapAt1s, f.WithinFiveAt1s, f.Decks)
	return b.String()
}
