package solver

import (
	"math/bits"
	"slices"

	"github.com/novaluna/novaluna/solo"
)

// setUpper bounds the tokens the display of s can hold once every tile of
// ids is added to it, wherever the tiles go: the tokens placed, plus what
// the phase-2 rules of phase2Exact credit for the set of all of ids.
func (m *model) setUpper(s *solo.State, ids []uint8, scratch *reachScratch) int {
	var wheelCol [solo.NumColours]int
	var packed uint32
	for _, id := range ids {
		wheelCol[tiles[id].colour]++
		packed += 1 << (8 * tiles[id].colour)
	}
	var open [3 * solo.MaxTurns]openTask
	var base [solo.NumColours]int
	no := m.openTasks(s, &wheelCol, &base, scratch, &open)
	cs := &scratch.cells
	cellKinds(s, cs, scratch)
	cs.fill(ids)
	sc := setCounter{base: &base, tokens: s.Tokens(), open: open[:no], wheel: ids, cs: cs}
	tok, nc := sc.count(1<<len(ids)-1, packed)
	return sc.share(tok, nc)
}

// layoutSearch decides whether a set of tiles can be added to a display so
// that it holds a given number of tokens. It tries every connected way to
// lay the tiles out, once each: the first empty cell next to the display
// that is not ruled out either gets one of the tiles left or stays empty
// for good, and setUpper cuts every branch that cannot reach the tokens.
// The order in which the wheel lets the tiles be taken, and the rule that
// each tile must touch the ones before it, are left out, so a "no" holds
// for every legal line and a "yes" may be too generous.
type layoutSearch struct {
	m       *model
	scratch *reachScratch
	ids     [spaceCount]uint8
	left    [spaceCount]uint8
	stack   [spaceCount + 1]solo.State
	empty   [solo.GridCells]bool // cells ruled out on the current branch
	nodes   int64
	budget  int64
	line    [wheelSets]setValue // refinePhase2's sets
}

// Verdicts of layoutSearch.reach.
const (
	layoutNo = iota
	layoutYes
	layoutUnknown // the node budget ran out
)

// reach decides whether the tiles of ids can be added to the display of s
// so that it holds need tokens, within the search's node budget.
func (ls *layoutSearch) reach(s *solo.State, ids []uint8, need int) int {
	ls.stack[0] = *s
	n := copy(ls.ids[:], ids)
	return ls.rec(0, uint16(1)<<n-1, need)
}

// rec is reach at depth d (d tiles placed), with the tiles of mask left
// still to place.
func (ls *layoutSearch) rec(d int, left uint16, need int) int {
	s := &ls.stack[d]
	if s.Tokens() >= need {
		return layoutYes // more tiles never uncover a task
	}
	if left == 0 {
		return layoutNo
	}
	ls.nodes++
	if ls.nodes > ls.budget {
		return layoutUnknown
	}
	nl := 0
	for l := left; l != 0; l &= l - 1 {
		ls.left[nl] = ls.ids[bits.TrailingZeros16(l)]
		nl++
	}
	if ls.m.setUpper(s, ls.left[:nl], ls.scratch) < need {
		return layoutNo
	}
	// Cell by cell: x gets a tile, or stays empty on this branch from now
	// on and the next cell is tried.
	var ruled [solo.MaxFrontier]solo.Cell
	nr := 0
	verdict := layoutNo
	for j := range s.NumFrontier() {
		x := s.FrontierCell(j)
		if ls.empty[x] {
			continue
		}
		for l := left; l != 0; l &= l - 1 {
			i := bits.TrailingZeros16(l)
			next := &ls.stack[d+1]
			*next = *s
			next.Place(int(ls.ids[i]), x)
			if v := ls.rec(d+1, left&^(1<<i), need); v != layoutNo {
				verdict = v
				break
			}
		}
		if verdict != layoutNo {
			break
		}
		ls.empty[x] = true
		ruled[nr] = x
		nr++
	}
	for _, x := range ruled[:nr] {
		ls.empty[x] = false
	}
	return verdict
}

// setValue is a set of wheel tiles with a lower bound on its phase-2 cost.
type setValue struct {
	v    int16
	set  uint16
	cost int16
}

// refinePhase2 raises the phase-2 value of s above lim where the layouts
// allow it: it takes the sets of wheel tiles whose phase2Exact value is at
// most lim, cheapest first, and asks layoutSearch whether the set can
// really reach the tokens that value credits; a set that cannot is worth
// 10 more and goes back in line. It returns the least value of a set that
// could not be refuted (at most lim), or a lower bound above lim on every
// set's value when all of them were. budget bounds the layout nodes.
func (m *model) refinePhase2(s *solo.State, lim int, ls *layoutSearch, budget int64) int {
	var wheel [spaceCount]uint8
	var spaces [spaceCount]uint8
	var wheelCol [solo.NumColours]int
	nw := 0
	for sp := range spaceCount {
		if id := s.TrackTile(sp); id != 0 {
			wheel[nw] = uint8(id)
			spaces[nw] = uint8(sp)
			nw++
			wheelCol[tiles[id].colour]++
		}
	}
	scratch := reachPool.Get().(*reachScratch)
	defer reachPool.Put(scratch)
	var open [3 * solo.MaxTurns]openTask
	var base [solo.NumColours]int
	no := m.openTasks(s, &wheelCol, &base, scratch, &open)
	cs := &scratch.cells
	cellKinds(s, cs, scratch)
	cs.fill(wheel[:nw])
	ok := m.takeableSets(spaces[:nw], s.Meeple())
	sc := setCounter{base: &base, tokens: s.Tokens(), open: open[:no], wheel: wheel[:nw], cs: cs}
	nl := 0
	above := infinity // the least value above lim
	var setAdded uint32
	for S := range 1 << nw {
		if ok[S>>6]&(1<<(S&63)) == 0 {
			continue
		}
		cost := 0
		setAdded = 0
		for i := range nw {
			if S&(1<<i) != 0 {
				cost += int(tiles[wheel[i]].cost)
				setAdded += 1 << (8 * tiles[wheel[i]].colour)
			}
		}
		if cost > lim {
			above = min(above, cost)
			continue
		}
		tok, nc := sc.count(S, setAdded)
		tok = sc.share(tok, nc)
		v := cost + 10*(maxTok-min(tok, maxTok))
		if v > lim {
			above = min(above, v)
			continue
		}
		ls.line[nl] = setValue{v: int16(v), set: uint16(S), cost: int16(cost)}
		nl++
	}
	// setUpper renumbers the cells of scratch, which the sums above no
	// longer need.
	ls.m, ls.scratch, ls.nodes, ls.budget = m, scratch, 0, budget
	line := ls.line[:nl]
	var ids [spaceCount]uint8
	for len(line) > 0 {
		i := 0
		for j := range line {
			if line[j].v < line[i].v || (line[j].v == line[i].v && line[j].cost > line[i].cost) {
				i = j
			}
		}
		sv := line[i]
		n := 0
		for k := range nw {
			if sv.set&(1<<k) != 0 {
				ids[n] = wheel[k]
				n++
			}
		}
		need := maxTok - (int(sv.v)-int(sv.cost))/10
		switch ls.reach(s, ids[:n], need) {
		case layoutYes, layoutUnknown:
			return int(sv.v)
		}
		sv.v += 10
		if int(sv.v) > lim {
			above = min(above, int(sv.v))
			line = slices.Delete(line, i, i+1)
		} else {
			line[i] = sv
		}
	}
	return above
}
