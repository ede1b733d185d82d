package solver

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/novaluna/novaluna/solo"
)

// satCap caps colour counts in the task table: no task needs more than four
// tiles of a colour besides its own tile, so five of a colour (the tile
// itself included) satisfy every demand for it.
const satCap = 6

// satTokens[id][code] is how many tasks of tile id a display whose colour
// counts encode to code (see colourCode) could fulfil (R10).
var satTokens [solo.NumTiles + 1][satCap * satCap * satCap * satCap]uint8

// satMask[id][code] is the mask of those tasks.
var satMask [solo.NumTiles + 1][satCap * satCap * satCap * satCap]uint8

// buildSatTokens fills satTokens and satMask; it runs after the tiles table is filled.
func buildSatTokens() {
	for id := 1; id <= solo.NumTiles; id++ {
		for code := range len(satTokens[id]) {
			var n [solo.NumColours]int
			c := code
			for k := range solo.NumColours {
				n[k] = c % satCap
				c /= satCap
			}
			satMask[id][code] = satisfiable(uint8(id), &n)
			satTokens[id][code] = uint8(bits.OnesCount8(satMask[id][code]))
		}
	}
}

func colourCode(n *[solo.NumColours]int) int {
	c := 0
	for k := solo.NumColours - 1; k >= 0; k-- {
		c = c*satCap + min(n[k], satCap-1)
	}
	return c
}

// phase2CostExact is the least phase-2 cost (tiles once, P2) when phase 1
// ends with the display disp and the tiles wheel on the refilled wheel.
//
// It relaxes the wheel order and the geometry but not the colours: for every
// set S of wheel tiles that phase 2 might take, only the tasks that the
// colours of disp and S themselves can satisfy may earn a token, so a task
// needing four reds counts only if four reds are paid for. Phase 2 may in
// truth have to take more tiles than S, which only costs more, so the
// minimum over all S is a lower bound.
func phase2CostExact(disp, wheel []uint8) int {
	var vals [wheelSets]int16
	phase2Values(disp, wheel, &vals)
	return int(slices.Min(vals[:1<<len(wheel)]))
}

// exactBits sizes the memo of phase2Exact: 2^exactBits entries of 8 bytes.
const exactBits = 22

// openTask is an uncovered task of a display tile that phase 2 might still
// fulfil: the colours it names that the tile does not see enough of yet.
type openTask struct {
	id uint8 // the tile
	j  uint8 // the task's index on the tile
	// minK[c] is the fewest tiles of colour c that phase 2 must add for the
	// tile to see enough of colour c (see reachGain): 0 when it sees enough
	// already, noWay when no number will.
	minK [solo.NumColours]uint8
	// local has bit c set when the tile sees no tile of colour c yet: a new
	// tile of colour c must then go on one of the empty cells next to it,
	// the bits of near (see cellIndex).
	local uint8
	near  uint64
	// reach[c], for a colour of which one or two more tiles can close the
	// task (minK[c] is 1 or 2), holds the empty cells next to the display
	// on which a tile of colour c would make the tile see more of colour c
	// (solo.State.Touched): a set that brings one or two tiles of colour
	// c closes the task only with one of them on one of those cells
	// (servingCells).
	reach [solo.NumColours]uint64
	// i is the tile's index among the placed tiles.
	i uint8
}

// noWay is minK's value where no number of tiles will do: above every
// count of tiles, and at most 0x80 so that meets can compare four counts
// at once.
const noWay = 0x80

// meets reports whether the colour counts packed (a byte a colour, each
// under 0x80) reach o's needs, minK: a byte at least 0x80 less one at most
// 0x80 borrows nothing from the next byte and keeps its top bit just when
// the count reaches the need.
func (o *openTask) meets(packed uint32) bool {
	need := uint32(o.minK[0]) | uint32(o.minK[1])<<8 | uint32(o.minK[2])<<16 | uint32(o.minK[3])<<24
	return ((packed|0x80808080)-need)&0x80808080 == 0x80808080
}

// phase2Exact bounds the cost still to come in phase 2 from s, like
// phase2CostExact but knowing the display: for every set S of wheel tiles
// that phase 2 might take, the tokens are those already placed, the tasks of
// S's tiles that the colours of the display and S can satisfy (for a colour
// that S brings no other tile of, only as the display's groups next to one
// cell allow: cellSights), and the open
// tasks of the display that the same colours can satisfy, whose tile still
// has room for them (reachable), and for each colour the task lacks, S holds
// enough tiles of that colour to close the gap where they can lie
// (reachGain): what a tile sees of colour c grows only when a tile of colour
// c is placed (R10), by that tile, or by a group of colour c that the new
// tiles join to it across empty cells.
//
// The value is memoised twice: under a hash of the layout, the wheel, the
// meeple and the tokens (found without any work), and under a hash of what
// the sum depends on (the open tasks with their needs, the display's
// colours, the wheel, the meeple, the tokens), which many layouts share. An
// entry keeps the hash's low 48 bits beside the 16-bit value in one atomic
// word, so workers share the table without locks. A wrong hit needs two
// positions whose hashes agree in 66 bits.
func (m *model) phase2Exact(s *solo.State) int {
	v, _ := m.phase2ExactBelow(s, -1, infinity, nil)
	return v
}

// phase2ExactBelow is phase2Exact for a caller that needs to know only
// whether the value exceeds lim. When it does not, it may return 0 and
// false: a lower bound, and not the value. When the value by the counter
// is at most lim (lim >= 0), the sets within lim are laid
// (phase2LaidAbove), and when none reaches its tokens it returns lim+1
// and true: a lower bound above lim, which the layout's memo entry then
// keeps, marked (lowerFlag), for the calls with a lower limit. A caller
// that takes the least of the value and ceil gets ceil or more, also
// kept marked, where the value is at least ceil. With from (lim >= 0),
// the sets s's parent put above lim are not walked (phase2BoundedBelow),
// and the value is not worked out: a cut returns the least lower bound of
// the sets (fail-soft; lim+1 where it lays them).
func (m *model) phase2ExactBelow(s *solo.State, lim, ceil int, from *parentSets) (int, bool) {
	var wheel [spaceCount]uint8
	var spaces [spaceCount]uint8
	var wheelCol [solo.NumColours]int
	nd, nw, no := s.DisplaySize(), 0, 0
	// The memo key: the layout (relative to the first tile), the wheel,
	// the meeple and the tokens; everything below follows from them.
	h := mix(uint64(s.Tokens()) | uint64(s.Meeple())<<8)
	for sp := range spaceCount {
		if id := s.TrackTile(sp); id != 0 {
			wheel[nw] = uint8(id)
			spaces[nw] = uint8(sp)
			nw++
			wheelCol[tiles[id].colour]++
			h = mix(h ^ uint64(id)<<16 ^ uint64(sp)<<24)
		}
	}
	wh := h
	var x0, y0 int
	for i := range nd {
		id, c, _ := s.Placed(i)
		x, y := s.XY(c)
		if i == 0 {
			x0, y0 = x, y
		}
		h += mix(uint64(id)<<32 ^ uint64(uint16(x-x0))<<16 ^ uint64(uint16(y-y0)))
	}
	h = mix(h)
	slot := &m.exact[h>>(64-exactBits)]
	const checkBits = 48
	check := h & (1<<checkBits - 1)
	if e := slot.Load(); e&(1<<checkBits-1) == check && e != 0 {
		v := int(e >> checkBits &^ lowerFlag)
		lower := e>>checkBits&lowerFlag != 0
		if lower && (lim >= 0 && v > lim || v >= ceil) || !lower && (lim < 0 || v > lim) {
			return v, true
		}
	}
	var open [3 * solo.MaxTurns]openTask
	var base [solo.NumColours]int
	g := wh // the wheel, the meeple and the tokens
	scratch := reachPool.Get().(*reachScratch)
	defer reachPool.Put(scratch)
	no = m.openTasks(s, &wheelCol, &base, scratch, &open)
	cs := &scratch.cells
	ok := m.takeableSets(spaces[:nw], s.Meeple())
	sums := scratch.sumsOf(wheel[:nw])
	if from != nil && lim >= 0 {
		// A child whose parent put some of its sets above lim: only the
		// others are walked, only up to lim, and the cells are sized up
		// only once a set needs counting.
		above, first, soft := phase2BoundedBelow(s, &base, open[:no], wheel[:nw], scratch, ok, sums, lim, from)
		if above {
			// Fail-soft: the least lower bound of the sets, all above lim.
			slot.Store(check | uint64(soft|lowerFlag)<<checkBits)
			return soft, true
		}
		if phase2LaidAbove(s, &base, open[:no], wheel[:nw], cs, ok, sums, lim, from, first) {
			slot.Store(check | uint64(lim+1|lowerFlag)<<checkBits)
			return lim + 1, true
		}
		return 0, false
	}
	for _, o := range open[:no] {
		g = mix(g ^ uint64(o.id)<<8 ^ uint64(o.j)<<4 ^ uint64(o.minK[0])<<16 ^ uint64(o.minK[1])<<24 ^ uint64(o.minK[2])<<32 ^ uint64(o.minK[3])<<40 ^ uint64(o.local)<<48)
		g = mix(g ^ o.near)
		for _, r := range o.reach {
			g = mix(g ^ r)
		}
	}
	cellKinds(s, cs, scratch)
	for c := range solo.NumColours {
		f := cs.far[c]
		g = mix(g ^ uint64(f[1]) ^ uint64(f[2])<<8 ^ uint64(f[3])<<16 ^ uint64(c)<<24)
	}
	for k := range cs.n {
		a := cs.sight[k]
		g = mix(g ^ uint64(a[0]) ^ uint64(a[1])<<8 ^ uint64(a[2])<<16 ^ uint64(a[3])<<24 ^ uint64(cs.cap[k])<<32)
	}
	// Layouts with the same open tasks, needs and wheel share the value.
	g = mix(g ^ uint64(base[0]) ^ uint64(base[1])<<8 ^ uint64(base[2])<<16 ^ uint64(base[3])<<24)
	slot2 := &m.exact[g>>(64-exactBits)]
	check2 := g & (1<<checkBits - 1)
	v, done, filled := 0, false, false
	if e := slot2.Load(); e&(1<<checkBits-1) == check2 && e != 0 {
		v, done = int(e>>checkBits), true
		slot.Store(check | uint64(v)<<checkBits)
	} else {
		cs.fill(wheel[:nw])
		filled = true
		if v, done = phase2OpenBelow(&base, s.Tokens(), open[:no], wheel[:nw], cs, ok, sums, lim, ceil); done {
			if v >= ceil && ceil < infinity {
				// Only a lower bound: no set is below ceil.
				v = max(0, ceil)
				slot.Store(check | uint64(v|lowerFlag)<<checkBits)
				return v, true
			}
			slot.Store(check | uint64(v)<<checkBits)
			slot2.Store(check2 | uint64(v)<<checkBits)
		}
	}
	if lim >= 0 && (!done || v <= lim) {
		if !filled {
			cs.fill(wheel[:nw])
		}
		if phase2LaidAbove(s, &base, open[:no], wheel[:nw], cs, ok, sums, lim, nil, 0) {
			slot.Store(check | uint64(lim+1|lowerFlag)<<checkBits)
			return lim + 1, true
		}
	}
	if !done {
		return 0, false
	}
	return v, true
}

// lowerFlag marks an entry of the phase2Exact memo under the layout's key
// whose value is a lower bound (phase2LaidAbove, a ceiling, a parent's
// sets), not the value.
const lowerFlag = 1 << 15

// phase2LaidAbove reports whether every takeable set of the wheel tiles
// whose value by the counter is at most lim holds at most layCheckMost
// tiles and reaches, in no layout of its tiles on s's display, the tokens
// that would bring its value to lim (layReaches): then the value of s
// exceeds lim. The sets are phase2OpenBelow's. For a child of a phase-2
// position (from not nil), the sets below first are those that
// phase2BoundedBelow found above lim, and the sets its parent's walk put
// above lim (from.above) are left out as there.
func phase2LaidAbove(s *solo.State, base *[solo.NumColours]int, open []openTask, wheel []uint8, cs *cellSights, ok *setBits, sums *setSums, lim int, from *parentSets, first int) bool {
	sc := setCounter{base: base, tokens: s.Tokens(), open: open, wheel: wheel, cs: cs}
	var cand [phase2LaidMost]uint16
	nc := 0
	lack := lacking(s.Tokens(), open)
	full := 1<<len(wheel) - 1
	for S := first; S < 1<<len(wheel); S++ {
		if !ok.has(uint32(S)) || sums.floorEnd(S, lack, full) > lim {
			continue
		}
		if from != nil && from.above.has(parentSet(uint32(S), from.it)) {
			continue
		}
		cost := int(sums.cost[S])
		if finalValue(sc.value(S, cost, sums.added[S], lim+1), cost, S == full) > lim {
			continue
		}
		if bits.OnesCount(uint(S)) > layCheckMost || nc == phase2LaidMost {
			return false
		}
		cand[nc] = uint16(S)
		nc++
	}
	var ids [layCheckMost]uint8
	for _, S := range cand[:nc] {
		n := 0
		for b := uint(S); b != 0; b &= b - 1 {
			ids[n] = wheel[bits.TrailingZeros(b)]
			n++
		}
		need := maxTok // a set that is not full ends phase 2 only with every token
		if int(S) == full {
			need -= (lim - int(sums.cost[S])) / 10
		}
		var live [solo.MaxTurns]uint8
		liveTasks(open, sums.added[S], &live)
		var own [layCheckMost]uint8
		sc.liveOwn(int(S), sums.added[S], &own)
		if layReachesLive(s, ids[:n], need, &live, &own) {
			return false
		}
	}
	return true
}

// liveOwn writes to own[k], for the k-th tile of S (by wheel index), the
// tasks that its colours and cells allow (count's sat before any cell is
// chosen): with the colour counts packed of S's tiles, the display's and
// S's colours must satisfy a task (satMask), and for a colour S brings
// one to farMax other tiles of, the display's cells must let that many
// bring the tile enough of it (cellSights.near). The others are met in
// no layout of S's tiles on the display.
func (sc *setCounter) liveOwn(S int, packed uint32, own *[layCheckMost]uint8) {
	var added [solo.NumColours]uint8
	n := *sc.base
	for c := range solo.NumColours {
		added[c] = uint8(packed >> (8 * c))
		n[c] += int(added[c])
	}
	code := colourCode(&n)
	k := 0
	for b := uint(S); b != 0 && k < layCheckMost; b &= b - 1 {
		i := bits.TrailingZeros(b)
		own[k] = sc.cs.satOf(i, sc.wheel[i], code, &added)
		k++
	}
}

// satOf is the tasks of wheel tile i (id) that a set holding it with the
// colour counts added (code: colourCode of the display's and the set's)
// can satisfy: its colours (satMask), and for each colour the set brings
// one to farMax tiles of besides the tile, the cells' room for them
// (near).
func (cs *cellSights) satOf(i int, id uint8, code int, added *[solo.NumColours]uint8) uint8 {
	own := tiles[id].colour
	sat := satMask[id][code]
	for c := range solo.Colour(solo.NumColours) {
		a := int(added[c])
		if c == own {
			a--
		}
		if a >= 1 && a <= farMax {
			sat &= cs.near[i][c][a]
		}
	}
	return sat
}

// liveTasks sets live[i], for each tile i of the display, to its open
// tasks of open that a set of tiles with the colour counts packed can
// fulfil (openTask.meets): the tasks open leaves out (no room for them,
// reachable) and those that lack more tiles of a colour than the set
// brings (minK) are fulfilled by no layout of the set's tiles.
func liveTasks(open []openTask, packed uint32, live *[solo.MaxTurns]uint8) {
	for k := range open {
		if o := &open[k]; o.meets(packed) {
			live[o.i] |= 1 << o.j
		}
	}
}

// phase2LaidMost is the most sets phase2LaidAbove lays.
const phase2LaidMost = 16

// openTasks writes the display's open tasks that phase 2 might still
// fulfil to open, with their needs (tileNeeds) when the wheel holds
// wheelCol tiles of each colour, counts the display's tiles by colour in
// base, and returns how many tasks it wrote. It starts a new numbering of
// the cells in scratch.
func (m *model) openTasks(s *solo.State, wheelCol, base *[solo.NumColours]int, scratch *reachScratch, open *[3 * solo.MaxTurns]openTask) int {
	var gain [solo.NumColours][maxGain]int
	scratch.renumber()
	no := 0
	for i := range s.DisplaySize() {
		id, c, op := s.Placed(i)
		base[tiles[id].colour]++
		if op = reachable(s, id, c, op&m.coverable[id]); op == 0 {
			continue
		}
		no += tileNeeds(s, i, op, wheelCol, &gain, scratch, open[no:])
	}
	servingCells(s, open[:no], scratch)
	return no
}

// servingCells fills open's reach, for the tasks that one or two more
// tiles of a colour can close, from the empty cells next to s's display
// (numbered in scratch).
func servingCells(s *solo.State, open []openTask, scratch *reachScratch) {
	no := len(open)
	var one uint8
	for _, o := range open[:no] {
		for c := range solo.NumColours {
			if o.minK[c] >= 1 && o.minK[c] <= 2 {
				one |= 1 << c
			}
		}
	}
	if one == 0 {
		return
	}
	var fr [solo.MaxFrontier]solo.Cell
	var cellBits [solo.MaxFrontier]uint64
	nf := s.Frontier(&fr)
	for q, f := range fr[:nf] {
		if cellBits[q] = scratch.cellBit(f); cellBits[q] == 0 {
			// Out of bits (never happens): no rule.
			for k := range open[:no] {
				open[k].reach = [solo.NumColours]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
			}
			return
		}
	}
	var touched [solo.MaxFrontier]uint32
	for b := one; b != 0; b &= b - 1 {
		c := bits.TrailingZeros8(b)
		// For each display tile, the cells from which a tile of colour c
		// sees it (Touched).
		var from [solo.MaxTurns]uint64
		s.TouchedAll(fr[:nf], solo.Colour(c), touched[:nf])
		for q, t := range touched[:nf] {
			for ; t != 0; t &= t - 1 {
				from[bits.TrailingZeros32(t)] |= cellBits[q]
			}
		}
		for k := range open[:no] {
			if o := &open[k]; o.minK[c] >= 1 && o.minK[c] <= 2 {
				o.reach[c] |= from[o.i]
			}
		}
	}
}

// phase2Open is the minimum over every set S of the wheel tiles of cost(S)
// plus 10 per token missing, as phase2Exact describes.
func phase2Open(base *[solo.NumColours]int, tokens int, open []openTask, wheel []uint8, cs *cellSights, ok *setBits) int {
	var sums setSums
	sums.fill(wheel)
	v, _ := phase2OpenBelow(base, tokens, open, wheel, cs, ok, &sums, -1, infinity)
	return v
}

// phase2OpenBelow is phase2Open stopping at the first set whose value is
// at most lim; it then returns false, and its value means nothing. The
// sets whose value is ceil or more are left out: when every set is, it
// returns ceil.
func phase2OpenBelow(base *[solo.NumColours]int, tokens int, open []openTask, wheel []uint8, cs *cellSights, ok *setBits, sums *setSums, lim, ceil int) (int, bool) {
	best := min(ceil, infinity)
	sc := setCounter{base: base, tokens: tokens, open: open, wheel: wheel, cs: cs}
	lack := lacking(tokens, open)
	full := 1<<len(wheel) - 1
	for S := range 1 << len(wheel) {
		if !ok.has(uint32(S)) {
			continue
		}
		if sums.floorEnd(S, lack, full) >= best {
			continue
		}
		cost := int(sums.cost[S])
		if v := finalValue(sc.value(S, cost, sums.added[S], best), cost, S == full); v < best {
			best = v
			if best <= lim {
				return best, false
			}
		}
	}
	return best, true
}

// phase2BoundedBelow reports whether phase 2's value (phase2Open's) is
// above lim, walking only the sets that from.above does not mark (bit
// parentSet(S, from.it)): the parent's walk found the others above lim.
// Where it is, it also returns the least lower bound by which it left the
// sets out, all above lim (fail-soft): for a set the parent's walk put
// above, the parent's bound on the lines that take it, less the notes of
// s (every line through s that takes S takes S with the tile from the
// parent). It sizes up s's cells (cellKindsFrom, in scratch.cells, with
// the parent's far sights where from has them) before it counts the first
// set, and only then; they are ready when it reports false, with the
// first set it found within lim.
func phase2BoundedBelow(s *solo.State, base *[solo.NumColours]int, open []openTask, wheel []uint8, scratch *reachScratch, ok *setBits, sums *setSums, lim int, from *parentSets) (bool, int, int) {
	cs := &scratch.cells
	sc := setCounter{base: base, tokens: s.Tokens(), open: open, wheel: wheel, cs: cs}
	lack := lacking(s.Tokens(), open)
	full := 1<<len(wheel) - 1
	ready := false
	notes := phase2Notes(s)
	soft := infinity
	for S := range 1 << len(wheel) {
		if !ok.has(uint32(S)) {
			continue
		}
		if q := sums.floorEnd(S, lack, full); q > lim {
			soft = min(soft, q)
			continue
		}
		if P := parentSet(uint32(S), from.it); from.above.has(P) {
			soft = min(soft, max(lim+1, int(from.above.total[P])-notes))
			continue
		}
		if !ready {
			cellKindsFrom(s, cs, scratch, from.far, from.col)
			cs.fill(wheel)
			ready = true
		}
		cost := int(sums.cost[S])
		v := finalValue(sc.value(S, cost, sums.added[S], lim+1), cost, S == full)
		if v <= lim {
			return false, S, 0
		}
		soft = min(soft, v)
	}
	return true, 0, soft
}

// parentSet is the set of the parent's wheel tiles that is the child's set
// S with the tile the child took, the parent's it-th: the child's wheel is
// the parent's without it, in the same order.
func parentSet(S uint32, it int) uint32 {
	low := uint32(1)<<it - 1
	return S&low | (S&^low)<<1 | 1<<it
}

// parentSets tells phase2ExactBelow, for a child of a phase-2 position,
// which of its sets the parent's walk found above the limit: set
// parentSet(S, it) of above, for the limit lim (the whole score's).
//
// far, if not nil, is the parent's cellSights.far, and col the colour of
// the tile the child took: the child's far sights of the other colours
// are at most the parent's (cellKindsFrom), so the child finds only
// those of col.
type parentSets struct {
	above *aboveSets
	it    int
	lim   int
	far   *farSights
	col   solo.Colour
}

// aboveSets marks the sets of a phase-2 position's wheel tiles that its
// walk (phase2AheadAbove) found above the limit, with the bound on the
// whole score of the lines that take each (total, read only where the
// set is marked), for its children's bounds.
type aboveSets struct {
	bits  setBits
	total [1 << solo.SetupTiles]int16
}

// mark marks the set S, with the bound total.
func (a *aboveSets) mark(S, total int) {
	a.bits.set(S)
	a.total[S] = int16(min(total, infinity))
}

// has reports whether the set S is marked.
func (a *aboveSets) has(S uint32) bool { return a.bits.has(S) }

// setSums holds, for every set S of wheel tiles (bit i: wheel[i]), its
// cost, its tiles of each colour (a byte a colour) and its tasks.
type setSums struct {
	cost  [1 << spaceCount]int16
	added [1 << spaceCount]uint32
	tasks [1 << spaceCount]uint8 // the tasks on its tiles
}

// floor is a lower bound on the value of the set S (setCounter.value)
// that needs no counting: its cost, and 10 for each token missing when
// every task of its tiles is fulfilled and lack more are still missing.
func (ss *setSums) floor(S, lack int) int {
	return int(ss.cost[S]) + 10*max(0, lack-int(ss.tasks[S]))
}

// floorEnd is floor for a set S that must end phase 2 (finalValue): a
// set that is not full (every wheel tile) and whose own tasks cannot make
// up lack is worth infinity.
func (ss *setSums) floorEnd(S, lack, full int) int {
	if S != full && int(ss.tasks[S]) < lack {
		return infinity
	}
	return ss.floor(S, lack)
}

// finalValue is v, a set's value of cost cost (setCounter.value), for a
// set that must end phase 2, or infinity where it cannot; full tells
// whether the set is every wheel tile. Phase 2 ends
// only when the 21st token is placed or no tile is left on the wheel, and
// cannot be ended earlier by choice (R15), so the set a line takes in
// phase 2 either brings every token or is every wheel tile (full). The
// value is above cost exactly when the counter finds the set short of 21
// tokens, and the counter never finds fewer than a layout places.
func finalValue(v, cost int, full bool) int {
	if v > cost && !full {
		return infinity
	}
	return v
}

// lacking is the tokens that a set's own tiles must bring to a display
// that holds tokens and whose open tasks are open: all 21, less those
// placed and those the open tasks could bring.
func lacking(tokens int, open []openTask) int {
	return maxTok - tokens - len(open)
}

// fill computes each set's sums from the set without its lowest tile.
func (ss *setSums) fill(wheel []uint8) {
	for S := 1; S < 1<<len(wheel); S++ {
		id := wheel[bits.TrailingZeros(uint(S))]
		ss.cost[S] = ss.cost[S&(S-1)] + int16(tiles[id].cost)
		ss.added[S] = ss.added[S&(S-1)] + 1<<(8*tiles[id].colour)
		ss.tasks[S] = ss.tasks[S&(S-1)] + tiles[id].ntasks
	}
}

// value is the phase-2 value of the set S of cost cost with the tiles
// packed (count's), the tiles that need the display's cells sharing them
// out (share) only when that can matter against best.
func (sc *setCounter) value(S, cost int, packed uint32, best int) int {
	tok, nc := sc.count(S, packed)
	v := cost + 10*(maxTok-min(tok, maxTok))
	if v < best && (nc >= 2 || nc == 1 && sc.pin != 0) {
		tok = sc.share(tok, nc)
		v = cost + 10*(maxTok-min(tok, maxTok))
	}
	return v
}

// setCounter counts, for one layout, the tokens that sets of wheel tiles
// could bring, as phase2Exact describes; its arrays are scratch space.
type setCounter struct {
	base   *[solo.NumColours]int
	tokens int
	open   []openTask
	wheel  []uint8
	cs     *cellSights
	con    [maxAdded]needy
	upper  [maxAdded + 1]int
	local  [solo.NumColours][3 * solo.MaxTurns]uint64
	// reach[c]: the cells of the tasks counted that the set's one or two
	// tiles of colour c must serve (openTask.reach); count's scratch.
	reach [solo.NumColours][3*solo.MaxTurns + solo.MaxTasks]uint64
	// uses[c][:nuse[c]]: what each tile that must see colour c beside it
	// asks for (sidesLoss); count's scratch.
	uses [solo.NumColours][solo.MaxTurns + maxAdded]uint8
	nuse [solo.NumColours]int
	// pin, when not 0, is 1 + the wheel index of a tile whose cell is
	// known: of kind pinKind (cellSights.kindOf), with the bit pinBit in
	// the open tasks' reach (0: none known). The sets counted hold it.
	pin     int
	pinKind int
	pinBit  uint64
	// pinNear, where pinNearOn, is for the pinned tile what near is for
	// every tile, on its cell: the mask of its tasks that ask no more of
	// colour c than the cell can come to see with a new tiles of c.
	pinNear   [solo.NumColours][farMax + 1]uint8
	pinNearOn bool
	// pinLack[c]: the pinned tile's tasks that ask more of colour c than
	// its cell sees now; pinReach[c]: the cells a tile of colour c must
	// be on for the pinned tile to see it (next to the cell, or to a
	// group of colour c next to it).
	pinLack  [solo.NumColours]uint8
	pinReach [solo.NumColours]uint64
	pinSat   uint8 // count's: the pinned tile's tasks it counted
	// pinDist[k]: for the open task k, the fewest other new tiles of the
	// pinned tile's colour that could join the pinned tile to a cell next
	// to the task's tile (pinJoin; pinFar+1: more than pinFar).
	pinDist [3 * solo.MaxTurns]uint8
	// lossAdded: count's, the tokens disjointLoss took off beyond the
	// largest colour's loss (the tests lay the sets where it is above 0).
	lossAdded int
	// cellsTook: count's, the tokens the cells' rule (cellNeeds) took off
	// beyond the colours' losses (the tests lay the sets where it is
	// above 0).
	cellsTook int
}

// sidesLoss bounds the tasks lost when tiles must sit beside the k new
// tiles of a colour c: one entry of uses per tile that sees colour c only
// through a new tile of colour c next to it, with the most tiles of colour
// c a task of it asks to see. A display tile that sees no tile of colour c
// is one (openTask.local), and so, when no empty cell next to the display
// sees colour c (cellSights.blind), is a new tile of another colour with a
// task that names c. The k tiles have 4k sides. If e pairs of them are
// adjacent, those pairs take 2e sides and no group of them exceeds e+1
// tiles, so a tile that must see u of them takes at least ceil(u/(e+1))
// sides. Each tile dropped loses at least one task; sidesLoss returns the
// fewest tiles to drop so that, for some e, the sides suffice.
func sidesLoss(uses []uint8, k int) int {
	best := len(uses)
	var need [solo.MaxTurns + maxAdded]int
	for e := 0; e < k; e++ {
		free := 4*k - 2*e
		n := len(uses)
		tot := 0
		for i, u := range uses {
			need[i] = (int(u) + e) / (e + 1)
			tot += need[i]
		}
		if tot <= free {
			return 0
		}
		// Drop the tiles that take the most sides first.
		slices.Sort(need[:n])
		drop := 0
		for tot > free && drop < n {
			tot -= need[n-1-drop]
			drop++
		}
		best = min(best, drop)
	}
	return best
}

// count returns the tokens of the display with the wheel tiles of S added
// (packed: their counts by colour, a byte a colour), before the tiles that
// need the display's cells share them out, and how many such tiles there
// are (share's nc).
func (sc *setCounter) count(S int, packed uint32) (tok, nc int) {
	var added [solo.NumColours]uint8
	n := *sc.base
	var absent0 uint8 // the colours S brings no tile of
	nuse := &sc.nuse
	*nuse = [solo.NumColours]int{}
	for c := range solo.NumColours {
		added[c] = uint8(packed >> (8 * c))
		n[c] += int(added[c])
		if added[c] == 0 {
			absent0 |= 1 << c
		}
	}
	code := colourCode(&n)
	cs := sc.cs
	tok = sc.tokens
	// inv[c]: the counted tasks that colour c's losses below are about
	// (lossInvolves), for adding the losses of colours that share none.
	var inv [solo.NumColours]lossInvolves
	var tileTok [maxAdded]uint8 // each tile's counted tasks
	for b := uint(S); b != 0; b &= b - 1 {
		i := bits.TrailingZeros(b)
		id := sc.wheel[i]
		absent := absent0
		own := tiles[id].colour
		if added[own] == 1 {
			absent |= 1 << own
		}
		sat := cs.satOf(i, id, code, &added)
		pinned := i+1 == sc.pin
		if pinned {
			// Its cell sees all it will of the colours S brings no
			// other tile of.
			sat &= cs.fitOf(sc.pinKind, i, absent)
			if sc.pinNearOn {
				for c := range solo.Colour(solo.NumColours) {
					if a := int(added[c]); c != own && a >= 1 && a <= farMax {
						sat &= sc.pinNear[c][a]
					}
				}
			}
			sc.pinSat = sat
		}
		if pinned || sat&names[id][absent] == 0 {
			tok += bits.OnesCount8(sat)
			tileTok[i] = uint8(bits.OnesCount8(sat))
			if b := cs.blind &^ absent0 &^ (1 << own); b != 0 && sat != 0 {
				for ; b != 0; b &= b - 1 {
					c := bits.TrailingZeros8(b)
					if k := needMost[id][sat][c]; k > 0 {
						sc.uses[c][nuse[c]] = k
						nuse[c]++
						inv[c].tiles |= 1 << i
					}
				}
			}
			continue
		}
		b := cs.bestOne(i, absent, sat)
		tok += b
		sc.con[nc] = needy{i: i, A: absent, sat: sat, none: bits.OnesCount8(sat &^ names[id][absent])}
		sc.upper[nc] = b
		nc++
	}
	var nlocal, nreach [solo.NumColours]int
	var lastTile [solo.NumColours]uint8
	pinned := -1 // the pinned tile's colour
	if sc.pin != 0 {
		pinned = int(tiles[sc.wheel[sc.pin-1]].colour)
	}
	pc, pj := -1, -1 // pinned, when its cell's bit is known; when pinDist holds
	if sc.pinBit != 0 {
		pc = pinned
	}
	if sc.pinNearOn {
		pj = pinned
	}
	// needs: the counted tasks' needs for cells (cellNeeds), with the
	// pinned tile on its cell where that is known.
	needs := &cs.needs
	needs.reset()
	if pc >= 0 {
		needs.pin(pc, sc.pinBit)
	}
	for k := range sc.open {
		if o := &sc.open[k]; o.meets(packed) && satMask[o.id][code]&(1<<o.j) != 0 {
			if pj >= 0 && o.minK[pj] >= 1 && o.minK[pj] == added[pj] && sc.pinDist[k] >= added[pj] {
				// It needs every tile of the pinned tile's colour,
				// and the pinned one cannot join it.
				continue
			}
			tok++
			for c := range solo.NumColours {
				if added[c] <= 2 && o.minK[c] >= 1 || c == pc && added[c] == 3 && o.minK[c] >= 1 && o.minK[c] <= 2 {
					r := o.reach[c]
					if pc >= 0 && c != pc {
						r &^= sc.pinBit // the pinned tile's cell holds another colour
					}
					sc.reach[c][nreach[c]] = r
					nreach[c]++
					needs.add(k, c, r)
					inv[c].open[k>>6] |= 1 << (k & 63)
				}
			}
			for l := o.local; l != 0; l &= l - 1 {
				c := bits.TrailingZeros8(l)
				sc.local[c][nlocal[c]] = o.near
				nlocal[c]++
				needs.add(k, c, o.near)
				inv[c].open[k>>6] |= 1 << (k & 63)
				if lastTile[c] != o.id {
					// A display tile's tasks come one after another:
					// the tile takes one side of a new tile of colour c.
					lastTile[c] = o.id
					sc.uses[c][nuse[c]] = 1
					nuse[c]++
				}
			}
		}
	}
	if pj >= 0 {
		// The pinned tile's tasks that one or two new tiles of a colour
		// must bring: those tiles serve them only from its cells.
		for c := range solo.NumColours {
			if c == pj || added[c] == 0 || added[c] > 2 {
				continue
			}
			for m := sc.pinSat & sc.pinLack[c]; m != 0; m &= m - 1 {
				sc.reach[c][nreach[c]] = sc.pinReach[c]
				nreach[c]++
				inv[c].tiles |= 1 << (sc.pin - 1)
			}
		}
		if pc >= 0 {
			// And they want those cells among the open tasks' (however
			// many tiles of the colour the set brings: a tile the pinned
			// tile comes to see is on one of them).
			for m := sc.pinSat; m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m)
				for c := range solo.NumColours {
					if c != pj && added[c] >= 1 && sc.pinLack[c]&(1<<j) != 0 {
						needs.add(len(sc.open)+j, c, sc.pinReach[c])
					}
				}
			}
		}
	}
	// A tile that sees no tile of colour c yet needs a new one on a
	// cell next to it; with fewer new tiles of colour c than such
	// tiles need between them, some of their tasks go without. Each
	// colour's loss holds alone, and the losses of colours whose rules
	// are about different tasks add up (disjointLoss).
	var losses [solo.NumColours]int
	for c := range solo.NumColours {
		loss := 0
		if nlocal[c] > int(added[c]) {
			loss = max(loss, nlocal[c]-maxCover(sc.local[c][:nlocal[c]], int(added[c])))
		}
		if nuse[c] > 0 {
			loss = max(loss, sidesLoss(sc.uses[c][:nuse[c]], int(added[c])))
		}
		if c == pc && nreach[c] > 0 {
			// The pinned tile serves the tasks its cell serves, the
			// other one or two tiles of its colour the others they can.
			loss = max(loss, sc.pinnedLoss(sc.reach[c][:nreach[c]], int(added[c])-1))
		} else if nreach[c] > int(added[c]) {
			// Each of the one or two tiles of colour c serves only
			// the tasks whose cells hold its cell.
			if added[c] == 1 {
				loss = max(loss, nreach[c]-coverOne(sc.reach[c][:nreach[c]]))
			} else {
				loss = max(loss, nreach[c]-coverTwo(sc.reach[c][:nreach[c]]))
			}
		}
		losses[c] = loss
	}
	loss := disjointLoss(&losses, &inv, &tileTok)
	sc.lossAdded = loss - max(losses[0], losses[1], losses[2], losses[3])
	// A cell holds one tile: the tasks that want new tiles on cells next
	// to them may want more cells, across colours, than the set can fill.
	sc.cellsTook = 0
	if needs.n > 0 {
		if l := sc.cellsLoss(needs, &added, loss); l > loss {
			sc.cellsTook = l - loss
			loss = l
		}
	}
	return tok - loss, nc
}

// lossInvolves is what one colour's losses in setCounter.count are
// about: the open tasks (bit k of open for sc.open[k]) and the tiles of
// the set (bit i for wheel tile i, all of whose counted tasks count as
// involved) among whose counted tasks the tasks lost are.
type lossInvolves struct {
	open  [2]uint64
	tiles uint32
}

// disjointLoss bounds the counted tasks that no layout fulfils, from each
// colour's loss (losses[c]: that many of the counted tasks inv[c] names
// go without; tileTok[i]: the counted tasks of wheel tile i). Taken in
// some order, a colour adds the part of its loss that must lie outside the
// tasks the colours before it are about: its loss less the tasks it shares
// with them, which are different tasks from theirs. The best order
// counts; it is at least the largest loss, and the sum where the colours
// share no task.
func disjointLoss(losses *[solo.NumColours]int, inv *[solo.NumColours]lossInvolves, tileTok *[maxAdded]uint8) int {
	var pos [solo.NumColours]int
	np, best := 0, 0
	for c, l := range losses {
		if l > 0 {
			pos[np] = c
			np++
			best = max(best, l)
		}
	}
	if np < 2 {
		return best
	}
	var walk func(left uint8, u lossInvolves, total int)
	walk = func(left uint8, u lossInvolves, total int) {
		best = max(best, total)
		for b := left; b != 0; b &= b - 1 {
			a := bits.TrailingZeros8(b)
			in := &inv[pos[a]]
			shared := bits.OnesCount64(in.open[0]&u.open[0]) + bits.OnesCount64(in.open[1]&u.open[1])
			for t := in.tiles & u.tiles; t != 0; t &= t - 1 {
				shared += int(tileTok[bits.TrailingZeros32(t)])
			}
			add := losses[pos[a]] - shared
			if add <= 0 {
				continue // as good as leaving it out
			}
			next := u
			next.open[0] |= in.open[0]
			next.open[1] |= in.open[1]
			next.tiles |= in.tiles
			walk(left&^(1<<a), next, total+add)
		}
	}
	walk(1<<np-1, lossInvolves{}, 0)
	return best
}

// pinnedLoss is the tasks of reach (each the cells whose tile of the
// pinned tile's colour could close it) that neither the pinned tile's cell
// (pinBit) nor the other k tiles of its colour (k at most 2) serve.
func (sc *setCounter) pinnedLoss(reach []uint64, k int) int {
	n := 0
	for _, r := range reach {
		if r&sc.pinBit == 0 {
			reach[n] = r
			n++
		}
	}
	switch {
	case n <= k:
		return 0
	case k == 0:
		return n
	case k == 1:
		return n - coverOne(reach[:n])
	default:
		return n - coverTwo(reach[:n])
	}
}

// share lowers tok, count's tokens, for the nc tiles that need the
// display's cells: they may not all get the cell they want.
func (sc *setCounter) share(tok, nc int) int {
	if nc < 2 && sc.pin == 0 || nc == 0 {
		return tok
	}
	sum := 0
	for j := nc - 1; j >= 0; j-- {
		sum += sc.upper[j]
		sc.upper[j] = sum
	}
	sc.upper[nc] = 0
	var used [maxClasses]uint8
	if sc.pin != 0 {
		used[sc.pinKind] = 1 // the pinned tile's cell
	}
	got := -1
	sc.cs.assign(sc.con[:nc], sc.upper[:nc+1], &used, 0, &got)
	return tok - (sum - got)
}

// maxGain is the length of a reachGain table: a colour has at most 11 tiles
// on a wheel.
const maxGain = solo.SetupTiles + 1

// reachGain bounds what the tile on cell x can still come to see of colour
// c: gain[k] is the most tiles of colour c it can see beyond what it sees
// now when phase 2 adds k tiles of colour c (R10). Each added tile counts
// at most once; a tile of colour c in the display that x does not see yet
// counts only when the added tiles can join its group to x, which takes at
// least as many of them as the empty cells on the shortest path from the
// group to a cell next to x or to a group x already sees. Other colours
// block the way. With no empty cell next to x or its groups, nothing more
// can ever be seen, and reachGain returns false.
//
// gain is filled for k = 1..maxK only; the search looks no further than
// maxK empty cells. When it returns true, k added tiles can give at least
// k (they can all join next to x), so a caller that needs l more asks only
// for k < l.
func reachGain(s *solo.State, x solo.Cell, c solo.Colour, maxK int, gain *[maxGain]int, w *reachScratch) bool {
	clear(gain[:])
	gen := w.newGen()
	colourAt := func(cell solo.Cell) int {
		if id := s.TileAt(cell); id != 0 {
			return int(tiles[id].colour)
		}
		return -1
	}
	// The tiles of colour c that x sees now, x itself included: stamped
	// with dist -1.
	var stack, list [solo.MaxTurns]solo.Cell
	sp, nl := 0, 1
	w.stamp[x], w.dist[x] = gen, -1
	list[0] = x
	for _, nb := range s.Neighbours(x) {
		if colourAt(nb) == int(c) && w.stamp[nb] != gen {
			w.stamp[nb], w.dist[nb] = gen, -1
			stack[sp] = nb
			sp++
			for sp > 0 {
				sp--
				u := stack[sp]
				list[nl] = u
				nl++
				for _, v := range s.Neighbours(u) {
					if w.stamp[v] != gen && colourAt(v) == int(c) {
						w.stamp[v], w.dist[v] = gen, -1
						stack[sp] = v
						sp++
					}
				}
			}
		}
	}
	// 0-1 breadth-first search: entering an empty cell costs one tile,
	// entering a tile of colour c not seen yet costs nothing.
	head, tail := solo.GridCells, solo.GridCells // a deque in the middle
	var count [maxGain]int                       // unseen tiles of colour c first reached at distance d
	for _, cell := range list[:nl] {
		for _, v := range s.Neighbours(cell) {
			if w.stamp[v] != gen && s.TileAt(v) == 0 {
				w.stamp[v], w.dist[v] = gen, 1
				w.queue[tail] = v
				tail++
			}
		}
	}
	if head == tail {
		return false // nothing can ever join
	}
	if maxK == 0 {
		return true
	}
	for head < tail {
		u := w.queue[head]
		head++
		d := int(w.dist[u])
		if !s.Inner(u) {
			continue
		}
		for _, v := range s.Neighbours(u) {
			old := int8(-2) // not reached
			if w.stamp[v] == gen {
				old = w.dist[v]
				if old < 0 {
					continue // seen already
				}
			}
			col := colourAt(v)
			switch {
			case col < 0 && d+1 <= maxK && (old == -2 || int(old) > d+1):
				w.stamp[v], w.dist[v] = gen, int8(d+1)
				w.queue[tail] = v
				tail++
			case col == int(c) && (old == -2 || int(old) > d):
				if old != -2 {
					count[old]--
				}
				count[d]++
				w.stamp[v], w.dist[v] = gen, int8(d)
				head--
				w.queue[head] = v
			}
		}
	}
	sum := 0
	for k := 1; k <= maxK && k < maxGain; k++ {
		sum += count[k]
		gain[k] = k + sum
	}
	return true
}

// reachScratch is reachGain's working memory: cells are marked as visited
// by stamping them with the current generation, so no call clears the grid.
type reachScratch struct {
	gen   uint32
	stamp [solo.GridCells]uint32
	dist  [solo.GridCells]int8
	queue [2 * solo.GridCells]solo.Cell
	done  [solo.GridCells]uint32 // farSight: cells popped for good
	// farSight's sums per cell, valid where accStamp is accGen.
	acc      [solo.GridCells][farMax + 1]int8
	accStamp [solo.GridCells]uint32
	accGen   uint32
	cells    cellSights
	// layIDs: the tiles of a set layoutEndsLaid asks layShort about;
	// layLive and layOwn, the tasks it leaves to the check (liveTasks,
	// setCounter.liveOwn).
	layIDs  [layCheckMost]uint8
	layLive [solo.MaxTurns]uint8
	layOwn  [layCheckMost]uint8
	// lo: layoutEnds' sums over the wheel's tiles.
	lo setSums
	// colours: layoutEnds' memo of its counter's open tasks by colours.
	colours colourMemo
	// sums: phase 2's sums over the wheel's tiles sumsWheel (sumsOf).
	sums      setSums
	sumsWheel [spaceCount]uint8
	sumsN     int
	// ends and stack: phase1Sets' sets and takeableEnds' stack.
	ends [1 << solo.SetupTiles]uint16
	// order: layoutEndsHolding's sets X, cheapest lower bound first.
	order [1 << solo.SetupTiles]uint32
	// setLB: layoutEndsHolding's lower bounds on its sets' values, where
	// no farLink keeps them.
	setLB [1 << solo.SetupTiles]int16
	stack [(1 << solo.SetupTiles) * solo.TrackSpaces]uint32
	// cellBit's numbering of cells, valid where numStamp is numGen.
	num      [solo.GridCells]int8
	numStamp [solo.GridCells]uint32
	numGen   uint32
	nnum     int
}

// newGen starts a search over stamp: a cell is marked in it when its stamp
// is the generation returned. When the counter wraps, old stamps could look
// current, so they are cleared.
func (w *reachScratch) newGen() uint32 {
	w.gen++
	if w.gen == 0 {
		clear(w.stamp[:])
		w.gen = 1
	}
	return w.gen
}

// sumsOf returns the sums of the sets of the wheel's tiles, kept from the
// last call with the same wheel.
func (w *reachScratch) sumsOf(wheel []uint8) *setSums {
	if w.sumsN != len(wheel) || !slices.Equal(w.sumsWheel[:w.sumsN], wheel) {
		w.sums.fill(wheel)
		w.sumsN = copy(w.sumsWheel[:], wheel)
	}
	return &w.sums
}

// renumber starts a new numbering of cells for cellBit.
func (w *reachScratch) renumber() {
	w.numGen++
	if w.numGen == 0 {
		clear(w.numStamp[:])
		w.numGen = 1
	}
	w.nnum = 0
}

// cellBit is a bit of its own for each cell since the last renumber, or 0
// once 64 cells have one (a display has at most 2n+2 empty cells next to
// its n tiles, at most 46, so that does not happen).
func (w *reachScratch) cellBit(c solo.Cell) uint64 {
	if w.numStamp[c] != w.numGen {
		if w.nnum == 64 {
			return 0
		}
		w.numStamp[c] = w.numGen
		w.num[c] = int8(w.nnum)
		w.nnum++
	}
	return 1 << w.num[c]
}

var reachPool = sync.Pool{New: func() any { return new(reachScratch) }}

// maxClasses bounds the kinds of empty cells next to a display: there are
// at most four empty cells next to each tile.
const maxClasses = 4 * solo.MaxTurns

// cellSights describes, for the tiles of the wheel, the empty cells next to
// the display by what they see of each colour (R10). A tile of the wheel
// that phase 2 places with no other tile of the colours in a set A sees of
// those colours only the display's groups next to its cell, and those
// groups never grow, since no tile of their colours comes. Two such tiles
// need two cells, so the cells that see a colour limit how many tiles can
// count on it.
type cellSights struct {
	n     int // kinds of cells that see something
	sight [maxClasses][solo.NumColours]int
	cap   [maxClasses]uint8 // how many empty cells of each kind
	// fit[k][i][A] is the mask of the tasks of wheel tile i that a tile on
	// a cell of kind k could fulfil with the colours in A missing from the
	// rest of phase 2 (the other colours are left to the caller's counts).
	// Byte A&7 of word A>>3 holds it (fitOf).
	fit [maxClasses][maxAdded][2]uint64
	// best[i][A] holds the masks that no other kind of cell (or a cell that
	// sees nothing) beats, nbest[i][A] of them.
	best  [maxAdded][16][solo.MaxTasks + 1]uint8
	nbest [maxAdded][16]uint8
	// far[c][a] is the most tiles of colour c a new tile can see when
	// phase 2 places a other tiles of colour c, for a = 1..farMax: the a
	// tiles, and the display's groups of colour c that a or fewer new
	// tiles can join to its cell (farSight).
	far farSights
	// near[i][c][a] is the mask of the tasks of wheel tile i that ask for
	// no more of colour c than far[c][a].
	near [maxAdded][solo.NumColours][farMax + 1]uint8
	// blind has bit c set when no empty cell next to the display sees a
	// tile of colour c: every tile that comes to see colour c then sees it
	// through a new tile of colour c next to it (sidesLoss).
	blind uint8
	// The empty cells next to the display, nf of them, and the kind of
	// each (kindOf).
	at   [maxClasses]solo.Cell
	kind [maxClasses]uint8
	nf   int
	// needs and needMemo: setCounter.count's scratch for the tasks'
	// needs for cells (cellNeeds), and their losses by key since fill.
	needs    cellNeeds
	needMemo cellNeedsMemo
}

// kindOf is the kind of the empty cell c next to the display, or -1 if c
// is not one.
func (cs *cellSights) kindOf(c solo.Cell) int {
	for f, x := range cs.at[:cs.nf] {
		if x == c {
			return int(cs.kind[f])
		}
	}
	return -1
}

// farMax is the most other new tiles of a colour far tracks: no task asks
// for more than four of a colour, and four new tiles give four.
const farMax = 3

// farSights is cellSights.far: for each colour, farSight's far.
type farSights [solo.NumColours][farMax + 1]int

// names[id][A] is the mask of the tasks of tile id that name a colour in A.
var names [solo.NumTiles + 1][16]uint8

// needMost[id][m][c] is the most tiles of colour c that a task of tile id
// in the mask m asks for (0 for the tile's own colour: it sees its own
// colour through the group it joins, not beside it).
var needMost [solo.NumTiles + 1][1 << solo.MaxTasks][solo.NumColours]uint8

// buildNames fills names and needMost; it runs after the tiles table is filled.
func buildNames() {
	for id := 1; id <= solo.NumTiles; id++ {
		t := &tiles[id]
		for m := range 1 << solo.MaxTasks {
			for j := range t.ntasks {
				if m&(1<<j) == 0 {
					continue
				}
				for c := range solo.Colour(solo.NumColours) {
					if c != t.colour {
						needMost[id][m][c] = max(needMost[id][m][c], t.tasks[j][c])
					}
				}
			}
		}
	}
	for id := 1; id <= solo.NumTiles; id++ {
		t := &tiles[id]
		for A := range 16 {
			for j := range t.ntasks {
				if t.colours[j]&uint8(A) != 0 {
					names[id][A] |= 1 << j
				}
			}
		}
	}
}

// cellKinds fills the part of cs that depends on the display alone: the
// kinds of empty cells next to it (sight, cap) and far. phase2Exact keys
// its second memo on them, and fills the rest only when that misses.
func cellKinds(s *solo.State, cs *cellSights, w *reachScratch) {
	cellKindsFrom(s, cs, w, nil, 0)
}

// cellKindsFrom is cellKinds that, where parent is not nil, takes the far
// sights of every colour but col from parent, the far sights of a
// position whose display is s's without one tile, of colour col. That
// tile's groups are the only ones that changed, and for any other colour
// it only fills a cell a path of new tiles could have used or a tile
// could have been placed on, so s's far sights of that colour are at most
// the parent's (admissible, and not always equal: the bound may be lower
// than with s's own).
func cellKindsFrom(s *solo.State, cs *cellSights, w *reachScratch, parent *farSights, col solo.Colour) {
	// The display's groups: a label and a size per tile.
	nd := s.DisplaySize()
	var index [solo.NumTiles + 1]int8
	var label [solo.MaxTurns]int8
	var size [solo.MaxTurns]int
	for i := range nd {
		id, _, _ := s.Placed(i)
		index[id] = int8(i)
		label[i] = -1
	}
	var stack [solo.MaxTurns]solo.Cell
	// The groups' cells, group by group: group g's are
	// gcells[gstart[g]:gstart[g+1]], and its colour gcol[g].
	var gcells [solo.MaxTurns]solo.Cell
	var gstart [solo.MaxTurns + 1]int
	var gcol [solo.MaxTurns]solo.Colour
	ng := 0
	for i := range nd {
		if label[i] >= 0 {
			continue
		}
		id, c, _ := s.Placed(i)
		col := tiles[id].colour
		label[i] = int8(ng)
		gcol[ng] = col
		stack[0] = c
		sp := 1
		for sp > 0 {
			sp--
			u := stack[sp]
			gcells[gstart[ng]+size[ng]] = u
			size[ng]++
			for _, v := range s.Neighbours(u) {
				if nb := s.TileAt(v); nb != 0 && tiles[nb].colour == col && label[index[nb]] < 0 {
					label[index[nb]] = int8(ng)
					stack[sp] = v
					sp++
				}
			}
		}
		ng++
		gstart[ng] = gstart[ng-1] + size[ng-1]
	}
	// What each empty cell next to the display sees, one kind per
	// distinct sight.
	cs.n = 0
	nf := 0
	for i := range nd {
		_, c, _ := s.Placed(i)
		for _, f := range s.Neighbours(c) {
			if s.TileAt(f) != 0 || slices.Contains(cs.at[:nf], f) {
				continue
			}
			cs.at[nf] = f
			nf++
			var seenG [4]int8
			k := 0
			var a [solo.NumColours]int
			for _, v := range s.Neighbours(f) {
				nb := s.TileAt(v)
				if nb == 0 {
					continue
				}
				l := label[index[nb]]
				if slices.Contains(seenG[:k], l) {
					continue
				}
				seenG[k] = l
				k++
				a[tiles[nb].colour] += size[l]
			}
			q := slices.Index(cs.sight[:cs.n], a)
			if q < 0 {
				q = cs.n
				cs.sight[q] = a
				cs.cap[q] = 0
				cs.n++
			}
			cs.cap[q]++
			cs.kind[nf-1] = uint8(q)
		}
	}
	cs.nf = nf
	for c := range solo.Colour(solo.NumColours) {
		if parent != nil && c != col {
			cs.far[c] = parent[c]
			continue
		}
		farSight(s, c, gcells[:nd], gstart[:ng+1], gcol[:ng], &cs.far[c], w)
	}
}

// fill computes fit, best and near for the tiles of wheel from the kinds
// of cells (sight, cap) and far. What a kind of cell fits of a tile's
// tasks comes from fitTable, by what the cell sees (sightCode).
func (cs *cellSights) fill(wheel []uint8) {
	cs.needMemo.next()
	var codes [maxClasses]int
	cs.blind = 1<<solo.NumColours - 1
	for k := range cs.n {
		codes[k] = sightCode(&cs.sight[k])
		for c := range solo.NumColours {
			if cs.sight[k][c] > 0 {
				cs.blind &^= 1 << c
			}
		}
	}
	var farCap [solo.NumColours][farMax + 1]int
	for c := range solo.NumColours {
		for a := 1; a <= farMax; a++ {
			farCap[c][a] = min(cs.far[c][a], taskMost)
		}
	}
	for i, id := range wheel {
		nt := &nearTable[id]
		for c := range solo.NumColours {
			for a := 1; a <= farMax; a++ {
				cs.near[i][c][a] = nt[c][farCap[c][a]]
			}
		}
		// Byte A of pres has bit m set when some kind of cell fits
		// exactly the tasks of mask m with the colours of A missing; a
		// cell away from the display sees nothing, and fits the tasks
		// that name no colour of A (presAway).
		pres := presAway[id]
		for k := range cs.n {
			cs.fit[k][i] = fitTable[id][codes[k]]
			p := &presTable[id][codes[k]]
			pres[0] |= p[0]
			pres[1] |= p[1]
		}
		for A := range 16 {
			mx := &maximal[uint8(pres[A>>3]>>(8*(A&7)))]
			cs.best[i][A] = mx.masks
			cs.nbest[i][A] = mx.n
		}
	}
}

// nearTable[id][c][v] is the mask of the tasks of tile id that ask for no
// more than v tiles of colour c (v up to taskMost, which no task exceeds):
// cellSights.fill's near, by far capped at taskMost.
var nearTable [solo.NumTiles + 1][solo.NumColours][taskMost + 1]uint8

// buildNearTable fills nearTable; it runs after the tiles table is filled.
func buildNearTable() {
	for id := 1; id <= solo.NumTiles; id++ {
		t := &tiles[id]
		for c := range solo.NumColours {
			for v := range taskMost + 1 {
				for j := range t.ntasks {
					if int(t.tasks[j][c]) <= v {
						nearTable[id][c][v] |= 1 << j
					}
				}
			}
		}
	}
}

// sightCodes numbers what a cell sees, each colour's count capped at
// taskMost: no task asks for more of a colour, so the cap changes no fit.
const (
	taskMost   = 4
	sightCodes = (taskMost + 1) * (taskMost + 1) * (taskMost + 1) * (taskMost + 1)
)

// sightCode is the number of the sight a (what a cell sees of each
// colour) among the sightCodes.
func sightCode(a *[solo.NumColours]int) int {
	code := 0
	for c := solo.NumColours - 1; c >= 0; c-- {
		code = code*(taskMost+1) + min(a[c], taskMost)
	}
	return code
}

// fitTable[id][code] is fit for tile id on a cell that sees code
// (sightCode): in byte A of its 16, the mask of the tasks that cell fits
// with the colours in A missing. presTable[id][code] has, in byte A, the
// bit of that mask; presAway[id] the bit of the tasks that name no colour
// of A (a cell that sees nothing).
var (
	fitTable  [solo.NumTiles + 1][sightCodes][2]uint64
	presTable [solo.NumTiles + 1][sightCodes][2]uint64
	presAway  [solo.NumTiles + 1][2]uint64
)

// buildFitTables fills fitTable, presTable and presAway; it runs after
// the tiles table, names and fitPattern are filled.
func buildFitTables() {
	for id := 1; id <= solo.NumTiles; id++ {
		t := &tiles[id]
		for A := range 16 {
			presAway[id][A>>3] |= 1 << (8*(A&7) + int(^names[id][A]&(1<<t.ntasks-1)))
		}
		for code := range sightCodes {
			var sight [solo.NumColours]int
			for c, r := 0, code; c < solo.NumColours; c, r = c+1, r/(taskMost+1) {
				sight[c] = r % (taskMost + 1)
			}
			var f [2]uint64
			for j := range t.ntasks {
				// u: the colours this cell sees enough of for task j.
				var u int
				for c := range solo.NumColours {
					if int(t.tasks[j][c]) <= sight[c] {
						u |= 1 << c
					}
				}
				f[0] |= fitPattern[j][u][0]
				f[1] |= fitPattern[j][u][1]
			}
			fitTable[id][code] = f
			for A := range 16 {
				presTable[id][code][A>>3] |= 1 << (8*(A&7) + int(uint8(f[A>>3]>>(8*(A&7)))))
			}
		}
	}
}

// fitOf is fit[k][i][A]: the mask of the tasks of wheel tile i that a tile
// on a cell of kind k could fulfil with the colours in A missing.
func (cs *cellSights) fitOf(k, i int, A uint8) uint8 {
	return uint8(cs.fit[k][i][A>>3] >> (8 * (A & 7)))
}

// fitPattern[j][u] holds, in byte A of its 16 (A = 8*word + byte), bit j
// when A is within u: task j fits a cell that sees enough for it of the
// colours in u when the colours in A are missing.
var fitPattern [solo.MaxTasks][16][2]uint64

// maximal[p] lists the masks of the set p (bit m: mask m of three tasks)
// that no other mask of p holds.
var maximal [256]struct {
	masks [solo.MaxTasks + 1]uint8
	n     uint8
}

func init() {
	for j := range solo.MaxTasks {
		for u := range 16 {
			for A := range 16 {
				if A&u == A {
					fitPattern[j][u][A>>3] |= 1 << (j + 8*(A&7))
				}
			}
		}
	}
	for p := range 256 {
		mx := &maximal[p]
		for m := range 8 {
			if p&(1<<m) == 0 {
				continue
			}
			top := true
			for o := range 8 {
				if o != m && p&(1<<o) != 0 && o&m == m {
					top = false
				}
			}
			if top {
				mx.masks[mx.n] = uint8(m)
				mx.n++
			}
		}
	}
}

// farSight fills far[a], for a = 1..farMax, with the most tiles of colour c
// that a tile placed in phase 2 can see when a other tiles of colour c are
// placed (R10): those a, and the display's groups of colour c that the
// cell it goes on can be joined to with a or fewer new tiles. A group
// joins a cell when new tiles of colour c fill the empty cells between
// them (other colours block the way; tiles of colour c on the way cost
// nothing), so a 0-1 breadth-first search from each group gives the fewest
// new tiles each cell needs. gcells, gstart and gcol are the display's
// groups, as cellKinds finds them: group g's cells are
// gcells[gstart[g]:gstart[g+1]], and its colour is gcol[g].
func farSight(s *solo.State, c solo.Colour, gcells []solo.Cell, gstart []int, gcol []solo.Colour, far *[farMax + 1]int, w *reachScratch) {
	w.accGen++
	if w.accGen == 0 {
		clear(w.accStamp[:])
		w.accGen = 1
	}
	for a := 1; a <= farMax; a++ {
		far[a] = a
	}
	for g, gc := range gcol {
		if gc != c {
			continue
		}
		// The group's tiles.
		cells := gcells[gstart[g]:gstart[g+1]]
		size := int8(len(cells))
		gen := w.newGen()
		head, tail := solo.GridCells, solo.GridCells
		push := func(v solo.Cell, d int8, front bool) {
			w.stamp[v], w.dist[v] = gen, d
			if front {
				head--
				w.queue[head] = v
			} else {
				w.queue[tail] = v
				tail++
			}
		}
		for _, u := range cells {
			w.stamp[u], w.dist[u] = gen, -1
		}
		for _, u := range cells {
			for _, v := range s.Neighbours(u) {
				if w.stamp[v] != gen && s.TileAt(v) == 0 {
					push(v, 0, false)
				}
			}
		}
		for head < tail {
			u := w.queue[head]
			head++
			if w.done[u] == gen {
				continue // popped before with its least distance
			}
			w.done[u] = gen
			d := w.dist[u]
			if s.TileAt(u) == 0 {
				// An empty cell d new tiles away: a tile there sees g.
				if w.accStamp[u] != w.accGen {
					w.accStamp[u] = w.accGen
					w.acc[u] = [farMax + 1]int8{}
				}
				for a := max(int(d), 1); a <= farMax; a++ {
					w.acc[u][a] += size
					far[a] = max(far[a], a+int(w.acc[u][a]))
				}
			}
			if !s.Inner(u) {
				continue
			}
			for _, v := range s.Neighbours(u) {
				id := s.TileAt(v)
				var nd int8
				switch {
				case id == 0 && s.TileAt(u) == 0:
					nd = d + 1 // u must hold a new tile of colour c
				case id == 0:
					nd = d // u is a tile of colour c on the way
				case tiles[id].colour == c:
					nd = d
					if s.TileAt(u) == 0 {
						nd = d + 1
					}
				default:
					continue
				}
				if nd > farMax || (w.stamp[v] == gen && w.dist[v] <= nd) {
					continue
				}
				push(v, nd, nd == d)
			}
		}
	}
}

// bestOne is the most tasks among sat that wheel tile i can fulfil on any
// one cell with the colours in A missing from the rest of phase 2.
func (cs *cellSights) bestOne(i int, A uint8, sat uint8) int {
	v := 0
	for _, b := range cs.best[i][A][:cs.nbest[i][A]] {
		v = max(v, bits.OnesCount8(sat&b))
	}
	return v
}

// coverOne is maxCover(sets, 1): the most of the sets one cell is in.
func coverOne(sets []uint64) int {
	all, any := ^uint64(0), uint64(0)
	for _, t := range sets {
		all &= t
		any |= t
	}
	if all != 0 {
		return len(sets)
	}
	best := 0
	for ; any != 0; any &= any - 1 {
		x := any & -any
		n := 0
		for _, t := range sets {
			if t&x != 0 {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

// coverTwo is maxCover(sets, 2): the most of the sets two cells are in
// (for more than 64 sets, all of them).
func coverTwo(sets []uint64) int {
	if len(sets) <= 2 || len(sets) > 64 {
		return len(sets)
	}
	var cells [64]uint64 // cells[x]: the sets that hold cell x
	var xs [64]uint8
	n := 0
	any := uint64(0)
	for i, t := range sets {
		any |= t
		for b := t; b != 0; b &= b - 1 {
			cells[bits.TrailingZeros64(b)] |= 1 << i
		}
	}
	for ; any != 0; any &= any - 1 {
		xs[n] = uint8(bits.TrailingZeros64(any))
		n++
	}
	best := 0
	for a := range n {
		ma := cells[xs[a]]
		best = max(best, bits.OnesCount64(ma))
		for b := a + 1; b < n; b++ {
			best = max(best, bits.OnesCount64(ma|cells[xs[b]]))
		}
	}
	return best
}

// maxCover is the most sets that k cells can meet: a set (a mask of cells)
// counts when one of its cells is chosen.
func maxCover(sets []uint64, k int) int {
	if k == 0 || len(sets) == 0 {
		return 0
	}
	if len(sets) <= k {
		return len(sets)
	}
	first, rest := sets[0], sets[1:]
	best := maxCover(rest, k) // no cell of the first set is chosen
	var left [3 * solo.MaxTurns]uint64
	for m := first; m != 0; m &= m - 1 {
		x := m & -m // choose this cell
		got, nl := 1, 0
		for _, t := range rest {
			if t&x != 0 {
				got++
			} else {
				left[nl] = t
				nl++
			}
		}
		if got+nl <= best {
			continue
		}
		best = max(best, got+maxCover(left[:nl], k-1))
	}
	return best
}

// needy is a tile of a set S whose counted tasks need the display's groups
// of colours that no other tile of S brings.
type needy struct {
	i    int   // the wheel index
	A    uint8 // the colours missing from the rest of S
	sat  uint8 // the tasks the colours of the display and S allow
	none int   // how many of them a cell away from the display gives
}

// assign is the most tasks the tiles con can fulfil together when each goes
// on its own cell: a kind of cell holds at most cap tiles. upper[j] bounds
// what con[j:] can give; got is what the tiles before con gave, and *best
// the most found so far.
func (cs *cellSights) assign(con []needy, upper []int, used *[maxClasses]uint8, got int, best *int) {
	if len(con) == 0 {
		*best = max(*best, got)
		return
	}
	if got+upper[0] <= *best {
		return
	}
	t := con[0]
	for k := range cs.n {
		if used[k] >= cs.cap[k] {
			continue
		}
		v := bits.OnesCount8(t.sat & cs.fitOf(k, t.i, t.A))
		if v <= t.none {
			continue
		}
		used[k]++
		cs.assign(con[1:], upper[1:], used, got+v, best)
		used[k]--
	}
	cs.assign(con[1:], upper[1:], used, got+t.none, best)
}

// phase2Values fills vals[S], for every set S of the wheel's tiles (bit i:
// wheel[i]), with cost(S) plus 10 per token missing, as phase2CostExact
// counts them.
func phase2Values(disp, wheel []uint8, vals *[wheelSets]int16) {
	var base [solo.NumColours]int
	for _, id := range disp {
		base[tiles[id].colour]++
	}
	var all [solo.MaxTurns]uint8
	nd := copy(all[:], disp)
	for S := range 1 << len(wheel) {
		cost := 0
		n := base
		k := nd
		for i, id := range wheel {
			if S&(1<<i) != 0 {
				cost += int(tiles[id].cost)
				n[tiles[id].colour]++
				all[k] = id
				k++
			}
		}
		code := colourCode(&n)
		tok := 0
		for _, id := range all[:k] {
			tok += int(satTokens[id][code])
		}
		vals[S] = int16(finalValue(cost+10*(maxTok-min(tok, maxTok)), cost, S == 1<<len(wheel)-1))
	}
}

// setBits is a set of wheel sets: bit S%64 of word S/64 for set S.
type setBits [(1 << solo.SetupTiles) / 64]uint64

// has reports whether the set S is marked.
func (b *setBits) has(S uint32) bool { return b[S>>6]&(1<<(S&63)) != 0 }

// set marks the set S.
func (b *setBits) set(S int) { b[S>>6] |= 1 << (S & 63) }

// takeableSets is takeable as a bit set, memoised per model under the
// occupied spaces and the meeple's space (they decide it alone); workers
// share the memo without locks, and one computed twice is no harm.
func (m *model) takeableSets(spaces []uint8, meeple int) *setBits {
	var occ int
	for _, sp := range spaces {
		occ |= 1 << sp
	}
	k := occ<<4 | meeple
	if p := m.take[k].Load(); p != nil {
		return p
	}
	var ok [1 << solo.SetupTiles]bool
	takeable(spaces, meeple, &ok)
	b := new(setBits)
	for S, yes := range ok[:1<<len(spaces)] {
		if yes {
			b.set(S)
		}
	}
	m.take[k].Store(b)
	return b
}

// tileNeeds writes the open tasks op of the i-th display tile to out, each
// with the fewest tiles of each colour phase 2 must add for it (see
// reachGain), and returns how many it wrote. wheelCol counts the wheel's
// tiles by colour; gain is scratch space.
func tileNeeds(s *solo.State, i int, op uint8, wheelCol *[solo.NumColours]int, gain *[solo.NumColours][maxGain]int, scratch *reachScratch, out []openTask) int {
	id, c, _ := s.Placed(i)
	seen := s.Seen(uint8(i))
	t := &tiles[id]
	var near uint64 // the empty cells next to the tile
	for _, v := range s.Neighbours(c) {
		if s.TileAt(v) == 0 {
			b := scratch.cellBit(v)
			if b == 0 {
				near = 0 // out of bits: no rule (never happens)
				break
			}
			near |= b
		}
	}
	// The most any open task lacks of each colour: k added tiles give at
	// least k when any can join (reachGain), so the search need only look
	// at fewer added tiles than that.
	var most [solo.NumColours]int
	for j := range t.ntasks {
		if op&(1<<j) != 0 {
			for col := range solo.NumColours {
				most[col] = max(most[col], int(t.tasks[j][col])-int(seen[col]))
			}
		}
	}
	var joins [solo.NumColours]bool
	for col := range solo.NumColours {
		if most[col] > 0 && wheelCol[col] > 0 {
			joins[col] = reachGain(s, c, solo.Colour(col), min(wheelCol[col], most[col]-1), &gain[col], scratch)
		}
	}
	n := 0
	for j := range t.ntasks {
		if op&(1<<j) == 0 {
			continue
		}
		o := openTask{id: uint8(id), j: j, near: near, i: uint8(i)}
		for col := range solo.NumColours {
			if t.tasks[j][col] <= seen[col] {
				continue
			}
			if seen[col] == 0 && near != 0 {
				o.local |= 1 << col
			}
			lack := int(t.tasks[j][col] - seen[col])
			o.minK[col] = noWay
			if !joins[col] {
				continue
			}
			for k := 1; k < lack && k <= wheelCol[col]; k++ {
				if gain[col][k] >= lack {
					o.minK[col] = uint8(k)
					break
				}
			}
			if o.minK[col] == noWay && lack <= wheelCol[col] {
				o.minK[col] = uint8(lack)
			}
		}
		out[n] = o
		n++
	}
	return n
}

// counter returns a setCounter for the display of s and the tiles wheel
// (wheelCol of each colour) that may be added: it fills open with the
// display's open tasks and base with its colours (openTasks), and
// scratch's cell sights for those tiles (cellKinds, cellSights.fill).
func (m *model) counter(s *solo.State, wheel []uint8, wheelCol *[solo.NumColours]int, scratch *reachScratch, open *[3 * solo.MaxTurns]openTask, base *[solo.NumColours]int) setCounter {
	return m.counterFrom(s, wheel, wheelCol, scratch, open, base, nil, 0)
}

// counterFrom is counter that, where parent is not nil, takes the far
// sights of the colours other than col from parent, the far sights of
// s's display without its last tile, of colour col (cellKindsFrom).
func (m *model) counterFrom(s *solo.State, wheel []uint8, wheelCol *[solo.NumColours]int, scratch *reachScratch, open *[3 * solo.MaxTurns]openTask, base *[solo.NumColours]int, parent *farSights, col solo.Colour) setCounter {
	no := m.openTasks(s, wheelCol, base, scratch, open)
	cellKindsFrom(s, &scratch.cells, scratch, parent, col)
	scratch.cells.fill(wheel)
	return setCounter{base: base, tokens: s.Tokens(), open: open[:no], wheel: wheel, cs: &scratch.cells}
}

// phase2Ahead bounds, before any of them is made, the children of the
// phase-2 position s by the tile they take: for each space sp of the
// wheel, ahead[sp] is the least of phase2Exact's values over the sets of
// wheel tiles that hold the tile on sp, plus the notes so far. Every line
// through such a child takes a set that holds the tile, so no line through
// it scores less. Spaces without a tile get infinity.
func (m *model) phase2Ahead(s *solo.State, ahead *[spaceCount]int) {
	m.phase2AheadAbove(s, ahead, -1, nil, nil, nil, nil)
}

// phase2AheadAbove is phase2Ahead that also marks in above (when lim >= 0)
// the takeable sets whose value with the notes so far is above lim, and
// copies s's far sights (cellSights.far) to far when it is not nil. When
// cells is not nil (and lim >= 0, above not nil), cells[sp][f] is set,
// for the child that puts the tile on space sp (one the meeple can reach,
// within lim by ahead) on s's frontier cell f, to a bound above lim where
// no set holding the tile comes within lim with the tile on that cell
// (setCounter.pinCells), and to 0 elsewhere.
//
// from, if not nil (with lim >= 0 and above not nil), is what the walk of
// s's parent, a phase-2 position, marked above its limit (at least lim):
// a set S whose parent set with the tile s took (parentSet) is marked
// there is marked above here with the parent's bound, without counting
// it (every line through s that takes S is a line through the parent
// that takes that set).
func (m *model) phase2AheadAbove(s *solo.State, ahead *[spaceCount]int, lim int, above *aboveSets, far *farSights, cells *[spaceCount][solo.MaxFrontier]int16, from *parentSets) {
	var wheel [spaceCount]uint8
	var spaces [spaceCount]uint8
	var wheelCol [solo.NumColours]int
	nw := 0
	for sp := range spaceCount {
		ahead[sp] = infinity
		if id := s.TrackTile(sp); id != 0 {
			wheel[nw] = uint8(id)
			spaces[nw] = uint8(sp)
			nw++
			wheelCol[tiles[id].colour]++
		}
	}
	var open [3 * solo.MaxTurns]openTask
	var base [solo.NumColours]int
	scratch := reachPool.Get().(*reachScratch)
	defer reachPool.Put(scratch)
	var pfar *farSights
	var pcol solo.Colour
	if from != nil && from.far != nil {
		pfar, pcol = from.far, from.col
	}
	sc := m.counterFrom(s, wheel[:nw], &wheelCol, scratch, &open, &base, pfar, pcol)
	if far != nil {
		*far = scratch.cells.far
	}
	ok := m.takeableSets(spaces[:nw], s.Meeple())
	var best [spaceCount]int
	for i := range nw {
		best[i] = infinity
	}
	sums := scratch.sumsOf(wheel[:nw])
	done := phase2Notes(s)
	lack := lacking(s.Tokens(), sc.open)
	limP := infinity
	if above != nil {
		clear(above.bits[:])
		if lim >= 0 {
			limP = lim - done
		}
	}
	full := 1<<nw - 1
	for S := 1; S < 1<<nw; S++ {
		if !ok.has(uint32(S)) {
			continue
		}
		cost, fl := int(sums.cost[S]), sums.floorEnd(S, lack, full)
		if from != nil {
			if P := parentSet(uint32(S), from.it); from.above.has(P) {
				v := max(fl, int(from.above.total[P])-done)
				above.mark(S, done+v)
				for b := S; b != 0; b &= b - 1 {
					i := bits.TrailingZeros(uint(b))
					best[i] = min(best[i], v)
				}
				continue
			}
		}
		if above != nil && fl > limP {
			above.mark(S, done+fl)
		}
		worst := 0 // the highest best among the tiles of S
		for b := S; b != 0; b &= b - 1 {
			worst = max(worst, best[bits.TrailingZeros(uint(b))])
		}
		if fl >= worst {
			if above != nil && fl <= limP {
				if v := finalValue(sc.value(S, cost, sums.added[S], limP+1), cost, S == full); v > limP {
					above.mark(S, done+v)
				}
			}
			continue
		}
		bestFor := worst
		if above != nil {
			bestFor = max(worst, limP+1)
		}
		v := finalValue(sc.value(S, cost, sums.added[S], bestFor), cost, S == full)
		if above != nil && v > limP {
			above.mark(S, done+v)
		}
		for b := S; b != 0; b &= b - 1 {
			i := bits.TrailingZeros(uint(b))
			best[i] = min(best[i], v)
		}
	}
	for i := range nw {
		ahead[spaces[i]] = done + best[i]
	}
	if cells == nil || above == nil || lim < 0 {
		return
	}
	var acc [3]uint8
	var cand [1 << (spaceCount - 1)]uint16
	for _, sp := range acc[:s.Accessible(&acc)] {
		i := slices.Index(spaces[:nw], sp)
		clear(cells[sp][:])
		if done+best[i] > lim {
			continue
		}
		nc := 0
		for S := 1 << i; S < 1<<nw; S = (S + 1) | 1<<i {
			if ok.has(uint32(S)) && !above.has(uint32(S)) {
				cand[nc] = uint16(S)
				nc++
			}
		}
		sc.pinCells(s, i, cand[:nc], sums, limP, full, scratch, &cells[sp], int16(max(done+best[i], lim+1)))
	}
}

// pinCells sets cells[f], for the children of the phase-2 position s that
// put its wheel tile i on frontier cell f, to bound where no set of cand
// (sets of wheel tiles that hold tile i) has a value (with the tile pinned
// to f) within limP, and to 0 elsewhere. The caller's bound must hold for
// every child that takes tile i, and exceed the limit where cand is every
// set holding i within limP: a line through such a child takes one of them.
func (sc *setCounter) pinCells(s *solo.State, i int, cand []uint16, sums *setSums, limP, full int, scratch *reachScratch, cells *[solo.MaxFrontier]int16, bound int16) {
	// The first count sees the cell only through its kind and the open
	// tasks' cells that hold it (pinLike): cells alike share its answer.
	var like [solo.MaxFrontier]pinLike
	var above [solo.MaxFrontier]bool
	nl := 0
	for f := range s.NumFrontier() {
		x := s.FrontierCell(f)
		if !sc.pinTo(i, x, scratch) {
			continue
		}
		l := sc.pinLike()
		k := 0
		for k < nl && (like[k] != l || !pinShare) {
			k++
		}
		if k == nl {
			like[k], above[k] = l, sc.pinnedAbove(cand, sums, limP, full)
			nl++
		}
		// What the cell can come to see is found only where its sight
		// alone leaves a set within the limit.
		if !above[k] {
			sc.pinNearOf(s, x, scratch)
			if !sc.pinnedAbove(cand, sums, limP, full) {
				continue
			}
		}
		cells[f] = bound
	}
	sc.pin, sc.pinNearOn = 0, false
}

// pinShare lets pinCells share the first count's answer between cells
// alike; tests turn it off to compare.
var pinShare = true

// pinLike is what a count with the pinned tile's near sights not yet
// found (pinNearOn false) knows of its cell: the cell's kind and, for
// each open task and colour, whether the task's reach holds the cell,
// and for each open task whether its near cells (openTask.near, which
// cellNeeds takes as the task's cells) hold it (and whether the cell has
// a bit at all).
type pinLike struct {
	kind int
	bit  bool // the cell has a bit (cellBit)
	in   [(3*solo.MaxTurns*(solo.NumColours+1) + 63) / 64]uint64
}

// pinLike is the pinned cell's pinLike.
func (sc *setCounter) pinLike() pinLike {
	l := pinLike{kind: sc.pinKind, bit: sc.pinBit != 0}
	b := 0
	for k := range sc.open {
		for _, r := range sc.open[k].reach {
			if r&sc.pinBit != 0 {
				l.in[b>>6] |= 1 << (b & 63)
			}
			b++
		}
		if sc.open[k].near&sc.pinBit != 0 {
			l.in[b>>6] |= 1 << (b & 63)
		}
		b++
	}
	return l
}

// pinTo pins the wheel tile i to x, an empty cell next to the display
// (false if x is not one): the counts that follow take the tile on x, as
// x sees the display now, until pin is set to 0.
func (sc *setCounter) pinTo(i int, x solo.Cell, scratch *reachScratch) bool {
	k := sc.cs.kindOf(x)
	if k < 0 {
		return false
	}
	sc.pin, sc.pinKind, sc.pinBit, sc.pinNearOn = i+1, k, scratch.cellBit(x), false
	return true
}

// pinNearOf fills pinNear for the tile pinned to x: what a tile there can
// come to see of each other colour (its sight now and reachGain's).
func (sc *setCounter) pinNearOf(s *solo.State, x solo.Cell, scratch *reachScratch) {
	near := &sc.pinNear
	*near = [solo.NumColours][farMax + 1]uint8{}
	var gain [maxGain]int
	id := sc.wheel[sc.pin-1]
	t := &tiles[id]
	for c := range solo.Colour(solo.NumColours) {
		if c == t.colour {
			continue
		}
		sight := sc.cs.sight[sc.pinKind][c]
		sc.pinLack[c] = 0
		if int(needMost[id][1<<t.ntasks-1][c]) <= sight {
			// No task asks more of colour c than the cell sees now:
			// every one is near, and none lacks it.
			for a := 1; a <= farMax; a++ {
				near[c][a] = 1<<t.ntasks - 1
			}
			sc.pinReach[c] = 0
			continue
		}
		reachGain(s, x, c, farMax, &gain, scratch)
		for j := range t.ntasks {
			if int(t.tasks[j][c]) > sight {
				sc.pinLack[c] |= 1 << j
			}
			for a := 1; a <= farMax; a++ {
				if int(t.tasks[j][c]) <= sight+gain[a] {
					near[c][a] |= 1 << j
				}
			}
		}
		sc.pinReach[c] = pinServing(s, x, c, scratch)
	}
	sc.pinJoin(s, x, t.colour, scratch)
	sc.pinNearOn = true
}

// pinFar is the farthest pinJoin looks.
const pinFar = 4

// pinJoin fills pinDist for the tile of colour c pinned to x: a 0-1
// breadth-first search from x, where an empty cell costs one tile (of
// colour c) and a display tile of colour c none, as a group of colour c
// grows (R10); other colours block. A display tile sees the pinned tile
// only if such a group reaches a cell next to it.
func (sc *setCounter) pinJoin(s *solo.State, x solo.Cell, c solo.Colour, w *reachScratch) {
	// count reads pinDist only for the open tasks that need new tiles
	// of colour c, and that can have them.
	needs := false
	for _, o := range sc.open {
		if o.minK[c] >= 1 && o.minK[c] != noWay {
			needs = true
			break
		}
	}
	if !needs {
		return
	}
	gen := w.newGen()
	head, tail := solo.GridCells, solo.GridCells // a deque in the middle
	w.stamp[x], w.dist[x] = gen, 0
	w.queue[tail] = x
	tail++
	for head < tail {
		u := w.queue[head]
		head++
		d := w.dist[u]
		if u != x && s.TileAt(u) == 0 && !s.Inner(u) {
			continue
		}
		for _, v := range s.Neighbours(u) {
			id := s.TileAt(v)
			switch {
			case id == 0 && d < pinFar && (w.stamp[v] != gen || w.dist[v] > d+1):
				w.stamp[v], w.dist[v] = gen, d+1
				w.queue[tail] = v
				tail++
			case id != 0 && tiles[id].colour == c && (w.stamp[v] != gen || w.dist[v] > d):
				w.stamp[v], w.dist[v] = gen, d
				head--
				w.queue[head] = v
			}
		}
	}
	for k, o := range sc.open {
		// A tile of colour c sees the pinned tile when the group joins
		// its own (R10), as any other tile when the group touches it.
		_, tc, _ := s.Placed(int(o.i))
		d := int8(pinFar + 1)
		for _, v := range s.Neighbours(tc) {
			if w.stamp[v] == gen {
				d = min(d, w.dist[v])
			}
		}
		sc.pinDist[k] = uint8(d)
	}
}

// pinServing is the cells (their bits in scratch) a tile of colour c must
// be on for a tile on the empty cell x to see it: the empty cells next to
// x or to a group of colour c next to x (R10); all bits when the cells
// have run out of them.
func pinServing(s *solo.State, x solo.Cell, c solo.Colour, scratch *reachScratch) uint64 {
	var r uint64
	var stack, seen [solo.MaxTurns]solo.Cell
	ns := 0
	add := func(v solo.Cell) bool {
		b := scratch.cellBit(v)
		r |= b
		return b != 0
	}
	for _, nb := range s.Neighbours(x) {
		id := s.TileAt(nb)
		if id == 0 {
			if !add(nb) {
				return ^uint64(0)
			}
			continue
		}
		if tiles[id].colour != c || slices.Contains(seen[:ns], nb) {
			continue
		}
		seen[ns] = nb
		ns++
		stack[0] = nb
		sp := 1
		for sp > 0 {
			sp--
			for _, v := range s.Neighbours(stack[sp]) {
				vid := s.TileAt(v)
				switch {
				case vid == 0 && v != x:
					if !add(v) {
						return ^uint64(0)
					}
				case vid != 0 && tiles[vid].colour == c && !slices.Contains(seen[:ns], v):
					seen[ns] = v
					ns++
					stack[sp] = v
					sp++
				}
			}
		}
	}
	return r
}

// pinnedAbove reports whether every set of cand has a value above limP
// with the tile pinned as sc says.
func (sc *setCounter) pinnedAbove(cand []uint16, sums *setSums, limP, full int) bool {
	for _, S := range cand {
		cost := int(sums.cost[S])
		if finalValue(sc.value(int(S), cost, sums.added[S], limP+1), cost, int(S) == full) <= limP {
			return false
		}
	}
	return true
}
