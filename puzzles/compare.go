package puzzles

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// CompareOptions bound the work of [Compare]: a clock (Time) or a node
// budget (Nodes), exactly one of them.
type CompareOptions struct {
	// Time is the whole budget: a third at least goes to the search from
	// the opening, the rest is shared among the user's turns.
	Time time.Duration
	// Nodes, if set instead of Time, stops every search (the opening's and
	// each turn's) after about this many nodes. With Workers 1 the
	// comparison then depends on nothing but the line and Nodes: it is the
	// same in every run and on every machine, as a daily's rating is.
	Nodes   int64
	Workers int // solver workers; 0 lets the solver choose
	// Known, if set, is a line of the same deck known already (a daily's
	// par line): it counts as found by the search from the opening, so the
	// best line of the comparison is never worse than it.
	Known *solo.Line
	// Progress, if set, is called after each search with the number done
	// and the number in all.
	Progress func(done, total int)
}

// turnTableBits sizes the transposition table of the short searches after
// each turn (16 MiB instead of the default 64 MiB): they run for a second or
// two, too short to fill a large table, and a compare runs twenty of them.
const turnTableBits = 20

// Breakdown says where a line's points went. A phase-1 tile is in both S1
// and S2, so it costs twice.
type Breakdown struct {
	Phase1Tiles int // S1, the cost of the phase-1 tiles, paid in S1
	AllTiles    int // S2, every tile again at the end
	Penalties   int // P1 + P2, 10 per missing token
}

// BreakdownOf splits a score into the sums of [Breakdown].
func BreakdownOf(sc solo.Score) Breakdown {
	return Breakdown{Phase1Tiles: sc.S1, AllTiles: sc.S2, Penalties: sc.P1 + sc.P2}
}

// TurnReport is the verdict on one turn of the user's line.
type TurnReport struct {
	Turn       int // 1-based
	Move       solo.Move
	EndsPhase1 bool // phase 1 ended after this turn
	// BestAfter is the best score known to be reachable after this turn
	// (and after ending phase 1 there, if the line did); Loss is how much
	// worse it is than the best before the turn. Proven says BestAfter is
	// the true best (the game was over, or the solver proved it).
	BestAfter int
	Loss      int
	Proven    bool
	// Better is, for a turn that cost points (Loss > 0), the move the best
	// line from before the turn makes instead, in the user's coordinates;
	// BetterEndsPhase1 says that line ends phase 1 after it. Playing it
	// keeps BestAfter-Loss in reach: it would have saved Loss points.
	Better           *solo.Move
	BetterEndsPhase1 bool
}

// Part kinds: why the user's line and the best line part at a turn.
const (
	PartSame  = ""               // the lines are the same game
	PartTile  = "tile"           // a different tile is taken
	PartCell  = "cell"           // the same tile goes elsewhere
	PartPhase = "end of phase 1" // one ends phase 1 after the turn, the other does not
)

// Comparison is the user's line against the best line found for its deck.
type Comparison struct {
	User      solo.Line
	UserScore solo.Score
	Best      solo.Line
	BestScore solo.Score
	// BestProven says no line can score less than BestScore; LowerBound is
	// the solver's proven bound from the opening otherwise.
	BestProven bool
	LowerBound int
	// PartTurn is the first turn (1-based) where the lines part and
	// PartKind how; PartTurn is 0 when they are the same game up to the
	// symmetries of the display.
	PartTurn int
	PartKind string
	Turns    []TurnReport
	Elapsed  time.Duration
}

// Compare replays a user's line and sets it against the best line the
// solver finds for the same deck. For every turn it asks the solver for the
// best score still reachable after that turn, so each move's cost shows.
//
// The solver may stop at its time limit with a line that is not the best;
// Compare keeps every result consistent: a line found from a later turn is
// also a line from every earlier turn, so the best found anywhere counts
// for all the turns before it.
func Compare(ctx context.Context, line solo.Line, opts CompareOptions) (Comparison, error) {
	start := time.Now()
	userGame, err := solo.Play(line)
	if err != nil {
		return Comparison{}, err
	}
	switch {
	case opts.Nodes < 0:
		return Comparison{}, fmt.Errorf("the node budget must be positive, not %d", opts.Nodes)
	case opts.Nodes > 0 && opts.Time != 0:
		return Comparison{}, fmt.Errorf("give a time budget or a node budget, not both")
	case opts.Nodes == 0 && opts.Time <= 0:
		return Comparison{}, fmt.Errorf("the time budget must be positive, not %v", opts.Time)
	}
	n := len(line.Moves)
	c := Comparison{User: line, UserScore: userGame.Score()}

	// best[k] is the best known after turn k (best[0]: from the opening).
	type known struct {
		line   solo.Line
		score  solo.Score
		proven bool
	}
	best := make([]known, n+1)
	best[n] = known{line, c.UserScore, true}

	total := n // n-1 turn searches and the opening
	done := 0
	progress := func() {
		done++
		if opts.Progress != nil {
			opts.Progress(done, total)
		}
	}
	// The turn searches share two thirds of the budget, the last turn
	// first: late positions are small and finish early, leaving their time
	// to the harder early ones.
	pool := opts.Time * 2 / 3
	poolEnd := start.Add(pool)
	for k := n - 1; k >= 1; k-- {
		if err := ctx.Err(); err != nil {
			return Comparison{}, err
		}
		g, err := solo.PlayPrefix(line, k)
		if err != nil {
			return Comparison{}, err
		}
		so := solver.Options{Workers: opts.Workers, TableBits: turnTableBits, MaxNodes: opts.Nodes}
		if opts.Nodes == 0 {
			so.Time = max(time.Until(poolEnd)/time.Duration(k), time.Millisecond)
		}
		res, err := solver.SolveFrom(ctx, g, so)
		if err != nil {
			return Comparison{}, fmt.Errorf("searching after turn %d: %w", k, err)
		}
		best[k] = known{res.Line, res.Score, res.Optimal}
		progress()
	}
	so := solver.Options{Workers: opts.Workers, MaxNodes: opts.Nodes}
	if opts.Nodes == 0 {
		so.Time = max(opts.Time-time.Since(start), opts.Time/3)
	}
	res, err := solver.Solve(ctx, line.Deck, so)
	if err != nil {
		return Comparison{}, fmt.Errorf("searching from the opening: %w", err)
	}
	best[0] = known{res.Line, res.Score, res.Optimal}
	if opts.Known != nil {
		sc, err := solo.Replay(*opts.Known)
		if err != nil {
			return Comparison{}, fmt.Errorf("the known line: %w", err)
		}
		if !slices.Equal(opts.Known.Deck.Relevant(), line.Deck.Relevant()) {
			return Comparison{}, fmt.Errorf("the known line is of another deck")
		}
		if sc.Total() < best[0].score.Total() {
			best[0] = known{*opts.Known, sc, res.LowerBound >= sc.Total()}
		}
	}
	c.LowerBound = res.LowerBound
	progress()

	// A line found after turn k+1 is a line after turn k too. On a tie the
	// later line wins: it follows the user's line further, so the lines
	// part later (or not at all).
	for k := n - 1; k >= 0; k-- {
		switch after, here := best[k+1].score.Total(), best[k].score.Total(); {
		case after < here:
			best[k] = best[k+1]
			best[k].proven = false
		case after == here:
			proven := best[k].proven // a proof after turn k+1 says nothing of turn k
			best[k] = best[k+1]
			best[k].proven = proven
		}
	}
	// And a line found before turn k that plays the user's turn k too
	// (up to the display's symmetries) is a line after turn k: without
	// this a short search after turn k could make the turn look costly.
	for k := 1; k <= n; k++ {
		if best[k-1].score.Total() >= best[k].score.Total() {
			continue
		}
		if aligned, ok := alignTo(line, best[k-1].line, k); ok {
			best[k] = known{aligned, best[k-1].score, false}
		}
	}
	c.Best, c.BestScore = best[0].line, best[0].score
	c.BestProven = best[0].proven || res.LowerBound >= c.BestScore.Total()
	if c.LowerBound > c.BestScore.Total() {
		c.LowerBound = c.BestScore.Total() // a bound from a search that found less
	}
	c.Turns = make([]TurnReport, n)
	for k := 1; k <= n; k++ {
		t := TurnReport{
			Turn:       k,
			Move:       line.Moves[k-1],
			EndsPhase1: k == line.Phase1Turns,
			BestAfter:  best[k].score.Total(),
			Loss:       best[k].score.Total() - best[k-1].score.Total(),
			Proven:     best[k].proven,
		}
		// A turn that cost points: the best line from before it is the
		// user's line up to turn k-1 (the searches continue the user's
		// position, in its coordinates) and then parts at turn k. From the
		// opening, the search's first tile lies where the search put it.
		if bl := best[k-1].line; t.Loss > 0 && len(bl.Moves) >= k {
			m := bl.Moves[k-1]
			if k == 1 {
				// The first tile may go on any cell: the user's.
				m.X, m.Y = line.Moves[0].X, line.Moves[0].Y
			}
			t.Better = &m
			t.BetterEndsPhase1 = k == bl.Phase1Turns
		}
		c.Turns[k-1] = t
	}
	c.PartTurn, c.PartKind = Part(line, c.Best)
	c.Elapsed = time.Since(start)
	return c, nil
}

// symmetries are the 8 symmetries of the square, as maps of (dx, dy).
var symmetries = [8]func(x, y int) (int, int){
	func(x, y int) (int, int) { return x, y },
	func(x, y int) (int, int) { return -x, y },
	func(x, y int) (int, int) { return x, -y },
	func(x, y int) (int, int) { return -x, -y },
	func(x, y int) (int, int) { return y, x },
	func(x, y int) (int, int) { return -y, x },
	func(x, y int) (int, int) { return y, -x },
	func(x, y int) (int, int) { return -y, -x },
}

// Part returns the first turn (1-based) at which two lines of the same deck
// make different decisions, and which: a different tile, the same tile on a
// different cell, or a different choice to end phase 1 after the turn.
// Displays equal up to a shift, rotation or reflection are the same, so a
// line that only mirrors another does not part from it. It returns 0 and
// PartSame for the same game.
func Part(a, b solo.Line) (int, string) {
	bestTurn, bestKind := 0, PartSame
	longest := -1
	for _, sym := range symmetries {
		turn, kind := partUnder(a, b, sym)
		if turn == 0 {
			return 0, PartSame
		}
		if turn > longest {
			longest, bestTurn, bestKind = turn, turn, kind
		}
	}
	return bestTurn, bestKind
}

// alignTo returns b in a's coordinates if b makes the same decisions as a in
// its first k turns, up to a symmetry of the display.
func alignTo(a, b solo.Line, k int) (solo.Line, bool) {
	if len(a.Moves) < k || len(b.Moves) < k || k == 0 {
		return solo.Line{}, false
	}
	for _, sym := range symmetries {
		if turn, _ := partUnder(a, b, sym); turn != 0 && turn <= k {
			continue
		}
		out := b
		out.Moves = make([]solo.Move, len(b.Moves))
		a0, b0 := a.Moves[0], b.Moves[0]
		for i, m := range b.Moves {
			x, y := sym(m.X-b0.X, m.Y-b0.Y)
			out.Moves[i] = solo.Move{Tile: m.Tile, X: a0.X + x, Y: a0.Y + y}
		}
		return out, true
	}
	return solo.Line{}, false
}

func partUnder(a, b solo.Line, sym func(x, y int) (int, int)) (int, string) {
	n := min(len(a.Moves), len(b.Moves))
	for i := range n {
		ma, mb := a.Moves[i], b.Moves[i]
		if ma.Tile != mb.Tile {
			return i + 1, PartTile
		}
		ax, ay := ma.X-a.Moves[0].X, ma.Y-a.Moves[0].Y
		bx, by := sym(mb.X-b.Moves[0].X, mb.Y-b.Moves[0].Y)
		if ax != bx || ay != by {
			return i + 1, PartCell
		}
		if (i+1 == a.Phase1Turns) != (i+1 == b.Phase1Turns) {
			return i + 1, PartPhase
		}
	}
	if len(a.Moves) != len(b.Moves) {
		return n + 1, PartTile
	}
	return 0, PartSame
}
