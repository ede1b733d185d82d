package solver

import (
	"math/bits"

	"github.com/novaluna/novaluna/solo"
)

// cellNeed is one thing an open task needs of the new tiles: a tile of
// colour c on one of the empty cells of cells (bits as numbered by
// reachScratch.cellBit).
type cellNeed struct {
	c     uint8
	cells uint64
}

// cellNeedsMost: the most needs kept for one task (a task lacks at most
// four colours, and each colour's needs are kept one inside the other).
const cellNeedsMost = 4

// cellNeedsTasks: the most tasks, the display's open ones and a pinned
// tile's.
const cellNeedsTasks = 3*solo.MaxTurns + solo.MaxTasks

// cellNeedsNodes bounds one search of setCounter.cellsLoss; a search that
// reaches it takes off nothing.
const cellNeedsNodes = 1000

// cellNeeds gathers, for one count of setCounter, the counted open tasks
// that need new tiles on given cells: a tile that sees no tile of colour c
// needs a new one on an empty cell next to it (openTask.local, near), and
// a task that one or two new tiles of colour c close needs one of them on
// a cell that makes its tile see more (openTask.reach); so does a pinned
// tile's task that asks more of colour c than its cell sees, on the cells
// where a tile of c comes to be seen from it (setCounter.pinReach). Each
// colour's rules
// in count look at its own tiles; but a cell holds one tile, of one
// colour, so tasks of different colours that want the same few cells
// cannot all have them. setCounter.cellsLoss finds the most tasks any
// choice of cells for the set's tiles serves.
type cellNeeds struct {
	n    int // tasks
	last int // the open task (setCounter.open's index) of task n-1
	need [cellNeedsTasks][cellNeedsMost]cellNeed
	nn   [cellNeedsTasks]uint8
	h    uint64 // the needs as added, hashed (key)
	// pinCell, when not 0, is the cell of a tile of colour pinCol that
	// the count pins there (setCounter.pinBit): taken before the search.
	pinCell uint64
	pinCol  uint8
	// The search: the cells chosen for each colour, how many, all of them.
	used   [solo.NumColours]uint64
	cnt    [solo.NumColours]uint8
	all    uint64
	added  [solo.NumColours]uint8
	best   int // the most tasks served so far
	target int // the search stops once it serves this many
	nodes  int
}

// reset empties cn for another count.
func (cn *cellNeeds) reset() {
	cn.n, cn.h, cn.pinCell = 0, 0, 0
}

// pin records that a tile of colour c lies on the cell cell (one bit).
func (cn *cellNeeds) pin(c int, cell uint64) {
	cn.pinCell, cn.pinCol = cell, uint8(c)
}

// start empties the search's choices but for the pinned tile.
func (cn *cellNeeds) start() {
	cn.used, cn.cnt, cn.all = [solo.NumColours]uint64{}, [solo.NumColours]uint8{}, 0
	if cn.pinCell != 0 {
		cn.used[cn.pinCol], cn.cnt[cn.pinCol], cn.all = cn.pinCell, 1, cn.pinCell
	}
}

// add records that the open task k needs a new tile of colour c on one of
// cells. The needs of one task come one after another. A need of colour c
// that another of the same colour implies (its cells inside the other's)
// is not kept; no cells at all (never happens: out of cell bits) gives no
// rule.
func (cn *cellNeeds) add(k, c int, cells uint64) {
	if cells == 0 {
		return
	}
	cn.h = (cn.h ^ uint64(k<<8|c)) * 0x9e3779b97f4a7c15
	cn.h ^= cells * 0xbf58476d1ce4e5b9
	if cn.n == 0 || cn.last != k {
		cn.last = k
		cn.nn[cn.n] = 0
		cn.n++
	}
	t := cn.n - 1
	for r := range cn.nn[t] {
		q := &cn.need[t][r]
		if q.c != uint8(c) {
			continue
		}
		if q.cells&^cells == 0 {
			return // a tile on q's cells is on these
		}
		if cells&^q.cells == 0 {
			q.cells = cells // a tile on these is on q's
			return
		}
	}
	if cn.nn[t] < cellNeedsMost {
		cn.need[t][cn.nn[t]] = cellNeed{c: uint8(c), cells: cells}
		cn.nn[t]++
	}
}

// key is a hash of the needs with the colour counts that matter to them
// (added, capped at the needs of each colour and the pinned tile: more
// tiles than those serve no more), which together decide the search's
// loss (exact).
func (cn *cellNeeds) key(added *[solo.NumColours]uint8) uint64 {
	var nc [solo.NumColours]uint8
	for t := range cn.n {
		for r := range cn.nn[t] {
			nc[cn.need[t][r].c]++
		}
	}
	h := cn.h ^ uint64(cn.n)
	if cn.pinCell != 0 {
		nc[cn.pinCol]++ // the pinned tile is one of its colour's
		h = (h ^ cn.pinCell) * 0xd6e8feb86659fd93
		h ^= uint64(cn.pinCol+1) << 60
	}
	for c := range solo.NumColours {
		h = (h ^ uint64(min(nc[c], added[c]))) * 0x94d049bb133111eb
	}
	return h ^ h>>31
}

// exact searches the choices of cells for cn.added's tiles, from first
// fit's g served, until one serves target tasks, and returns the tasks
// the best found leaves without, and what that loss is: exact (no choice
// serves target), at most (the search stopped at target) or none (it gave
// up; the loss is 0). The search takes its tasks and cells in a fixed
// order, so a search for a smaller target walks the first part of one for
// a larger: each answer is a function of the needs, the counts and the
// target alone, and the memo's answers stay the same as a search's
// (cellsLoss).
func (cn *cellNeeds) exact(g, target int) (int, uint32) {
	cn.sortTasks()
	cn.best, cn.nodes, cn.target = g, 0, target
	cn.start()
	cn.walk(0, 0)
	switch {
	case cn.nodes > cellNeedsNodes:
		return 0, memoGaveUp
	case cn.best >= target:
		return cn.n - cn.best, memoAtMost
	}
	return cn.n - cn.best, memoExact
}

// What a cellNeedsMemo entry's loss is (cellNeeds.exact).
const (
	memoExact = iota
	memoAtMost
	memoGaveUp
)

// firstFit serves the tasks in order, each on the first free cells that
// meet its needs, and returns how many it served: at most the best.
func (cn *cellNeeds) firstFit() int {
	cn.start()
	used, cnt, all := cn.used, cn.cnt, cn.all
	served := 0
	for t := range cn.n {
		u, k, a := used, cnt, all
		ok := true
		for r := range cn.nn[t] {
			q := cn.need[t][r]
			if u[q.c]&q.cells != 0 {
				continue
			}
			free := q.cells &^ a
			if free == 0 || k[q.c] >= cn.added[q.c] {
				ok = false
				break
			}
			x := free & -free
			u[q.c] |= x
			a |= x
			k[q.c]++
		}
		if ok {
			used, cnt, all = u, k, a
			served++
		}
	}
	return served
}

// sortTasks puts the tasks with the fewest cells first, where the search
// prunes best.
func (cn *cellNeeds) sortTasks() {
	var w [cellNeedsTasks]int
	for t := range cn.n {
		for r := range cn.nn[t] {
			w[t] += 8 * bits.OnesCount64(cn.need[t][r].cells)
		}
		w[t] -= int(cn.nn[t])
	}
	for a := 1; a < cn.n; a++ {
		for b := a; b > 0 && w[b] < w[b-1]; b-- {
			w[b], w[b-1] = w[b-1], w[b]
			cn.need[b], cn.need[b-1] = cn.need[b-1], cn.need[b]
			cn.nn[b], cn.nn[b-1] = cn.nn[b-1], cn.nn[b]
		}
	}
}

// walk decides task t and those after it, served tasks so far.
func (cn *cellNeeds) walk(t, served int) {
	cn.nodes++
	if cn.nodes > cellNeedsNodes || served+(cn.n-t) <= cn.best || served+cn.open(t) <= cn.best {
		return
	}
	if t == cn.n {
		cn.best = served
		return
	}
	cn.serve(t, 0, served)
	if cn.best < cn.target {
		cn.walk(t+1, served) // t goes without
	}
}

// serve meets task t's needs from the r-th on, then walks on.
func (cn *cellNeeds) serve(t, r, served int) {
	if r == int(cn.nn[t]) {
		cn.walk(t+1, served+1)
		return
	}
	q := cn.need[t][r]
	if cn.used[q.c]&q.cells != 0 {
		cn.serve(t, r+1, served)
		return
	}
	if cn.cnt[q.c] >= cn.added[q.c] {
		return
	}
	for m := q.cells &^ cn.all; m != 0; m &= m - 1 {
		x := m & -m
		cn.used[q.c] |= x
		cn.all |= x
		cn.cnt[q.c]++
		cn.serve(t, r+1, served)
		cn.cnt[q.c]--
		cn.all &^= x
		cn.used[q.c] &^= x
		if cn.best >= cn.target || cn.nodes > cellNeedsNodes {
			return
		}
	}
}

// open counts the tasks from t on that the cells chosen so far still let
// be served, each alone, as far as each need alone tells: met already, or
// a free cell among its own and a tile of its colour left (an upper bound
// on the tasks the rest of the search can serve).
func (cn *cellNeeds) open(t int) int {
	n := 0
	for u := t; u < cn.n; u++ {
		ok := true
		for _, q := range cn.need[u][:cn.nn[u]] {
			if cn.used[q.c]&q.cells == 0 && (q.cells&^cn.all == 0 || cn.cnt[q.c] >= cn.added[q.c]) {
				ok = false
				break
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// cellNeedsMemo keeps cellNeeds.exact's losses by key, for the counts of
// one cellSights' fill (a generation; a new one empties it).
type cellNeedsMemo struct {
	gen  uint32
	keys [256]uint64
	vals [256]uint32 // gen<<10 | what the loss is<<8 | loss
}

// next starts a new generation.
func (m *cellNeedsMemo) next() {
	m.gen++
	if m.gen >= 1<<22 {
		m.gen = 1
		m.vals = [256]uint32{}
	}
}

// cellsLoss returns how many of cn's tasks no choice of cells serves,
// where the set brings added[c] tiles of colour c (the pinned one among
// them, on its cell) and each cell holds one tile: a task is served when
// each of its needs has a tile of its colour on one of its cells. Every
// layout of the set's tiles is such a choice, and serves every task it
// fulfils, so at least that many of the tasks go without. It returns 0
// where that is no more than over (the loss already taken off, which then
// stands), found so by first fit or by a search that stops once it serves
// all but over, and where the search gives up. The search's answers are
// memoised by cn's key in the counter's cell sights: they depend on the
// needs and the counts alone, so sets with the same colour counts share
// them; an answer "at most l" serves a count with over at least l, and an
// exact one any; so the answer is the same whatever was counted before.
func (sc *setCounter) cellsLoss(cn *cellNeeds, added *[solo.NumColours]uint8, over int) int {
	cn.added = *added
	g := cn.firstFit()
	if g >= cn.n-over {
		return 0
	}
	m := &sc.cs.needMemo
	key := cn.key(added)
	h := key >> 56
	if m.keys[h] == key && m.vals[h]>>10 == m.gen {
		l, kind := int(m.vals[h]&0xff), m.vals[h]>>8&3
		switch {
		case kind == memoGaveUp, kind == memoExact && l <= over:
			return 0
		case kind == memoExact:
			return l
		case l <= over:
			return 0
		}
		// At most l, and l above over: search.
	}
	l, kind := cn.exact(g, cn.n-over)
	m.keys[h], m.vals[h] = key, m.gen<<10|kind<<8|uint32(l)
	if kind != memoExact {
		return 0
	}
	return l
}
