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
const exactBits = 18

// openTask is an uncovered task of a display tile that phase 2 might still
// fulfil: the colours it names that the tile does not see enough of yet.
type openTask struct {
	id uint8 // the tile
	j  uint8 // the task's index on the tile
	// minK[c] is the fewest tiles of colour c that phase 2 must add for the
	// tile to see enough of colour c (see reachGain): 0 when it sees enough
	// already, noWay when no number will.
	minK [solo.NumColours]uint8
}

const noWay = 0xff

// phase2Exact bounds the cost still to come in phase 2 from s, like
// phase2CostExact but knowing the display: for every set S of wheel tiles
// that phase 2 might take, the tokens are those already placed, the tasks of
// S's tiles that the colours of the display and S can satisfy (for a colour
// that S brings no other tile of, only as the display's groups next to one
// cell allow: sightsAlone), and the open
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
		return int(e >> checkBits)
	}
	var open [3 * solo.MaxTurns]openTask
	var base [solo.NumColours]int
	g := wh // the wheel, the meeple and the tokens
	var gain [solo.NumColours][maxGain]int
	scratch := reachPool.Get().(*reachScratch)
	defer reachPool.Put(scratch)
	for i := range nd {
		id, c, op := s.Placed(i)
		base[tiles[id].colour]++
		if op = reachable(s, id, c, op&m.coverable[id]); op == 0 {
			continue
		}
		k := tileNeeds(s, i, op, &wheelCol, &gain, scratch, open[no:])
		for _, o := range open[no : no+k] {
			g = mix(g ^ uint64(id)<<8 ^ uint64(o.j)<<4 ^ uint64(o.minK[0])<<16 ^ uint64(o.minK[1])<<24 ^ uint64(o.minK[2])<<32 ^ uint64(o.minK[3])<<40)
		}
		no += k
	}
	var alone [spaceCount][16]uint8
	sightsAlone(s, wheel[:nw], &alone)
	for i := range nw {
		var a, b uint64
		for k := range 8 {
			a |= uint64(alone[i][k]) << (8 * k)
			b |= uint64(alone[i][8+k]) << (8 * k)
		}
		g = mix(g ^ a ^ uint64(i)<<3)
		g = mix(g ^ b)
	}
	// Layouts with the same open tasks, needs and wheel share the value.
	g = mix(g ^ uint64(base[0]) ^ uint64(base[1])<<8 ^ uint64(base[2])<<16 ^ uint64(base[3])<<24)
	slot2 := &m.exact[g>>(64-exactBits)]
	check2 := g & (1<<checkBits - 1)
	if e := slot2.Load(); e&(1<<checkBits-1) == check2 && e != 0 {
		v := int(e >> checkBits)
		slot.Store(check | uint64(v)<<checkBits)
		return v
	}
	v := phase2Open(&base, s.Tokens(), open[:no], wheel[:nw], &alone, m.takeableSets(spaces[:nw], s.Meeple()))
	slot.Store(check | uint64(v)<<checkBits)
	slot2.Store(check2 | uint64(v)<<checkBits)
	return v
}

// phase2Open is the minimum over every set S of the wheel tiles of cost(S)
// plus 10 per token missing, as phase2Exact describes.
func phase2Open(base *[solo.NumColours]int, tokens int, open []openTask, wheel []uint8, alone *[spaceCount][16]uint8, ok *setBits) int {
	best := infinity
	for S := range 1 << len(wheel) {
		if ok[S>>6]&(1<<(S&63)) == 0 {
			continue
		}
		cost := 0
		n := *base
		var added [solo.NumColours]uint8
		for i, id := range wheel {
			if S&(1<<i) != 0 {
				cost += int(tiles[id].cost)
				n[tiles[id].colour]++
				added[tiles[id].colour]++
			}
		}
		if cost >= best {
			continue
		}
		code := colourCode(&n)
		tok := tokens
		for i, id := range wheel {
			if S&(1<<i) != 0 {
				var absent uint8
				own := tiles[id].colour
				for c := range solo.Colour(solo.NumColours) {
					if added[c] == 0 || (c == own && added[c] == 1) {
						absent |= 1 << c
					}
				}
				tok += bits.OnesCount8(satMask[id][code] & alone[i][absent])
			}
		}
		for _, o := range open {
			if added[0] >= o.minK[0] && added[1] >= o.minK[1] && added[2] >= o.minK[2] && added[3] >= o.minK[3] && satMask[o.id][code]&(1<<o.j) != 0 {
				tok++
			}
		}
		if v := cost + 10*(maxTok-min(tok, maxTok)); v < best {
			best = v
		}
	}
	return best
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
	w.gen++
	if w.gen == 0 { // wrapped: old stamps could look current
		clear(w.stamp[:])
		w.gen = 1
	}
	gen := w.gen
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
}

var reachPool = sync.Pool{New: func() any { return new(reachScratch) }}

// sightsAlone fills alone[i][absent] with the mask of the tasks of wheel
// tile i that it could fulfil when phase 2 places no other tile of the
// colours in absent (bit c: colour c). All it then sees of those colours
// are the display's groups next to the cell it goes on (R10), or none if it
// goes on a cell away from the display; the other colours are left to the
// caller's colour counts.
func sightsAlone(s *solo.State, wheel []uint8, alone *[spaceCount][16]uint8) {
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
	ng := 0
	for i := range nd {
		if label[i] >= 0 {
			continue
		}
		id, c, _ := s.Placed(i)
		col := tiles[id].colour
		label[i] = int8(ng)
		stack[0] = c
		sp := 1
		for sp > 0 {
			sp--
			u := stack[sp]
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
	}
	// What each empty cell next to the display sees (a cell away from it
	// sees nothing, which any of them dominates).
	var sights [4*solo.MaxTurns + 1][solo.NumColours]int
	ns := 0
	var done [4 * solo.MaxTurns]solo.Cell
	nf := 0
	for i := range nd {
		_, c, _ := s.Placed(i)
		for _, f := range s.Neighbours(c) {
			if s.TileAt(f) != 0 || slices.Contains(done[:nf], f) {
				continue
			}
			done[nf] = f
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
			// Keep only cells that no other cell sees at least as much as.
			dominated := false
			for q := 0; q < ns; q++ {
				b := sights[q]
				if b[0] >= a[0] && b[1] >= a[1] && b[2] >= a[2] && b[3] >= a[3] {
					dominated = true
					break
				}
				if a[0] >= b[0] && a[1] >= b[1] && a[2] >= b[2] && a[3] >= b[3] {
					ns--
					sights[q] = sights[ns]
					q--
				}
			}
			if !dominated {
				sights[ns] = a
				ns++
			}
		}
	}
	for i, id := range wheel {
		t := &tiles[id]
		alone[i] = [16]uint8{}
		for j := range t.ntasks {
			// fits[U]: some cell sees enough of every colour in U.
			var fits [16]bool
			for _, a := range sights[:ns] {
				var u int
				for c := range solo.NumColours {
					if int(t.tasks[j][c]) <= a[c] {
						u |= 1 << c
					}
				}
				fits[u] = true
			}
			// The task may count with the colours in absent missing if a
			// cell fits a superset of absent.
			for absent := range 16 {
				for u := absent; u < 16; u = (u + 1) | absent {
					if fits[u] {
						alone[i][absent] |= 1 << j
						break
					}
				}
			}
		}
	}
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
		vals[S] = int16(cost + 10*(maxTok-min(tok, maxTok)))
	}
}

// setBits is a set of wheel sets: bit S%64 of word S/64 for set S.
type setBits [(1 << solo.SetupTiles) / 64]uint64

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
	var seen [(1 << solo.SetupTiles) * solo.TrackSpaces]bool
	takeable(spaces, meeple, &ok, &seen)
	b := new(setBits)
	for S, yes := range ok[:1<<len(spaces)] {
		if yes {
			b[S>>6] |= 1 << (S & 63)
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
		o := openTask{id: uint8(id), j: j}
		for col := range solo.NumColours {
			if t.tasks[j][col] <= seen[col] {
				continue
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
