package solver

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// Options tune a search.
type Options struct {
	Time      time.Duration  // 0: no limit (run until proven optimal or ctx is done)
	Workers   int            // 0: runtime.NumCPU(); 1: fully deterministic result for a deck and settings
	TableBits int            // transposition table of 2^TableBits fixed-size entries; 0: DefaultTableBits
	Progress  func(Progress) // if non-nil, called from time to time (<= ~10/s) from a single goroutine
	// MaxNodes stops the search after about this many nodes (0: no limit).
	// With Workers 1 and no time limit reached, the result then depends on
	// nothing but the deck and the options, on every machine.
	MaxNodes int64
	// From, if set, resumes an earlier search of the same deck from its
	// start (see Resume).
	From *Resume
	// Straight proves the incumbent directly: each pass of the depth-first
	// search is at the best score less one, so that a pass that ends
	// proves the line optimal, and the passes that would raise the bound
	// a point at a time are skipped. Proofs end sooner (seeds 2, 4, 22
	// and 23, two workers: 49-61 s against 69-76 s), but the bound does
	// not rise until the proof ends: a search stopped first reports the
	// bound it started from. Without it, a search with a time limit (and
	// no MaxNodes) begins straight and falls back to passes that raise
	// the bound from a sixth, a third or three quarters of the limit, as
	// its straight pass looks too far from its end (shared.fallNow), and
	// the passes go straight to the line less one once the bound is two
	// under it, where no time limit is set (nor MaxNodes), or where the
	// time left is ample for it (straightRoom).
	Straight bool
}

// Progress is a snapshot of a running search.
type Progress struct {
	Elapsed    time.Duration
	Best       int // best score so far (0 before the first line)
	LowerBound int // best proven bound so far
	Nodes      int64
}

// Result is the outcome of a search.
type Result struct {
	Score       solo.Score
	Line        solo.Line // a complete legal line from the deck's start that replays (solo.Replay) to Score
	LowerBound  int       // proven: no legal line (from the given position, for SolveFrom) scores less
	Optimal     bool      // LowerBound == Score.Total()
	Nodes       int64
	Elapsed     time.Duration
	FirstLineAt time.Duration // when the first complete line was found
	BestLineAt  time.Duration // when the final best line was found
}

// Table sizes: an entry is 16 bytes, so the default table takes 64 MiB and
// the largest allowed 4 GiB.
const (
	DefaultTableBits = 22
	MinTableBits     = 10
	MaxTableBits     = 28
)

// A run with a time limit begins straight, every pass at the incumbent
// less one, and falls back to passes that raise the bound a point at a
// time (shared.fallNow): fallFirst and fallSecond are the estimated
// shares of the straight pass (worker.searched) under which it ends for
// every worker at a sixth and a third of the limit, and at fallLast of
// the limit (in hundredths) in any case. The passes after it climb fast: the
// straight pass's table entries (bounds at the line) cut what it
// searched. Measured in the forty-sixth round (two workers, 60 s): the
// straight pass of the decks a straight minute proves had searched 1 to
// 25 % of its tree by 20 s (seed 31, proven at 48 s, 1.4 %), that of
// seeds 5, 15, 10 and 36 (four to ten points from a proof) 0 to 0.6 %,
// and that of 42, 7 and 19 (not proven) 11 to 25 % too; a fixed share of
// a third or a half cost far decks a point of bound (5: 80 against 81,
// 36: 85 against 86). Suite: 18 proven against 16, the sixteen sooner
// (24.3 s against 28.5 s on average), lines better on 44 and 50, gap
// 2.76 against 2.60. In the forty-seventh round, ending the share for
// both workers at a half raised eight bounds (gap 2.62) but lost seed
// 44's line (87 against 86: its straight pass finds 86 at 30-34 s);
// parted there, the first worker straight to three quarters: the same
// 18 proven, gap 2.66, five bounds higher, one lower, and 43's line 85
// against 86. In the fifty-third round, the parting dropped (every
// worker straight to three quarters): seeds 49, 38, 26 and 31 proven at
// 43.4, 38.9, 44.5 and 44.5 s against 52.0, 40.2, 45.4 and 44.4 s, the
// bounds of seven unproven decks the same.
const (
	fallFirst, fallSecond = 0.0005, 0.008
	fallLast              = 75
)

// progressEvery is how often Options.Progress is called.
const progressEvery = 100 * time.Millisecond

// Solve searches for the lowest-scoring line of a deck. It stops when the
// line is proven optimal, when opts.Time has passed, or when ctx is done,
// and returns the best line found and the best bound proven so far. It
// fails only for an invalid deck or bad options.
func Solve(ctx context.Context, deck solo.Deck, opts Options) (Result, error) {
	g, err := solo.NewGame(deck)
	if err != nil {
		return Result{}, err
	}
	return SolveFrom(ctx, g, opts)
}

// SolveFrom solves from a game in progress: Result.Line is g's moves
// followed by the best continuation found (with Phase1Turns set; if the best
// next action is ending phase 1 now, Phase1Turns == len(g.Moves())). g is
// not modified. A game that is over returns its own score, optimal.
func SolveFrom(ctx context.Context, g *solo.Game, opts Options) (Result, error) {
	return solve(ctx, g, opts, opts.MaxNodes)
}

// solve is SolveFrom with a node limit (0: none).
func solve(ctx context.Context, g *solo.Game, opts Options, nodeLimit int64) (Result, error) {
	if opts.Time < 0 {
		return Result{}, fmt.Errorf("solver: time limit %v is negative", opts.Time)
	}
	if opts.MaxNodes < 0 {
		return Result{}, fmt.Errorf("solver: node limit %d is negative", opts.MaxNodes)
	}
	if opts.Workers < 0 {
		return Result{}, fmt.Errorf("solver: %d workers: want 0 (all cores) or more", opts.Workers)
	}
	if opts.TableBits != 0 && (opts.TableBits < MinTableBits || opts.TableBits > MaxTableBits) {
		return Result{}, fmt.Errorf("solver: table bits %d: want %d to %d", opts.TableBits, MinTableBits, MaxTableBits)
	}
	begin := time.Now()
	if g.Over() {
		sc := g.Score()
		return Result{Score: sc, Line: g.Line(), LowerBound: sc.Total(), Optimal: true, Elapsed: time.Since(begin)}, nil
	}
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	bits := opts.TableBits
	if bits == 0 {
		bits = DefaultTableBits
	}
	sh := newShared(g, bits)
	sh.begin = begin
	sh.nodeLimit = nodeLimit
	sh.wide = wideRun(opts.Time)
	sh.straight = opts.Straight
	if opts.Time > 0 {
		// One instant stops the search and tells the last pass whether
		// there is room to go straight (straightNow).
		sh.deadline = begin.Add(opts.Time)
		sh.share = !opts.Straight && nodeLimit == 0
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, sh.deadline)
		defer cancel()
	}
	if opts.From != nil {
		if err := sh.resume(opts.From); err != nil {
			return Result{}, err
		}
	}
	// A greedy line first, so that there is always a line to return, and
	// the bound of the start position.
	sh.raise(sh.m.bound(&sh.start))
	newWorker(sh).runBeam(newBeam(1))
	// The passes' times count from here (straightNow): a bound resumed
	// or found at the start took no pass.
	sh.raisedAt.Store(int64(time.Since(sh.begin)))
	sh.passTime.Store(0)

	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() { run(sh, i, workers) })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	ctxDone := ctx.Done()
wait:
	for {
		select {
		case <-done:
			break wait
		case <-ctxDone:
			sh.stop.Store(true)
			ctxDone = nil
		case <-tick.C:
			if sh.share {
				if !sh.fell.Load() && sh.fallNow(time.Since(begin), opts.Time) {
					sh.fell.Store(true)
				}
			}
			if opts.Progress != nil {
				opts.Progress(sh.progress())
			}
		}
	}
	return sh.result()
}

// newShared prepares a search from g's position with a table of 2^bits
// entries.
func newShared(g *solo.Game, bits int) *shared {
	deck := g.Deck()
	sh := &shared{
		m:      newModel(deck),
		tt:     newTable(bits),
		start:  g.State(),
		deck:   deck,
		prefix: g.Moves(),
		begin:  time.Now(),
		layout: make([]atomic.Uint64, 1<<layoutBits),
	}
	sh.best.Store(infinity)
	return sh
}

// run is the schedule of worker i of n. A beam ranks positions by one of
// two evaluations. The bound's, with only the tokens actually placed
// counted for the display, keeps at most width/64 positions that differ
// only in their displays (wheel, meeple, phase and tokens equal), which
// keeps the beam diverse (measured on seeds 1..16: mean 87.4 against 88.1
// at width 8192). The priced one (model.priced: committed cost plus 4
// points per missing token, open tasks credited by how few tiles they
// lack) finds better lines on most decks and worse on some (seeds 1..20,
// one beam of width 16384: sum 1725 against 1753 for the bound's ranking
// at width 4096 and 1731 for the whole 60 s schedule before it), so both
// run.
//
// With one worker: beams of growing width, both rankings at each width
// (seeds 1..20 at a budget of 2M nodes: sum 1741 against 1761 with the
// bound's ranking alone; at 20M nodes 1723 against 1741), then threshold
// passes that raise the proven bound. The schedule depends on nothing but the deck, so the
// result is deterministic up to where a time limit stops it. With more:
// worker 0 runs two narrow beams and then proves; worker 1 runs a priced
// beam of 1024, one of pricedWidth priced at 4 points a token and two
// of 16384 (priced at 5, and the bound's ranking), two of 512 from the
// best line's last phase-1 turn (polish), then helps worker 0
// prove (both raise the same bound through the shared table; seed 32 of
// the suite was proven in 52 s
// of a 60 s run this way, and not at all with randomised restarts in its
// place), in long runs after one wider beam of the priced ranking
// (wideBeam); any further workers run randomised restarts. Until the
// twenty-third round worker 1 also ran the bound's beam of 1024 and both
// of 4096: over the 50 suite decks none of them found a line that one of
// the three of 16384 did not match, and they took about 4.6 s (1.0 s,
// and 1.6 s priced and 3.1 s the bound's at 4096: medians), which the
// proof now has. Each of the three wide beams has the best line alone on
// some deck (the bound's on seeds 4, 26 and 42, priced at 5 on 30 and 49,
// at 4 on 19, when all three were 16384 wide; the priced one at 4 points
// is wider since the twenty-seventh round: pricedWidth).
func run(sh *shared, i, n int) {
	w := newWorker(sh)
	w.id = i
	w.openNum, w.openDen = 0, 1
	beam := w.beam
	switch {
	case n == 1:
		beam(64, 0)
		for _, width := range []int{512, 2048, 8192} {
			beam(width, pricePerToken)
			beam(width, 0)
		}
		w.prove()
	case i == 0:
		beam(64, 0)
		beam(512, 0)
		w.prove()
	case i == 1:
		// A narrow beam first gives a good line within the first second
		// (over the suite, with worker 0's two, 1.7 % above the final
		// line on average; 4.2 % without it).
		beam(1024, pricePerToken)
		beam(pricedWidth, pricePerToken)
		beam(16384, 5*16)
		beam(16384, 0)
		w.polish()
		if sh.wide {
			// One wider beam (about 450 MB): see wideBeam.
			beam(wideBeam, pricePerToken)
			w.polish()
		}
		// The second worker then helps the first prove: the table they
		// share passes on what each has refuted.
		w.mirror = mirrorDepth
		w.prove()
	default:
		// The beams above are deterministic: another worker would only
		// repeat them.
		w.rng = rand.NewPCG(uint64(i), uint64(time.Now().UnixNano()))
		w.noise = 1 << 10
		w.diversity = 64
		b := newBeam(4096)
		for round := 0; !sh.stop.Load(); round++ {
			// Priced ranks are in sixteenths of a point, the bound's
			// ranks in 256ths (rank); the noise is scaled to match.
			if round%2 == 0 {
				w.price, w.noise = pricePerToken, 1<<6
			} else {
				w.price, w.noise = 0, 1<<10
			}
			w.runBeam(b)
		}
	}
	w.flush()
}

// beam runs one beam of the given width and ranking (price: the priced
// ranking's points a token in sixteenths, 0: the bound's), keeping at
// most width/64 positions a wheel state, unless the search is stopped.
func (w *worker) beam(width, price int) {
	if w.sh.stop.Load() {
		return
	}
	w.price = price
	w.diversity = max(4, width/64)
	w.runBeam(newBeam(width))
}

// polish runs two beams of polishWidth, priced at 4 points a token and in
// the bound's ranking, from the best line so far where its last phase-1
// tile is laid, before phase 1 ends: they keep the line's phase 1 (but
// for when it ends) and try other phase-2 lines. Over the 50 suite decks,
// after the second worker's four beams, this found a better line on seed
// 14 (89 against 90) in about 0.25 s a deck; beams of 2048 and 8192
// from there and from one to six turns earlier found no other
// (thirty-first round).
func (w *worker) polish() {
	sh := w.sh
	if sh.stop.Load() {
		return
	}
	sh.mu.Lock()
	p, found := sh.bestPath, sh.found
	sh.mu.Unlock()
	if !found {
		return
	}
	s := sh.start
	q := path{p1: -1}
	for i := range int(p.n) {
		if i == int(p.p1) || s.Phase() != solo.Phase1 {
			break
		}
		s.Apply(p.steps[i].Space, p.steps[i].Cell)
		q.steps[q.n] = p.steps[i]
		q.n++
	}
	if q.n == 0 || s.Over() {
		return // the search started after phase 1, or the line ended in it
	}
	b := newBeam(polishWidth)
	for _, price := range []int{pricePerToken, 0} {
		w.price = price
		w.diversity = max(4, polishWidth/64)
		w.runBeamFrom(b, &s, q)
	}
}

// polishWidth is the width of polish's beams.
const polishWidth = 512

// mirrorDepth is how deep a worker that helps prove takes the children
// last first.
const mirrorDepth = 4

// pricedWidth is the width of the second worker's beam priced at 4
// points a token. Over the 50 suite decks (each beam alone on a core, two
// decks side by side), 24576 found a line as good as 16384 on every deck
// and better than a whole minute's run on two (seeds 11 and 22, 82 and 80
// against 83 and 81), in 5.7 s a deck against 3.9 s (medians); on 40
// other decks (seeds 101-140) it was never worse either, and better on
// four. 32768 found no more suite lines in 7.7 s, and 24576 priced at 5
// points one more (seed 14) for 2.4 s more. The bound's ranking at 12288
// instead of 16384 would save 2.35 s and lost no suite line, but on seed
// 130 a minute's run ended at 95 against 94 (twenty-seventh round).
const pricedWidth = 24576

// wideBeam is the width of the second worker's last beam, in the priced
// ranking, run before it helps prove when the run has no time limit or one
// of at least wideBeamTime. Over the 50 suite decks, one beam of 65536
// alone found a better line than a whole 60 s two-worker run had on 5
// decks (7 points: seeds 11, 14, 21 and 22 by 1, seed 36 by 3), in 16.7 s
// a deck (median, one core); the bound's ranking at that width found
// better lines on 3 decks (4 points) but took 30 s, and prices of 48, 80
// and 96 at 16384 found 2 points. In a minute it does not pay: the suite
// with it in every run (docs/bench/suite-22-widebeam.json) had those 5
// better lines and a bound one lower on 10 decks (mean gap 3.90 against
// 3.84), the proofs taking 35.5 s on average against 27.4 s, as the
// second worker helped prove 17 s later. A proof that is to finish needs
// the best line, and over minutes 17 s is little.
const wideBeam = 65536

// wideBeamTime is the shortest time limit with the wide beam.
const wideBeamTime = 2 * time.Minute

// wideRun reports whether a run with time limit d (0: none) runs the wide
// beam.
func wideRun(d time.Duration) bool {
	return d == 0 || d >= wideBeamTime
}

// pricePerToken is the beam's price of a missing token in sixteenths of a
// point (4 points): of 48, 64, 80 and 96 on seeds 1..20, 64 and 80 did best.
const pricePerToken = 64

func (sh *shared) progress() Progress {
	p := Progress{Elapsed: time.Since(sh.begin), LowerBound: int(sh.lb.Load()), Nodes: sh.nodes.Load()}
	if b := sh.best.Load(); b < infinity {
		p.Best = int(b)
	}
	return p
}

// result builds the Result and checks the line through the rules engine.
func (sh *shared) result() (Result, error) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	r := Result{Nodes: sh.nodes.Load(), Elapsed: time.Since(sh.begin), FirstLineAt: sh.firstAt, BestLineAt: sh.bestAt}
	if !sh.found {
		return r, fmt.Errorf("solver: stopped before finding a complete line")
	}
	r.Line = sh.line(&sh.bestPath)
	sc, err := solo.Replay(r.Line)
	if err != nil {
		return r, fmt.Errorf("solver: internal error: the best line does not replay: %w", err)
	}
	if sc.Total() != int(sh.best.Load()) {
		return r, fmt.Errorf("solver: internal error: the best line replays to %d, not %d", sc.Total(), sh.best.Load())
	}
	r.Score = sc
	r.LowerBound = min(int(sh.lb.Load()), sc.Total())
	r.Optimal = r.LowerBound == sc.Total()
	return r, nil
}

// line turns a path from the start position into a complete line.
func (sh *shared) line(p *path) solo.Line {
	s := sh.start
	moves := append([]solo.Move(nil), sh.prefix...)
	for i := range int(p.n) {
		if int(p.p1) == i && s.Phase() == solo.Phase1 {
			s.EndPhase1()
		}
		st := p.steps[i]
		id := s.TrackTile(int(st.Space))
		s.Apply(st.Space, st.Cell)
		x, y := s.XY(st.Cell)
		moves = append(moves, solo.Move{Tile: id, X: x, Y: y})
	}
	if int(p.p1) == int(p.n) && s.Phase() == solo.Phase1 {
		s.EndPhase1()
	}
	return solo.Line{Deck: append(solo.Deck(nil), sh.deck...), Moves: moves, Phase1Turns: s.Phase1Turns()}
}

// MarshalJSON writes the FORMATS.md solver result, with the four notes and
// the token count as extra keys.
func (r Result) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Score      int       `json:"score"`
		Line       solo.Line `json:"line"`
		LowerBound int       `json:"lower_bound"`
		Optimal    bool      `json:"optimal"`
		Nodes      int64     `json:"nodes"`
		Seconds    float64   `json:"seconds"`
		S1         int       `json:"s1"`
		P1         int       `json:"p1"`
		S2         int       `json:"s2"`
		P2         int       `json:"p2"`
		Tokens     int       `json:"tokens"`
	}{r.Score.Total(), r.Line, r.LowerBound, r.Optimal, r.Nodes, r.Elapsed.Seconds(),
		r.Score.S1, r.Score.P1, r.Score.S2, r.Score.P2, r.Score.Tokens})
}
