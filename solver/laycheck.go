package solver

import (
	"math/bits"
	"sync"

	"github.com/novaluna/novaluna/solo"
)

// layPool holds layChecks: they are large, and only some calls need one.
var layPool = sync.Pool{New: func() any { return new(layCheck) }}

// layCheckMost is the most tiles a layCheck lays (phase2LaidAbove's sets;
// layoutEndsLaid lays phase 1's ends of at most layEndsMost), and
// layCheckNodes the most positions it visits before it gives up and
// answers yes, which keeps it admissible; its memo has 2^layMemoBits
// entries. layoutEndsLaid counts the sets again at most layCheckRounds
// times.
//
// Five tiles since the forty-fourth round (four before; measured in the
// forty-third): one worker, seed 26, proven in 17.91M nodes against
// 18.52M, 131.5-144.5 s against 141.9-151.3 s (each beside the other
// build); two workers straight, seed 42, 93.0 s against 106.7 s, seed 31
// 72.3 s against 87.4 s and at a faster hour 57.7 s against 62.6-63.2 s,
// where phase 2's positions with no child within the limit fall sixfold
// (docs/SOLVER.md). Six tiles: seed 26 17.64M nodes, no sooner (136.1 s
// beside five's 131.5 s); seed 31 75.3 s. Phase 1's ends laid up to five
// tiles gave the same nodes on seed 26, and seed 31 no sooner (60.1 s
// beside 56.7 s), so they stay at four.
const (
	layCheckMost   = 5
	layEndsMost    = 4
	layCheckNodes  = 2000
	layMemoBits    = 12
	layCheckRounds = 3
)

// layCheck decides whether laying a few tiles still to come on a display,
// in an order in which turns can take them from the wheel (takeOrders),
// each on an empty cell next to the display (R9), can bring the display
// to a number of tokens: the most tasks any such layout of the tiles
// fulfils, found by an exhaustive search over layouts (tokens only grow as
// tiles are laid, R11, so the final layout alone counts). A layout is
// visited once (memo, keyed by its tiles and cells and the last tile
// laid, which fixes the tiles a turn can take next), and a
// layout is left as soon as the tiles still to come cannot bring its
// tokens to the target: before a tile is laid, by which tiles it can
// touch (solo.State.Touched) and what it would see; and after, by the
// colours and by where a tile of a colour no other tile brings can lie
// and what it brings there (search, ownMost, oneOfColour, pinnedMet).
type layCheck struct {
	ids   [layCheckMost]uint8
	n     int
	need  int
	nodes int
	st    [layCheckMost + 1]solo.State
	keys  [1 << layMemoBits]uint64
	stamp [1 << layMemoBits]uint32
	gen   uint32
	// sees[d][f]: what a tile laid on the f-th cell of st[d]'s frontier
	// would see, once seesOK[d][f].
	sees   [layCheckMost][solo.MaxFrontier][solo.NumColours]uint8
	seesOK [layCheckMost][solo.MaxFrontier]bool
	// touch[d][c][f]: State.Touched of st[d] for a tile of colour c on the
	// f-th cell of its frontier, once touchOK[d][c].
	touch   [layCheckMost][solo.NumColours][solo.MaxFrontier]uint32
	touchOK [layCheckMost][solo.NumColours]bool
	// aft[d][c][f]: State.SightAfter of st[d] for a tile of colour c on
	// the f-th cell of its frontier, once aftOK[d][c][f], which is
	// cleared for st[d] and c once aftReady[d][c].
	aft      [layCheckMost][solo.NumColours][solo.MaxFrontier][solo.MaxTurns]uint8
	aftOK    [layCheckMost][solo.NumColours][solo.MaxFrontier]bool
	aftReady [layCheckMost][solo.NumColours]bool
	// next[used][last+1]: the tiles (bits of ids) one of which the next
	// turn can take once the tiles used are taken, the last of them
	// ids[last] (-1: none yet); walked[used][last+1]: next is filled.
	next   [1 << layCheckMost][layCheckMost + 1]uint8
	walked [1 << layCheckMost][layCheckMost + 1]bool
	space  [layCheckMost]int // ids[k]'s space on the wheel
	// pinCells[d][k]: the cells of st[d]'s frontier that see enough of
	// the fixed colours of the k-th task of the pins of the tile search
	// lays on st[d] (preparePins).
	pinCells [layCheckMost][layCheckMost * 3][solo.MaxFrontier]uint8
	// live[i], for the first liveN tiles of the display (those of the
	// position asked about), holds the open tasks that the tiles laid can
	// still fulfil (liveTasks): the others are left out of the bounds.
	live  [solo.MaxTurns]uint8
	liveN int
	// ownLive[k]: the tasks of ids[k] that a layout can fulfil (all of
	// them unless the caller knows better: liveOwn).
	ownLive [layCheckMost]uint8
	// fix[k]: how the last call of ownMost counted the tasks of ids[k]
	// that need colours of which no other tile comes (for servedOwn).
	fix [layCheckMost]fixedTasks
}

// fixedTasks are the tasks of a tile still to come that ownMost counted as
// one cell sees them: t[:n] (n 0 where it counted none so), others and
// free as it had them, and best, the most that one cell sees enough for.
type fixedTasks struct {
	t      [3]solo.Task
	n      int
	best   int
	free   int
	others [solo.NumColours]int
}

// at is the number of the tasks that the cell seeing sees sees enough
// for.
func (ft *fixedTasks) at(sees *[solo.NumColours]uint8) int {
	m := 0
	for _, t := range ft.t[:ft.n] {
		if seesFixed(&t, sees, &ft.others, ft.free) {
			m++
		}
	}
	return m
}

// takeOrders fills next for the tiles ids[:n] taken from s's wheel: a turn
// takes one of the first three occupied spaces clockwise after the meeple
// (R6) and moves the meeple there (R7), and the wheel's other tiles are
// not taken meanwhile (the checks ask about the tiles a line takes until
// phase 1 or the game ends). It reports whether every tile is on the
// wheel; where one is not, every order is open.
func (lc *layCheck) takeOrders(s *solo.State) bool {
	n := lc.n
	for u := range 1 << n {
		clear(lc.next[u][:n+1])
		clear(lc.walked[u][:n+1])
	}
	for k, id := range lc.ids[:n] {
		lc.space[k] = -1
		for sp := range solo.TrackSpaces {
			if s.TrackTile(sp) == int(id) {
				lc.space[k] = sp
			}
		}
		if lc.space[k] < 0 {
			for u := range 1 << n {
				for l := range n + 1 {
					lc.next[u][l] = uint8(1<<n-1) &^ uint8(u)
				}
			}
			return false
		}
	}
	lc.walk(s, 0, -1, s.Meeple())
	return true
}

// walk fills next for the tiles used taken, the last ids[last], with the
// meeple on space meeple, and for every position legal turns reach from
// there.
func (lc *layCheck) walk(s *solo.State, used, last, meeple int) {
	if lc.walked[used][last+1] {
		return
	}
	lc.walked[used][last+1] = true
	var m uint8
	for step, seen := 1, 0; step < solo.TrackSpaces && seen < 3; step++ {
		sp := (meeple + step) % solo.TrackSpaces
		if s.TrackTile(sp) == 0 {
			continue
		}
		k := lc.tileOn(sp)
		if k >= 0 && used&(1<<k) != 0 {
			continue // taken: the space is empty now
		}
		seen++
		if k >= 0 {
			m |= 1 << k
		}
	}
	lc.next[used][last+1] = m
	for b := m; b != 0; b &= b - 1 {
		k := bits.TrailingZeros8(b)
		lc.walk(s, used|1<<k, k, lc.space[k])
	}
}

// tileOn is the index in ids of the tile on space sp, or -1.
func (lc *layCheck) tileOn(sp int) int {
	for k := range lc.n {
		if lc.space[k] == sp {
			return k
		}
	}
	return -1
}

// ordersKey hashes next, which with the display, the tiles and the target
// decides the answer.
func (lc *layCheck) ordersKey() uint64 {
	h := uint64(lc.n)
	for u := range 1 << lc.n {
		for l := range lc.n + 1 {
			h = mix(h ^ uint64(lc.next[u][l])<<8 ^ uint64(u)<<16 ^ uint64(l)<<24)
		}
	}
	return h
}

// nearTask is an open task of the display's i-th tile that the tile about
// to be laid fulfils only where the tile comes to see k of its colour.
type nearTask struct {
	i, k uint8
}

// seesAt returns State.CellSees of the f-th cell p of st[d]'s frontier,
// found once per layout and cell (fillSees, apart so that seesAt
// inlines).
func (lc *layCheck) seesAt(d, f int, p solo.Cell) *[solo.NumColours]uint8 {
	if !lc.seesOK[d][f] {
		lc.fillSees(d, f, p)
	}
	return &lc.sees[d][f]
}

func (lc *layCheck) fillSees(d, f int, p solo.Cell) {
	lc.sees[d][f] = lc.st[d].CellSees(p)
	lc.seesOK[d][f] = true
}

// sightAfter returns State.SightAfter's sights for a tile of colour c on
// the f-th cell p of st[d]'s frontier, found once per layout and cell.
func (lc *layCheck) sightAfter(d, c, f int, p solo.Cell) *[solo.MaxTurns]uint8 {
	if !lc.aftReady[d][c] {
		clear(lc.aftOK[d][c][:])
		lc.aftReady[d][c] = true
	}
	if !lc.aftOK[d][c][f] {
		lc.st[d].SightAfter(p, solo.Colour(c), &lc.aft[d][c][f])
		lc.aftOK[d][c][f] = true
	}
	return &lc.aft[d][c][f]
}

// reaches reports whether laying the tiles ids, taken from s's wheel, on
// s's display can bring its tokens to need. It answers yes when there are
// more than layCheckMost tiles, or when the search visits more than
// layCheckNodes layouts.
func (lc *layCheck) reaches(s *solo.State, ids []uint8, need int) bool {
	if s.Tokens() >= need || len(ids) > layCheckMost {
		return true
	}
	lc.prepare(s, ids)
	return lc.run(s, need)
}

// prepare sets the tiles to lay and the orders the wheel takes them in,
// and reports whether every tile is on s's wheel (takeOrders).
func (lc *layCheck) prepare(s *solo.State, ids []uint8) bool {
	lc.n = copy(lc.ids[:], ids)
	lc.liveN = 0
	for k := range lc.ownLive {
		lc.ownLive[k] = 0xff // every task, whatever layCheckMost is
	}
	return lc.takeOrders(s)
}

// key is shortMemo's key of the question whether the tiles prepare set
// bring s's display to need tokens: shortKey's, with the orders.
func (lc *layCheck) key(s *solo.State, need int) uint64 {
	return (shortKey(s, lc.ids[:lc.n], need) ^ lc.ordersKey()) &^ 1
}

// run is reaches for the tiles prepare set.
func (lc *layCheck) run(s *solo.State, need int) bool {
	lc.need = need
	lc.nodes = 0
	lc.gen++
	if lc.gen == 0 {
		clear(lc.stamp[:])
		lc.gen = 1
	}
	lc.st[0] = *s
	return lc.search(0, 0, 0, -1)
}

// seen reports whether the layout with key h was visited, and marks it.
func (lc *layCheck) seen(h uint64) bool {
	i := h >> (64 - layMemoBits)
	if lc.stamp[i] == lc.gen && lc.keys[i] == h {
		return true
	}
	lc.stamp[i], lc.keys[i] = lc.gen, h
	return false
}

// openTok is an open task of a display tile, for search's bounds.
type openTok struct {
	i    uint8
	self solo.Colour
	seen [solo.NumColours]uint8
	task solo.Task
}

// search lays the tiles of ids not in used on the layout st[d] (key h),
// the last laid ids[last], in the orders next allows.
// It first bounds the tokens the layout can still come to: its tokens,
// the tasks of the tiles still to come that can be met (ownMost), and its
// open tasks that the colours still to come can fulfil, where those that
// need a colour of which one tile is still to come count only as many as
// that tile fulfils from one cell next to the display (oneOfColour); a
// layout left there is not counted among the visited ones.
func (lc *layCheck) search(d int, used uint32, h uint64, last int) bool {
	if bits.OnesCount32(used) == lc.n-1 {
		return lc.lastOne(d, used, last)
	}
	s := &lc.st[d]
	var rem, lay [solo.NumColours]int
	for i, id := range lc.ids[:lc.n] {
		if used&(1<<i) == 0 {
			rem[tiles[id].colour]++
		}
	}
	var open [3 * solo.MaxTurns]openTok
	no := 0
	for i := range s.DisplaySize() {
		id, _, op := s.Placed(i)
		lay[tiles[id].colour]++
		if i < lc.liveN {
			op &= lc.live[i]
		} else if lc.liveN > 0 {
			op &= lc.ownLiveOf(id)
		}
		for j := range tiles[id].ntasks {
			if op&(1<<j) != 0 {
				open[no] = openTok{i: uint8(i), self: tiles[id].colour, seen: s.Seen(uint8(i)), task: tiles[id].tasks[j]}
				no++
			}
		}
	}
	var fr [solo.MaxFrontier]solo.Cell
	nf := s.Frontier(&fr)
	clear(lc.seesOK[d][:nf])
	clear(lc.touchOK[d][:])
	clear(lc.aftReady[d][:])
	most := s.Tokens() + lc.ownMost(d, fr[:nf], used, &lay, &rem, noColour, nil)
	// single[c]: the open tasks counted that lack colour c, of which one
	// tile is still to come (the first such colour of each task), listed
	// in wants.
	var single [solo.NumColours]int
	var wants [3 * solo.MaxTurns]wantTask
	nw := 0
	for _, o := range open[:no] {
		if !meets(o.task, o.self, &o.seen, &lay, &rem) {
			continue
		}
		most++
		if c := o.lacksOne(&rem); c != noColour {
			single[c]++
			wants[nw] = wantTask{i: o.i, c: uint8(c), k: o.task[c]}
			nw++
		}
	}
	if most >= lc.need && most-single[0]-single[1]-single[2]-single[3] < lc.need {
		most = lc.oneOfColour(d, fr[:nf], used, most, &single, wants[:nw])
	}
	if most < lc.need {
		return false
	}
	lc.nodes++
	if lc.nodes > layCheckNodes {
		return true
	}
	all := uint32(1)<<lc.n - 1
	// The first child laid copies s whole; the others rewind it to s
	// (lc.search at d+1 leaves lc.st[d+1] as it was).
	t := &lc.st[d+1]
	copied := false
	for k, id := range lc.ids[:lc.n] {
		if lc.next[used][last+1]&(1<<k) == 0 {
			continue // taken, or not the next turn's to take
		}
		col := tiles[id].colour
		rem2, lay2 := rem, lay
		rem2[col]--
		lay2[col]++
		after := used | 1<<k
		lastKey := mix(uint64(k+1) << 56) // the layout memo's key holds the last tile
		// Before the tile is laid: the open tasks the colours still to
		// come can fulfil (far), and those the tile fulfils only where it
		// touches their tile and brings it enough of its colour (near).
		var pins pinTasks
		pinsReady := false
		base := s.Tokens() + lc.ownMost(d, fr[:nf], after, &lay2, &rem2, int(col), &pins)
		var near [3 * solo.MaxTurns]nearTask
		var nearM uint32 // the tiles of near
		nearAll := 0
		// single2[c]: the far tasks that lack colour c, of which one tile
		// is still to come once this one is laid (the first such colour
		// of each task), listed in wants2; lackingCol[i]: those lacking
		// col on the display's i-th tile.
		var single2 [solo.NumColours]int
		var wants2 [3 * solo.MaxTurns]wantTask
		nw2 := 0
		var lackingCol [solo.MaxTurns]int8
		var lackMCol uint32 // the tiles with lackingCol[i] > 0
		for _, o := range open[:no] {
			far, ok := true, true
			for c := range solo.NumColours {
				if o.seen[c] >= o.task[c] {
					continue
				}
				if !canMeet(c, o.self, o.task[c], &lay2, &rem2) {
					far = false
					if solo.Colour(c) != col {
						ok = false
					}
				}
			}
			switch {
			case far:
				base++
				if c := o.lacksOne(&rem2); c != noColour {
					single2[c]++
					wants2[nw2] = wantTask{i: o.i, c: uint8(c), k: o.task[c]}
					nw2++
					if solo.Colour(c) == col {
						lackingCol[o.i]++
						lackMCol |= 1 << o.i
					}
				}
			case ok:
				near[nearAll] = nearTask{i: o.i, k: o.task[col]}
				nearM |= 1 << o.i
				nearAll++
			}
		}
		if base+nearAll+int(tiles[id].ntasks) < lc.need {
			continue
		}
		// The far tasks that lack a colour other than col of which one tile
		// is still to come: at most as many as that tile fulfils from one
		// frontier cell (oneOfColour; a cell the tile opens touches only
		// the tile for another colour).
		// bestAt[c]: the cell where that tile serves the most, which this
		// tile takes from it where it lies there (-1: none); lose[c]: how
		// many fewer it serves then, on the best other cell. Both are
		// found here, as the search below this layout's children reuses
		// fix (fifty-fifth round: seed 3, the proof alone, 5 % fewer
		// layouts entered one tile in, 6 % two in, 15 % three in; the
		// same answers, so the same nodes).
		bestAt := [solo.NumColours]int{-1, -1, -1, -1}
		var lose [solo.NumColours]int
		for c := range solo.NumColours {
			if single2[c] == 0 || solo.Colour(c) == col || base+nearAll+int(tiles[id].ntasks) < lc.need {
				continue
			}
			v, at := lc.servedOwnBut(d, fr[:nf], after, c, wants2[:nw2], single2[c], -1)
			base -= single2[c] - v
			if at >= 0 {
				v2, _ := lc.servedOwnBut(d, fr[:nf], after, c, wants2[:nw2], single2[c], at)
				bestAt[c], lose[c] = at, v-v2
			}
		}
		if base+nearAll+int(tiles[id].ntasks) < lc.need {
			continue
		}
		for f, p := range fr[:nf] {
			h2 := h ^ mix(uint64(id)<<16|uint64(p))
			ub := base + lc.ownAt(k, *lc.seesAt(d, f, p), &lay2, &rem2)
			if ub+nearAll < lc.need {
				continue
			}
			for c := range solo.NumColours {
				if bestAt[c] == f {
					// This tile takes the cell where the last tile of
					// colour c serves the most: that one serves only what
					// it serves elsewhere.
					ub -= lose[c]
				}
			}
			if ub+nearAll < lc.need {
				continue
			}
			if nearAll > 0 || single2[col] > 0 {
				tp := lc.touches(d, fr[:nf], int(col))[f]
				if tp&nearM != 0 {
					// A near task is fulfilled only if its tile, touched,
					// then sees enough of col: no more can come after.
					aft := lc.sightAfter(d, int(col), f, p)
					for _, q := range near[:nearAll] {
						if tp&(1<<q.i) != 0 && aft[q.i] >= q.k {
							ub++
						}
					}
				}
				if single2[col] > 0 && ub >= lc.need {
					// With one more tile of colour col to come, the far
					// tasks lacking col on tiles this one does not touch
					// still lack it after, and that last tile touches them
					// only from a cell of today's frontier (through this
					// tile's group it reaches the tiles this one touches):
					// at most as many as one such cell touches outside tp
					// (by the tiles it touches, not by the sight it brings,
					// as served counts: this tile changes col's groups
					// first).
					u := single2[col]
					for t := tp & lackMCol; t != 0; t &= t - 1 {
						u -= int(lackingCol[bits.TrailingZeros32(t)])
					}
					if u > 0 && ub-u < lc.need {
						ub -= u - lc.mostTouched(d, fr[:nf], int(col), &lackingCol, lackMCol&^tp, u)
					}
				}
			}
			// The tasks of the tiles still to come that need col, of
			// which this is the last tile but theirs: met only where a
			// cell sees enough of col once this tile lies on p.
			if pins.n > 0 && ub >= lc.need {
				if !pinsReady {
					lc.preparePins(d, fr[:nf], col, &pins)
					pinsReady = true
				}
				ub -= pins.n - lc.pinnedMet(d, fr[:nf], f, col, &pins)
			}
			if ub < lc.need || after != all && lc.seen(h2^lastKey) {
				continue
			}
			if copied {
				t.Rewind(s)
			} else {
				*t = *s
				copied = true
			}
			t.Lay(id, p)
			if t.Tokens() >= lc.need {
				return true
			}
			if after == all {
				continue
			}
			if lc.search(d+1, after, h2, k) {
				return true
			}
		}
	}
	return false
}

// lastOne is search for the layout st[d] where one tile of ids, not in
// used, is still to come (after ids[last]). What it brings is known cell
// by cell without laying it, as nothing comes after it: its own tasks
// that its cell sees enough for (State.CellSees), and the display's open
// tasks that lack nothing but its colour, on the tiles it touches there,
// that it brings enough of that colour (State.SightAfter). A cell is laid
// only where that reaches the target, which laying it then confirms.
// It counts as a visited layout (toward layCheckNodes) where the tile's
// tasks and the open tasks on the tiles one cell touches could reach the
// target, about where the general bound would have let it through, so
// that a check gives up no more often than with that bound.
func (lc *layCheck) lastOne(d int, used uint32, last int) bool {
	k := bits.TrailingZeros32(^used)
	if lc.next[used][last+1]&(1<<k) == 0 {
		return false // the wheel does not let the next turn take it
	}
	s := &lc.st[d]
	id := lc.ids[k]
	col := tiles[id].colour
	gap := lc.need - s.Tokens()
	var lay [solo.NumColours]int
	var near [3 * solo.MaxTurns]nearTask
	var per [solo.MaxTurns]int8 // near tasks on each display tile
	var nearM uint32            // the tiles of near
	nearAll := 0
	for i := range s.DisplaySize() {
		pid, _, op := s.Placed(i)
		lay[tiles[pid].colour]++
		if i < lc.liveN {
			op &= lc.live[i]
		} else if lc.liveN > 0 {
			op &= lc.ownLiveOf(pid)
		}
		if op == 0 {
			continue
		}
		seen := s.Seen(uint8(i))
	tasks:
		for j := range tiles[pid].ntasks {
			if op&(1<<j) == 0 {
				continue
			}
			t := &tiles[pid].tasks[j]
			for c := range solo.Colour(solo.NumColours) {
				if c != col && seen[c] < t[c] {
					continue tasks
				}
			}
			near[nearAll] = nearTask{i: uint8(i), k: t[col]}
			nearAll++
			nearM |= 1 << i
			per[i]++
		}
	}
	// own: the tile's tasks the display's colours, with the tile, allow.
	lay[col]++
	own := bits.OnesCount8(satisfiable(id, &lay) & lc.ownLive[k])
	if own+nearAll < gap {
		return false
	}
	var fr [solo.MaxFrontier]solo.Cell
	nf := s.Frontier(&fr)
	clear(lc.seesOK[d][:nf])
	clear(lc.touchOK[d][:])
	clear(lc.aftReady[d][:])
	var tp []uint32
	counted := false
	if nearAll > 0 {
		tp = lc.touches(d, fr[:nf], int(col))
	}
	for f, p := range fr[:nf] {
		ub := 0 // the near tasks on the tiles the cell touches
		if nearAll > 0 {
			for t := tp[f] & nearM; t != 0; t &= t - 1 {
				ub += int(per[bits.TrailingZeros32(t)])
			}
		}
		if own+ub < gap {
			continue
		}
		if !counted {
			// As the general bound would have let it through.
			counted = true
			lc.nodes++
			if lc.nodes > layCheckNodes {
				return true
			}
		}
		sees := lc.seesAt(d, f, p)
		o := 0
		for j, t := range tiles[id].tasks[:tiles[id].ntasks] {
			if lc.ownLive[k]&(1<<j) != 0 && sees[0] >= t[0] && sees[1] >= t[1] && sees[2] >= t[2] && sees[3] >= t[3] {
				o++
			}
		}
		if o+ub < gap {
			continue
		}
		if ub > 0 {
			aft := lc.sightAfter(d, int(col), f, p)
			ub = 0
			for _, q := range near[:nearAll] {
				if tp[f]&(1<<q.i) != 0 && aft[q.i] >= q.k {
					ub++
				}
			}
			if o+ub < gap {
				continue
			}
		}
		t := &lc.st[d+1]
		*t = *s
		t.Lay(id, p)
		if t.Tokens() >= lc.need {
			return true
		}
	}
	return false
}

// canMeet reports whether a task asking k tiles of colour c, on a tile of
// colour self, can come to see them with the display's colours lay and the
// colours still to come rem: it needs one of them, and enough of colour c
// in all (a tile never sees itself).
func canMeet(c int, self solo.Colour, k uint8, lay, rem *[solo.NumColours]int) bool {
	n := lay[c] + rem[c]
	if solo.Colour(c) == self {
		n--
	}
	return rem[c] > 0 && n >= int(k)
}

// noColour is no colour, for ownMost's free.
const noColour = -1

// ownMost counts the tasks of the tiles not in used that can still be met.
// A task needs enough of each colour on the display (lay) and among the
// tiles still to come (rem), the tile not counting itself. And where it
// needs a colour of which no other tile is still to come (except free, the
// colour of a tile about to be laid), the tile sees that colour only from
// the display's groups next to it, which cannot grow: it must lie on a
// cell of the display's frontier fr that already sees enough of each such
// colour (lc.sees[d], filled as needed). A tile lies on one cell, so of
// its tasks that need such colours it counts only as many as one cell
// sees enough for (forty-ninth round: one worker, the proof alone, seeds
// 3, 29, 11 and 38 in 97.8 s against 101.3 s, 26 and 49 in 124.5 s
// against 129.0 s, each beside the other build). The tasks counted that
// need free, of which no other tile than theirs comes after the tile
// about to be laid, are listed in pins (unless nil); a tile with such a
// task has its tasks counted each on its own, as pinnedMet takes them.
func (lc *layCheck) ownMost(d int, fr []solo.Cell, used uint32, lay, rem *[solo.NumColours]int, free int, pins *pinTasks) int {
	n := 0
	for i, id := range lc.ids[:lc.n] {
		if used&(1<<i) != 0 {
			continue
		}
		self := tiles[id].colour
		others := *rem
		others[self]--
		ft := &lc.fix[i]
		ft.n, ft.free, ft.others = 0, free, others
		nf, pinned := 0, false
	tasks:
		for j, t := range tiles[id].tasks[:tiles[id].ntasks] {
			if lc.ownLive[i]&(1<<j) == 0 {
				continue
			}
			fixed := false
			var fixedM uint8 // the colours of fixed
			for c := range solo.NumColours {
				k := lay[c] + rem[c]
				if solo.Colour(c) == self {
					k--
				}
				if k < int(t[c]) {
					continue tasks
				}
				if t[c] > 0 && others[c] == 0 && c != free {
					fixed = true
					fixedM |= 1 << c
				}
			}
			pin := pins != nil && t[free] > 0 && others[free] == 0
			if pin {
				pins.t[pins.n] = pinTask{t: t, fixed: fixedM} // kept if counted
			}
			if !fixed {
				n++
				if pin {
					pins.n++
				}
				continue
			}
			if !pin {
				ft.t[nf] = t
				nf++
				continue
			}
			pinned = true
			if lc.seesSome(d, fr, &t, &others, free) {
				n++
				pins.n++
			}
		}
		if nf == 0 {
			continue
		}
		if pinned {
			// Counted task by task, as the pins are.
			for _, t := range ft.t[:nf] {
				if lc.seesSome(d, fr, &t, &others, free) {
					n++
				}
			}
			continue
		}
		// The tile lies on one cell: at most the tasks that one cell
		// sees enough for.
		ft.n = nf
		best := 0
		for f, q := range fr {
			if m := ft.at(lc.seesAt(d, f, q)); m > best {
				if best = m; best == nf {
					break
				}
			}
		}
		ft.best = best
		n += best
	}
	return n
}

// seesSome reports whether some cell of st[d]'s frontier fr sees enough
// of each colour of task t of which no other tile is still to come
// (others), except free (seesFixed).
func (lc *layCheck) seesSome(d int, fr []solo.Cell, t *solo.Task, others *[solo.NumColours]int, free int) bool {
	for f, q := range fr {
		if seesFixed(t, lc.seesAt(d, f, q), others, free) {
			return true
		}
	}
	return false
}

// pinTasks lists tasks of the tiles still to come that need the colour of
// the tile about to be laid, of which no other tile comes after it but
// their own (so that what their tile sees of it is decided once it is
// laid); fixed holds the other colours they need of which no other tile
// comes.
type pinTasks struct {
	t [layCheckMost * 3]pinTask
	n int
}

type pinTask struct {
	t     solo.Task
	fixed uint8
	// met: the cell of the frontier (its index) that sees enough of the
	// fixed colours and of the tile's colour already (-1: none, -2: two
	// or more); cands: the number of cells that see enough of the fixed
	// colours, listed in layCheck.pinCells (not all of them where met is
	// -2: pinnedMet then needs none).
	met   int
	cands int
}

// preparePins finds, for each task of pins, the cells of st[d]'s frontier
// fr that see enough of its fixed colours, and those that see enough of
// col too.
func (lc *layCheck) preparePins(d int, fr []solo.Cell, col solo.Colour, pins *pinTasks) {
	for k := range pins.t[:pins.n] {
		pt := &pins.t[k]
		pt.met, pt.cands = -1, 0
		for g, q := range fr {
			sees := lc.seesAt(d, g, q)
			ok := true
			for m := pt.fixed; m != 0; m &= m - 1 {
				if c := bits.TrailingZeros8(m); sees[c] < pt.t[c] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			if sees[col] >= pt.t[col] {
				if pt.met != -1 {
					pt.met = -2
					break
				}
				pt.met = g
			}
			lc.pinCells[d][k][pt.cands] = uint8(g)
			pt.cands++
		}
	}
}

// pinnedMet counts the tasks of pins (after preparePins) that can still
// be met once a tile of colour col is laid on the f-th cell p of st[d]'s
// frontier fr: each needs a cell that sees enough of its fixed colours,
// and of col. A cell of fr other than p sees what it sees today of the
// fixed colours (no tile of them comes), and of col what it sees today,
// or, where it lies next to p or to a group of col that the tile joins,
// that group grown by the tile and the groups it joins
// (State.GroupsNextTo). A cell the tile opens sees none of the fixed
// colours, and of col the tile's group. A cell opened later lies next to
// tiles of other colours alone.
func (lc *layCheck) pinnedMet(d int, fr []solo.Cell, f int, col solo.Colour, pins *pinTasks) int {
	s := &lc.st[d]
	p := fr[f]
	joined := s.GroupsNextTo(p, col)
	grown := 1 + bits.OnesCount32(joined) // the tile's group once laid
	nb := s.Neighbours(p)
	met := 0
pins:
	for k, pt := range pins.t[:pins.n] {
		if pt.met == -2 || pt.met >= 0 && pt.met != f || pt.fixed == 0 && grown >= int(pt.t[col]) {
			met++
			continue
		}
		for _, g := range lc.pinCells[d][k][:pt.cands] {
			q := fr[g]
			if int(g) == f {
				continue
			}
			gq := s.GroupsNextTo(q, col)
			if gq&joined != 0 || q == nb[0] || q == nb[1] || q == nb[2] || q == nb[3] {
				if int(lc.sees[d][g][col])+grown-bits.OnesCount32(joined&gq) >= int(pt.t[col]) {
					met++
					continue pins
				}
			}
		}
	}
	return met
}

// seesFixed reports whether a cell that sees sees has enough of each
// colour of task t of which no other tile is still to come (others),
// except free.
func seesFixed(t *solo.Task, sees *[solo.NumColours]uint8, others *[solo.NumColours]int, free int) bool {
	for c := range solo.NumColours {
		if others[c] == 0 && c != free && sees[c] < t[c] {
			return false
		}
	}
	return true
}

// oneOfColour lowers the bound most of search's layout st[d] for the
// colours of which one tile is still to come: the single[c] open tasks
// that lack colour c (those of wants of colour c) are fulfilled only
// through that tile, on a cell of the frontier fr (a cell next to no
// display tile joins no display group). So at most the most such tasks
// that it fulfils from one cell count, with the tile's own tasks that
// ownMost, called last with used, counted as one cell sees them
// (servedOwn).
func (lc *layCheck) oneOfColour(d int, fr []solo.Cell, used uint32, most int, single *[solo.NumColours]int, wants []wantTask) int {
	for c := range solo.NumColours {
		if single[c] == 0 || most < lc.need {
			continue
		}
		most -= single[c] - lc.servedOwn(d, fr, used, c, wants, single[c])
	}
	return most
}

// wantTask is an open task of the display's i-th tile that lacks colour
// c, of which one tile is still to come, and asks for k of it.
type wantTask struct {
	i, c, k uint8
}

// served is the most of the all tasks of wants that lack colour c that
// the last tile of colour c fulfils from one cell of st[d]'s frontier fr.
// The display's groups of colour c stay as they are until that tile
// comes, and a cell that is not on fr today touches no display tile for
// c then (it lies next to tiles laid since, of other colours): so the
// tile changes the sight of the tiles State.Touched names from its cell
// alone, to what State.SightAfter says, and no tile after it changes
// their sight of c again. A task counts where its tile comes to see k.
// The cells are tried in turn, the sights worked out only where the
// tasks on the tiles the cell touches could beat the best so far.
//
// With own (not nil), the tile's own tasks that ownMost counted as one
// cell sees them (fixedTasks) lie on the same cell: served is then the
// most, over the cells, of the tasks served there and the tile's tasks
// seen there, less own.best (which ownMost counted already).
func (lc *layCheck) served(d int, fr []solo.Cell, c int, wants []wantTask, all int, own *fixedTasks) int {
	best, _ := lc.servedBut(d, fr, c, wants, all, own, -1)
	return best
}

// servedBut is served with the tile on any cell of fr but the skip-th
// (-1: any cell), and the cell of fr where it serves the most (-1 where
// it serves none).
func (lc *layCheck) servedBut(d int, fr []solo.Cell, c int, wants []wantTask, all int, own *fixedTasks, skip int) (int, int) {
	var mine [3 * solo.MaxTurns]wantTask // the tasks of wants lacking c
	var in uint32                        // their tiles
	n := 0
	for _, w := range wants {
		if int(w.c) == c {
			mine[n] = w
			n++
			in |= 1 << w.i
		}
	}
	tq := lc.touches(d, fr, c)
	best, arg := 0, -1
	for f, p := range fr {
		t := tq[f] & in
		if t == 0 || f == skip {
			continue
		}
		on := 0
		for _, w := range mine[:n] {
			if t&(1<<w.i) != 0 {
				on++
			}
		}
		if on <= best {
			continue
		}
		less := 0 // what the tile's own tasks lose on this cell
		if own != nil {
			if less = own.best - own.at(lc.seesAt(d, f, p)); on-less <= best {
				continue
			}
		}
		aft := lc.sightAfter(d, c, f, p)
		on = 0
		for _, w := range mine[:n] {
			if t&(1<<w.i) != 0 && aft[w.i] >= w.k {
				on++
			}
		}
		if on-less > best {
			best, arg = on-less, f
			if best >= all {
				break
			}
		}
	}
	return best, arg
}

// servedOwn is served for the last tile of colour c (not in used), with
// its own tasks where ownMost, called last with used, counted them as one
// cell sees them (fixedTasks) (forty-ninth round: one worker, the proof
// alone, seeds 3, 29, 11 and 38 in 92.8 s against 96.3 s without, 26 and
// 49 in 121.3 s against 124.3 s, each beside the other build).
func (lc *layCheck) servedOwn(d int, fr []solo.Cell, used uint32, c int, wants []wantTask, all int) int {
	best, _ := lc.servedOwnBut(d, fr, used, c, wants, all, -1)
	return best
}

// servedOwnBut is servedOwn with the tile on any cell of fr but the
// skip-th (-1: any), and the cell where it serves the most (servedBut).
func (lc *layCheck) servedOwnBut(d int, fr []solo.Cell, used uint32, c int, wants []wantTask, all, skip int) (int, int) {
	for k, id := range lc.ids[:lc.n] {
		if used&(1<<k) == 0 && int(tiles[id].colour) == c && lc.fix[k].n > 0 {
			return lc.servedBut(d, fr, c, wants, all, &lc.fix[k], skip)
		}
	}
	return lc.servedBut(d, fr, c, wants, all, nil, skip)
}

// lacksOne returns the first colour the open task o lacks of which one
// tile is still to come (rem), or noColour.
func (o *openTok) lacksOne(rem *[solo.NumColours]int) int {
	for c := range solo.NumColours {
		if o.seen[c] < o.task[c] && rem[c] == 1 {
			return c
		}
	}
	return noColour
}

// touches returns State.Touched of st[d] for a tile of colour c on each
// cell of its frontier fr, computed once per layout and colour.
func (lc *layCheck) touches(d int, fr []solo.Cell, c int) []uint32 {
	t := lc.touch[d][c][:len(fr)]
	if !lc.touchOK[d][c] {
		lc.st[d].TouchedAll(fr, solo.Colour(c), t)
		lc.touchOK[d][c] = true
	}
	return t
}

// mostTouched is the most of the tasks lacking (per display tile) on the
// tiles of mask in that a tile of colour c on one cell of st[d]'s frontier
// fr touches; all is their sum (no cell touches more).
func (lc *layCheck) mostTouched(d int, fr []solo.Cell, c int, lacking *[solo.MaxTurns]int8, in uint32, all int) int {
	best := 0
	for _, tq := range lc.touches(d, fr, c) {
		n := 0
		for t := tq & in; t != 0; t &= t - 1 {
			n += int(lacking[bits.TrailingZeros32(t)])
		}
		if n > best {
			best = n
			if best >= all {
				break
			}
		}
	}
	return best
}

// ownAt counts the tasks of tile ids[k] (of ownLive[k]), laid where it
// sees sees, that it fulfils there or that the colours still to come can
// fulfil.
func (lc *layCheck) ownAt(k int, sees [solo.NumColours]uint8, lay, rem *[solo.NumColours]int) int {
	id := lc.ids[k]
	n := 0
	for j, t := range tiles[id].tasks[:tiles[id].ntasks] {
		if lc.ownLive[k]&(1<<j) != 0 && meets(t, tiles[id].colour, &sees, lay, rem) {
			n++
		}
	}
	return n
}

// ownLiveOf is ownLive of the tile id, one of ids.
func (lc *layCheck) ownLiveOf(id int) uint8 {
	for k, x := range lc.ids[:lc.n] {
		if int(x) == id {
			return lc.ownLive[k]
		}
	}
	return 0xff
}

// meets reports whether a task t of a tile of colour self that sees seen
// is fulfilled, or can be with the colours still to come (canMeet).
func meets(t solo.Task, self solo.Colour, seen *[solo.NumColours]uint8, lay, rem *[solo.NumColours]int) bool {
	for c := range solo.NumColours {
		if seen[c] < t[c] && !canMeet(c, self, t[c], lay, rem) {
			return false
		}
	}
	return true
}
