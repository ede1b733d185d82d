package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// maxMoves bounds the children of a position: up to three tiles on any
// frontier cell, each either before or after ending phase 1, plus ending
// phase 1 into an empty wheel.
const maxMoves = 2*3*solo.MaxFrontier + 1

// noSpace marks a move that only ends phase 1 (when that ends the game).
const noSpace = 0xff

// move is a child of a position: optionally end phase 1 first, then take
// the tile on space sp and place it on cell. f is the child's bound.
type move struct {
	f     int16
	tie   int16
	end   bool
	sp    uint8
	front uint8 // the frontier index of cell
	cell  solo.Cell
}

func cmpMove(a, b move) int {
	if a.f != b.f {
		return int(a.f) - int(b.f)
	}
	if a.tie != b.tie {
		return int(a.tie) - int(b.tie)
	}
	if a.end != b.end {
		if a.end {
			return 1
		}
		return -1
	}
	if a.sp != b.sp {
		return int(a.sp) - int(b.sp)
	}
	return int(a.cell) - int(b.cell)
}

// path is a continuation from the start position: the steps, and before
// which of them phase 1 ends by choice (-1: not by choice on this path).
type path struct {
	steps [solo.MaxTurns]solo.Step
	n     int8
	p1    int8
}

// shared is what all workers of one search see.
type shared struct {
	m      *model
	tt     *table
	start  solo.State
	deck   solo.Deck
	prefix []solo.Move
	begin  time.Time
	// nodeLimit, if positive, stops the search after about that many
	// nodes, so that tests can stop a one-worker search deterministically.
	nodeLimit int64
	// wide: the run is long enough for the second worker's wide beam
	// (wideBeam).
	wide bool
	// straight: every pass is at the incumbent less one (Options.Straight).
	straight bool
	// deadline, when not zero, is when the search will be stopped
	// (straightNow). goStraight is set once the workers have gone
	// straight; raisedAt (since begin) and passTime are when the bound
	// last rose and how long the pass that raised it took.
	deadline   time.Time
	goStraight atomic.Bool
	raisedAt   atomic.Int64
	passTime   atomic.Int64
	// share: the run begins straight, every pass at the incumbent less
	// one, until fell (only ever set: shared.fallNow) ends it for every
	// worker (worker.fallen);
	// prog holds the first two workers' estimates of how much of that
	// pass they have searched, as float64 bits (worker.searched).
	share bool
	fell  atomic.Bool
	prog  [2]atomic.Uint64

	best  atomic.Int32 // score of the incumbent line; infinity before one
	lb    atomic.Int32 // proven lower bound
	nodes atomic.Int64
	stop  atomic.Bool
	// layout memoises layoutEnds near the root (shared.layoutEnds).
	layout []atomic.Uint64

	mu       sync.Mutex
	bestPath path
	firstAt  time.Duration
	bestAt   time.Duration
	found    bool
}

// offer records a complete line if it beats the incumbent.
func (sh *shared) offer(score int, p *path) {
	if int32(score) >= sh.best.Load() {
		return
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if int32(score) >= sh.best.Load() {
		return
	}
	sh.bestPath = *p
	now := time.Since(sh.begin)
	if !sh.found {
		sh.firstAt = now
		sh.found = true
	}
	sh.bestAt = now
	sh.best.Store(int32(score))
	if int32(score) <= sh.lb.Load() {
		sh.stop.Store(true)
	}
}

// raise publishes a proven lower bound.
func (sh *shared) raise(lb int) {
	for {
		old := sh.lb.Load()
		if int32(lb) <= old {
			return
		}
		if sh.lb.CompareAndSwap(old, int32(lb)) {
			now := int64(time.Since(sh.begin))
			sh.passTime.Store(now - sh.raisedAt.Swap(now))
			break
		}
	}
	if int32(lb) >= sh.best.Load() {
		sh.stop.Store(true)
	}
}

// worker is one search thread. Its buffers are allocated once; the search
// itself does not allocate.
type worker struct {
	sh    *shared
	stack [solo.MaxTurns + 2]solo.State
	ended solo.State // a position with phase 1 just ended, for gen
	moves [solo.MaxTurns + 2][maxMoves]move
	path  path
	nodes int64
	// fallible: the worker's pass is the straight share's, to end when
	// the share is over for it (fallen); broken: it ended so (halted).
	fallible, broken bool
	// id is the worker's number; progJ[d] and progN[d] are which child
	// of how many the worker's pass is in at depth d < progDepth (progN
	// is 0 below the deepest such call under way).
	id           int
	progJ, progN [progDepth + 1]int32
	// openNum/openDen weigh the open tasks of the display in the beam's
	// evaluation (the bound counts them fully).
	openNum, openDen int
	// price, if positive, makes the beam rank a position by its committed
	// cost plus price/16 points per token still missing (see priced).
	price     int
	diversity int // if positive, a beam keeps at most this many positions per wheelKey
	noise     int // if positive, beam ranks get a random 0..noise-1 added
	rng       *rand.PCG
	// own is scratch for a phase-1 child's own lookahead while gen bounds
	// it (gateAhead.nextOpen), kept here so that gen does not clear it for
	// every position.
	own lookahead
	// wideCut, if set (by tests), is called with the bound when gen's
	// layoutEnds call cuts a position (sp is noSpace), or the children
	// that take the tile on space sp; w.path leads to the position.
	wideCut func(f int, sp uint8)
	// layout, set by dfs for its next gen, asks gen to bound the position
	// with layoutEndsTiles, where it has layoutWide moves or more, before
	// the tiles' bounds; gen then sets cut to the bound when that is above
	// the limit, and bounds no tile and makes no child.
	layout bool
	cut    int
	// laid, set by dfs with layout at depths layCheckFrom to
	// layCheckDepth, has gen's bound lay the small sets that end phase 1
	// (layoutEndsLaid).
	laid bool
	// mirror: at depths below it, the depth-first search takes the
	// children within its limit last first (see dfs).
	mirror int
	// above[d]: gen's phase2Ahead marks here the sets of the wheel of
	// the position at depth d (0) and of the position after ending phase
	// 1 (1) that are above the limit, for the children's bounds, and for
	// the walk of the phase-2 child that dfs enters next (inherit[d+1]).
	above [solo.MaxTurns + 2][2]aboveSets
	// inherit[d], where its above is not nil: for the phase-2 position at
	// depth d, its parent's above sets and far sights and the wheel index
	// of the tile it took.
	inherit [solo.MaxTurns + 2]parentSets
	// far: the same positions' far sights (cellSights.far), which the
	// children's bounds take for the colours other than their tile's.
	far [solo.MaxTurns + 2][2]farSights
	// depth: the depth of the position dfs asks gen about next.
	// layFar[d] holds the far sights of gen's layoutEndsLaid call at depth
	// d, where hasFar[d] is set: its children's calls take them for the
	// colours other than their tile's (farLink).
	depth  int
	layFar [solo.MaxTurns + 2]farSights
	hasFar [solo.MaxTurns + 2]bool
	// laySets[d]: that call's lower bounds on its sets' values, for its
	// children's calls (laidSets).
	laySets [solo.MaxTurns + 2]laidSets
}

func newWorker(sh *shared) *worker {
	return &worker{sh: sh, openNum: 1, openDen: 1}
}

// tick counts a node and reports whether the search must stop. It flushes
// the count to the shared total every 256 nodes.
func (w *worker) tick() bool {
	w.nodes++
	if w.nodes&255 == 0 {
		n := w.sh.nodes.Add(256)
		if w.sh.nodeLimit > 0 && n >= w.sh.nodeLimit {
			w.sh.stop.Store(true)
		}
		if w.fallible && w.id < len(w.sh.prog) {
			w.sh.prog[w.id].Store(math.Float64bits(w.searched()))
		}
		return w.halted()
	}
	return false
}

// halted reports whether the search must stop, or the worker's straight
// pass must end because the straight share is over (broken is then set).
func (w *worker) halted() bool {
	if w.sh.stop.Load() {
		return true
	}
	if w.fallible && w.fallen() {
		w.broken = true
		return true
	}
	return false
}

// fallen reports whether the straight share is over (for every worker).
func (w *worker) fallen() bool {
	return w.sh.fell.Load()
}

func (w *worker) flush() {
	w.sh.nodes.Add(w.nodes & 255)
	w.nodes = 0
}

// expand lists the children of s in buf and returns how many there are:
// every accessible tile on every frontier cell (R6, R9), and when phase 1
// may end (R12), the same after ending it, or ending it alone when that
// ends the game. The beam and the depth-first search both expand with it.
// It leaves the position after ending phase 1 in w.ended, for child.
func (w *worker) expand(s *solo.State, buf *[maxMoves]move) int {
	n := listMoves(s, false, buf, 0)
	if s.CanEndPhase1() {
		e := &w.ended
		*e = *s
		e.EndPhase1()
		if e.Over() {
			buf[n] = move{end: true, sp: noSpace}
			n++
		} else {
			n = listMoves(e, true, buf, n)
		}
	}
	return n
}

// listMoves adds base's tiles on its frontier cells to buf from n on.
func listMoves(base *solo.State, end bool, buf *[maxMoves]move, n int) int {
	var acc [3]uint8
	k := base.Accessible(&acc)
	nf := base.NumFrontier()
	for i := range k {
		for j := range nf {
			buf[n] = move{end: end, sp: acc[i], front: uint8(j), cell: base.FrontierCell(j)}
			n++
		}
	}
	return n
}

// child writes into dst the position after mv, one of the moves of s
// listed last by expand. dst must hold s, or a child of s made by child:
// it is rewound (only the grid cell that child filled is cleared), not
// copied whole, so a caller copies s into dst once for all its children.
func (w *worker) child(s *solo.State, mv move, dst *solo.State) {
	base := s
	if mv.end {
		base = &w.ended
	}
	dst.Rewind(base)
	if mv.sp != noSpace {
		dst.Apply(mv.sp, mv.cell)
	}
}

// gen writes the children of s into buf with their bounds and returns how
// many there are, n. scratch is overwritten. With lim < 0 all n are
// sorted best first, each with its full bound, and h is n. With lim >= 0
// the first h are the children whose bound is at most lim, sorted best
// first, and the rest follow in no order; a bound at most lim may be
// weaker than the child's full bound (boundBelow), and a bound above lim
// may be the one of all the children that take its tile (tileAhead,
// phase2Ahead).
func (w *worker) gen(s *solo.State, buf *[maxMoves]move, scratch *solo.State, lim int) (n, h int) {
	n = w.expand(s, buf)
	// The children that take one tile are first bounded together
	// (phase2Ahead in phase 2 and after ending phase 1, tileAhead in
	// phase 1): where that is above the limit, none of them is made.
	var ahead, aheadEnd [spaceCount]int16
	var from, fromEnd *aboveSets
	// cells[sp][f]: tileAhead's bound for the child that puts the tile on
	// space sp on frontier cell f, where tileAhead applies, or in phase 2
	// phase2Ahead's above the limit (0: none); cellsEnd the same after
	// ending phase 1.
	var cells, cellsEnd [spaceCount][solo.MaxFrontier]int16
	var byCell [spaceCount]bool
	p1 := lim >= 0 && s.Phase() == solo.Phase1
	layout := w.layout && p1
	w.layout = false
	// Bounded with the layout first, the position is cut before the
	// tiles' bounds are asked, or the tiles that no set within the limit
	// holds are (applied after them).
	var by [spaceCount]int
	dc := 2 * s.DisplayCost()
	if layout && n >= layoutWide {
		var v int
		if w.laid {
			d := w.depth
			link := farLink{keep: &w.layFar[d], keepSets: &w.laySets[d]}
			if d > 0 && w.hasFar[d-1] {
				id, _, _ := s.Placed(s.DisplaySize() - 1)
				link.parent, link.col = &w.layFar[d-1], tiles[id].colour
				link.sets = &w.laySets[d-1]
			}
			v = dc + w.sh.m.layoutEndsLaid(s, lim-dc, &by, &link)
			w.hasFar[d] = true
		} else {
			v = dc + w.sh.m.layoutEndsTiles(s, lim-dc, &by)
		}
		if v > lim {
			w.cut = v
			return n, 0
		}
	}
	d := w.depth
	if lim >= 0 && s.Phase() == solo.Phase2 {
		from = &w.above[d][0]
		var inh *parentSets
		if w.inherit[d].above != nil {
			inh = &w.inherit[d]
		}
		w.phase2Ahead(s, lim, &ahead, from, &w.far[d][0], &cells, inh)
		for sp := range byCell {
			byCell[sp] = true
		}
	}
	if lim >= 0 && s.CanEndPhase1() && !w.ended.Over() {
		fromEnd = &w.above[d][1]
		w.phase2Ahead(&w.ended, lim, &aheadEnd, fromEnd, &w.far[d][1], &cellsEnd, nil)
	}
	var la lookahead
	if p1 {
		w.sh.m.tileAheadOf(s, &la)
		var acc [3]uint8
		for _, sp := range acc[:s.Accessible(&acc)] {
			w.tick() // a bound, like a child's
			v, ok := w.sh.m.tileAhead(s, &la, sp, &cells[sp])
			if ok && v > lim {
				ahead[sp] = int16(v)
			}
			byCell[sp] = ok
		}
	}
	// skip is a bound above lim for a child not to be made, or 0.
	skip := func(mv move) int16 {
		if mv.sp == noSpace {
			return 0
		}
		if mv.end {
			if aheadEnd[mv.sp] == 0 && cellsEnd[mv.sp][mv.front] > 0 {
				return cellsEnd[mv.sp][mv.front]
			}
			return aheadEnd[mv.sp]
		}
		if byCell[mv.sp] && int(cells[mv.sp][mv.front]) > lim {
			return cells[mv.sp][mv.front]
		}
		return ahead[mv.sp]
	}
	if layout {
		for sp, b := range by {
			if b > 0 {
				ahead[sp] = int16(dc + b)
				byCell[sp] = false
				if w.wideCut != nil {
					w.wideCut(dc+b, uint8(sp))
				}
			}
		}
	}
	*scratch = *s
	for i := range n {
		if a := skip(buf[i]); a > 0 {
			buf[i].f, buf[i].tie = a, 0
			continue
		}
		w.child(s, buf[i], scratch)
		w.tick()
		if p1 && !buf[i].end {
			buf[i].f = int16(w.sh.m.boundChild(scratch, lim, &la, s.Tokens(), buf[i].sp, buf[i].front, &w.own))
		} else if f, par := from, s; buf[i].end && fromEnd != nil || !buf[i].end && from != nil {
			// A phase-2 child, with the sets its parent's walk put
			// above the limit.
			far := &w.far[d][0]
			if buf[i].end {
				f, par, far = fromEnd, &w.ended, &w.far[d][1]
			}
			ps := childSets(par, buf[i].sp, f, far)
			ps.lim = lim
			buf[i].f = int16(w.sh.m.boundBelowFrom(scratch, lim, &ps))
		} else {
			buf[i].f = int16(w.sh.m.boundBelow(scratch, lim))
		}
		buf[i].tie = int16(-scratch.Tokens())
	}
	if lim < 0 {
		slices.SortFunc(buf[:n], cmpMove)
		return n, n
	}
	// Only the children within lim are searched, in order; of the others
	// the caller needs only the least bound.
	h = 0
	for i := range n {
		if int(buf[i].f) <= lim {
			buf[h], buf[i] = buf[i], buf[h]
			h++
		}
	}
	slices.SortFunc(buf[:h], cmpMove)
	return n, h
}

// phase2Ahead sets ahead[sp] to model.phase2Ahead's value for the tile on
// space sp of the phase-2 position s where that is above lim, and leaves
// it 0 elsewhere; it marks in above the sets of s's wheel tiles whose
// value is above lim (model.phase2AheadAbove), keeps s's far sights in
// far, and fills cells with the bounds above lim of the children by the
// cell their tile goes on (0 elsewhere).
func (w *worker) phase2Ahead(s *solo.State, lim int, ahead *[spaceCount]int16, above *aboveSets, far *farSights, cells *[spaceCount][solo.MaxFrontier]int16, from *parentSets) {
	var v [spaceCount]int
	w.sh.m.phase2AheadAbove(s, &v, lim, above, far, cells, from)
	w.tick() // a bound, like a child's
	for sp, a := range v {
		if a > lim {
			ahead[sp] = int16(min(a, infinity))
		}
	}
}

// wheelIndex is the index of space sp among the occupied spaces of s's
// wheel, in order.
func wheelIndex(s *solo.State, sp uint8) int {
	i := 0
	for q := range int(sp) {
		if s.TrackTile(q) != 0 {
			i++
		}
	}
	return i
}

// play applies mv to a copy of s in dst and records it in the path.
func (w *worker) play(s *solo.State, mv move, dst *solo.State) {
	*dst = *s
	if mv.end {
		dst.EndPhase1()
		w.path.p1 = w.path.n
	}
	if mv.sp != noSpace {
		dst.Apply(mv.sp, mv.cell)
		w.path.steps[w.path.n] = solo.Step{Space: mv.sp, Cell: mv.cell}
		w.path.n++
	}
}

func (w *worker) unplay(mv move) {
	if mv.sp != noSpace {
		w.path.n--
	}
	if mv.end {
		w.path.p1 = -1
	}
}

// enter tells the walk of the child by mv of the phase-2 position s at
// depth d (gen's phase2Ahead) which sets s's walk put above the limit,
// and s's far sights: inherit[d+1].
func (w *worker) enter(d int, s *solo.State, mv move) {
	w.inherit[d+1] = parentSets{}
	if !mv.end && mv.sp != noSpace && s.Phase() == solo.Phase2 {
		w.inherit[d+1] = childSets(s, mv.sp, &w.above[d][0], &w.far[d][0])
	}
}

// childSets is what the walk of s that marked above and kept far tells
// its child that takes the tile on space sp: parentSets without a limit.
func childSets(s *solo.State, sp uint8, above *aboveSets, far *farSights) parentSets {
	return parentSets{above: above, it: wheelIndex(s, sp), far: far, col: tiles[s.TrackTile(int(sp))].colour}
}

// lift raises f, a bound of the position with table key k, to v; when
// that is above lim, the position is cut: the table records the bound.
func (sh *shared) lift(k uint64, f, v, lim int) (int, bool) {
	f = max(f, v)
	if f > lim {
		sh.tt.store(k, f)
		return f, true
	}
	return f, false
}

// dfs searches the position at depth d, whose bound is f, for lines scoring
// at most T and below the incumbent. It returns a lower bound on the score
// of every line through the position (fail-soft), and records in the table
// what it proved. After a stop its result means nothing.
func (w *worker) dfs(d int, T int, f int) int {
	sh := w.sh
	s := &w.stack[d]
	if s.Over() {
		sc := s.Score().Total()
		sh.offer(sc, &w.path)
		return sc
	}
	k := key(s)
	if lb := sh.tt.probe(k); lb > f {
		f = lb
	}
	if f > min(T, int(sh.best.Load())-1) {
		return f
	}
	lim := min(T, int(sh.best.Load())-1)
	if d <= layoutDepth && s.Phase() == solo.Phase1 {
		// Near the root, where a cut spares a large subtree, the
		// costlier bound that sees the layout (layoutEnds).
		var cut bool
		if f, cut = sh.lift(k, f, 2*s.DisplayCost()+sh.layoutEnds(k, s, lim-2*s.DisplayCost()), lim); cut {
			return f
		}
	}
	buf := &w.moves[d]
	// Deeper, gen asks layoutEnds only where the children to make are
	// many, and counted only up to the limit: a cut there spares more
	// than the call costs. Nearer the root, where the memoised call has
	// not cut the position, gen's call rules out tiles only.
	w.layout = d <= layoutWideDepth
	w.laid = d >= layCheckFrom && d <= layCheckDepth
	w.depth = d
	w.hasFar[d] = false
	w.cut = 0
	n, h := w.gen(s, buf, &w.stack[d+1], lim)
	if w.halted() {
		return f
	}
	if w.cut > 0 {
		f, _ = sh.lift(k, f, w.cut, lim)
		if w.wideCut != nil {
			w.wideCut(f, noSpace)
		}
		return f
	}
	res := infinity
	for _, mv := range buf[h:n] {
		res = min(res, int(mv.f))
	}
	// The children within the limit come first, sorted; a worker that
	// helps another prove walks the top of the tree from the other end,
	// so the two meet in the table rather than in the same subtrees.
	within := h
	for i := range h {
		if int(buf[i].f) > min(T, int(sh.best.Load())-1) {
			within = i
			res = min(res, int(buf[i].f))
			break
		}
	}
	for j := range within {
		if d < progDepth {
			w.progJ[d], w.progN[d], w.progN[d+1] = int32(j), int32(within), 0
		}
		i := j
		if d < w.mirror {
			i = within - 1 - j
		}
		mv := buf[i]
		if int(mv.f) > min(T, int(sh.best.Load())-1) {
			res = min(res, int(mv.f))
			continue
		}
		w.enter(d, s, mv)
		w.play(s, mv, &w.stack[d+1])
		v := w.dfs(d+1, T, int(mv.f))
		w.unplay(mv)
		if w.halted() {
			return f
		}
		res = min(res, v)
	}
	res = max(res, f)
	sh.tt.store(k, res)
	return res
}

// straightRoom is how many tenths of the last pass's time must be left
// before the deadline for the last pass to start at a bound two under
// the incumbent (straightNow, straightRoomFor). On seeds 26, 31, 38 and
// 23 (two workers, the thirty-ninth round) the bound reached two under
// the line at 18.0, 16.9, 22.2 and 25.1 s, after passes of 7.5, 10.1,
// 8.6 and 6.3 s; the pass at the line less one from there took 5.5, 4.9,
// 4.5 and 3.3 times that, where the passes to the proof took 7.4, 6.0
// and 6.1 times it on the first three (the pass between 2.2, 1.5 and 1.9
// times). Six times (the thirty-ninth round) left seeds 31 and 38 to the
// passes in the suite, and both ended a point short of a proof. At four
// and a half (the fortieth round, the search about 4 % faster) seeds 26
// and 38 went straight with 6.4 and 4.7 times their pass left and were
// proven at 56.6 and 59.8 s (in the suite 55.3 and 57.7 s), where seed
// 31, with 4.7 times, ended short, its bound a point lower than the
// passes' (84 against 85; the same in the suite): a proof is
// worth more to a user than a point of bound, and the room the last pass
// needs varies (3.3 to over 6.9 times the pass before) too much for a
// room that never fails.
const straightRoom = 45

// straightRoomFor is the time that must be left for the last pass to go
// straight after a pass of time pass (straightRoom).
func straightRoomFor(pass time.Duration) time.Duration {
	return pass * straightRoom / 10
}

// straightNow reports whether the workers' passes go straight to the
// incumbent less one: once the bound is two under
// it, the pass between (which would raise the bound a point) costs about
// twice the one before it and spares the last pass little, so going
// straight proves the line sooner; but a search stopped before the last
// pass ends keeps the bound two under, where the pass between would have
// raised it. So with a deadline the workers go straight only when the
// time left is at least straightRoomFor the last pass's, and with a
// node limit and no deadline they keep the passes (so that a one-worker
// search with one stays what it was). Once they have gone, they stay
// (every worker proves the same pass).
func (sh *shared) straightNow() bool {
	if sh.deadline.IsZero() && sh.nodeLimit > 0 {
		return false
	}
	if sh.goStraight.Load() {
		return true
	}
	best, lb := sh.best.Load(), sh.lb.Load()
	if lb != best-2 {
		return false
	}
	if !sh.deadline.IsZero() && (sh.passTime.Load() == 0 || time.Until(sh.deadline) < straightRoomFor(time.Duration(sh.passTime.Load()))) {
		return false
	}
	sh.goStraight.Store(true)
	return true
}

// progDepth is how deep a worker's estimate of its pass's progress
// looks (worker.searched).
const progDepth = 12

// searched estimates the share of its pass the worker has searched, as
// if every subtree at a depth were as large as its siblings: the
// children done at the root count 1/n each, those done in the child under
// way 1/n of that, and so on.
func (w *worker) searched() float64 {
	p, scale := 0.0, 1.0
	for d := range progDepth {
		n := w.progN[d]
		if n == 0 {
			break
		}
		p += scale * float64(w.progJ[d]) / float64(n)
		scale /= float64(n)
	}
	return p
}

// fallNow reports whether the straight share of a run with time limit
// limit is over at elapsed time e: over for every worker from a sixth of
// the limit if the first two workers' straight pass has searched less
// than fallFirst of its tree by their estimate, from a third if less than
// fallSecond, and at fallLast of the limit in any case.
func (sh *shared) fallNow(e, limit time.Duration) bool {
	p := math.Float64frombits(sh.prog[0].Load()) + math.Float64frombits(sh.prog[1].Load())
	return e >= limit*fallLast/100 || e >= limit/3 && p < fallSecond || e >= limit/6 && p < fallFirst
}

// prove runs threshold passes of the depth-first search from the start
// position, each raising the proven bound, until the bound meets the
// incumbent or the search is stopped. Straight (shared.straight), each
// pass is at the incumbent less one and the first that ends proves it.
func (w *worker) prove() {
	sh := w.sh
	w.stack[0] = sh.start
	w.path = path{p1: -1}
	f := sh.m.bound(&w.stack[0])
	sh.raise(f)
	// A pass below a bound already proven (by a resumed search) cannot
	// raise it.
	T := max(f, int(sh.lb.Load()))
	for !sh.stop.Load() {
		w.fallible = sh.share && !w.fallen()
		if sh.straight || w.fallible || sh.straightNow() {
			// A pass at the incumbent less one that ends proves it
			// (the limit follows a better line found meanwhile).
			T = max(T, int(sh.best.Load())-1)
		}
		w.progN[0] = 0
		v := w.dfs(0, T, f)
		if sh.stop.Load() {
			break
		}
		if w.broken {
			// The straight share is over: passes from the bound proven,
			// which the straight pass's table entries speed up.
			w.fallible, w.broken = false, false
			T = max(f, int(sh.lb.Load()))
			continue
		}
		sh.raise(v)
		if v >= int(sh.best.Load()) {
			break
		}
		// Another worker may have proven more meanwhile.
		T = max(v, T+1, int(sh.lb.Load()))
	}
	w.flush()
}
