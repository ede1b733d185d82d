package solver

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/novaluna/novaluna/solo"
)

// maxAdded is the most tiles the rest of a game can add to a phase-1
// display: the opening wheel's tiles left, and the refill's.
const maxAdded = 2 * solo.SetupTiles

// The depth-first search asks layoutEnds at every phase-1 position of
// depth up to layoutDepth, where a cut spares a large subtree. There it
// counts the value up to layoutSlack above the pass's limit, so that
// later passes reuse it from a memo of 2^layoutBits entries; a call so
// counted costs 100 to 200 us (docs/SOLVER.md, ninth round). With 2^18
// entries 9 % of the calls of a two-worker minute found their slot taken
// by another position (seeds 2 and 31, thirtieth round). Depth 4 since
// the forty-eighth round: at depth 5 gen's own call (below) cuts what
// the memoised one would, and a straight pass, which has no later pass
// to reuse the memo, proved eight decks 2.9 % sooner without it (one
// worker, each deck 1 % to 16 %, seed 3 the same); passes from the bound
// climbed as fast (seeds 36 and 15).
//
// Below layoutDepth, down to layoutWideDepth, gen asks it (without the
// memo, counted up to the limit alone, layoutEndsTiles) before it makes
// the children, at the positions with at least layoutWide moves, and
// before it bounds their tiles (since the thirty-fifth round; until then
// after, and only where the tiles' and the cells' bounds left at least
// layoutWide children to make): a call up to the limit costs 10 to 30 us
// and cuts over 90 % of those positions at depths 6 and 7 (docs/SOLVER.md,
// tenth round; on seed 30 99.9 % at depth 6, where the tiles' bounds
// before it took as long again, thirty-fifth round; on seed 5 a third of
// the positions entered at depth 8 and under 1 % at depth 9, twenty-sixth
// round), and where it does not, the tiles that no set within the
// limit holds are not made either (eleventh round). Up to layoutDepth gen
// asks it too, for those tiles alone: the memoised call has not cut the
// position (twelfth round).
//
// At depths layCheckFrom to layCheckDepth, where the proof's positions are
// mostly short of their 8th token with 2 to 6 tiles left on the wheel,
// gen's call also lays the sets of up to 4 tiles that would end phase 1
// (layoutEndsLaid; docs/SOLVER.md, fourteenth and fifteenth rounds).
//
// Both reach depth 9, the deepest phase-1 position of a search from the
// first turn from which a set of tiles can end phase 1 before the wheel
// is empty (nine tiles down, two on the wheel: one to take, one to leave;
// depths count the turns from the search's start, and a search started
// later in phase 1 reaches those positions at smaller depths): on decks
// whose phase 1 needs ten or eleven tiles the proof lives at depths 8 and
// 9, where every child of most positions is above the limit
// (docs/SOLVER.md, twenty-sixth round). On decks whose phase 1
// ends sooner those depths are rare or in phase 2, where neither applies.
const (
	layCheckFrom    = 5
	layCheckDepth   = 9
	layoutDepth     = 4
	layoutSlack     = 8
	layoutBits      = 20
	layoutWideDepth = 9
	layoutWide      = 8
)

// layoutEnds is model.layoutEnds for the position s with table key k,
// counted up to lim+layoutSlack (layoutEndsUpTo) and memoised: an entry
// holds the key's low 40 bits, whether the value was cut short at the
// limit, and the value. A value cut short is counted again once a pass's
// limit reaches it. Workers share the memo without locks.
func (sh *shared) layoutEnds(k uint64, s *solo.State, lim int) int {
	slot := &sh.layout[k>>(64-layoutBits)]
	check := k & (1<<40 - 1)
	e := slot.Load()
	v, short := int(e&0xffff), e&(1<<16) != 0
	if e == 0 || e>>24 != check || short && v <= lim {
		limit := lim + layoutSlack
		v = max(0, sh.m.layoutEndsUpTo(s, limit))
		e = check<<24 | uint64(v)
		if v > limit {
			e |= 1 << 16
		}
		slot.Store(e)
	}
	return v
}

// layoutEnds bounds the cost still to come from the phase-1 position s,
// the doubled cost of its display left out, by the phase-2 rules that see
// the layout (phase2Exact) applied to both phases at once. Whatever the
// line, phase 1 takes a set X of the tiles still on the wheel (each
// counted twice), then phase 2 a set of the refilled wheel: the tiles of
// the wheel X leaves, and as many deck tiles as the opening wheel lost
// (R14). Every token is a task fulfilled in the final display, so
// phase2Exact's setCounter, with the wheel's tiles and the refill's as the
// tiles that may be added, bounds the tokens of the display with X and a
// phase-2 set added; the display that ends phase 1 is s's with X added,
// and its tokens are bounded the same way. Phase 1 ends before the wheel
// is empty only with 8 tokens (R12), and short of them costs 10 a token
// (P1); phase 2 costs 10 per token short of 21. The order of the wheel
// counts only through walls (R6): X is a set of the wheel's tiles that
// legal turns can take (phase1Sets), and the phase-2 set one that legal
// turns can take from the refilled wheel of some space the meeple can end
// phase 1 on after X (phase2Walls); the tiles' order inside each phase is
// relaxed.
//
// dp1 and phase1Ends count the display's open tasks as tokens as soon as
// the colours allow them; here an open task counts only with the tiles it
// lacks added, where they can lie, and a phase-1 end needs those tiles
// among X.
func (m *model) layoutEnds(s *solo.State) int {
	return m.layoutEndsUpTo(s, infinity)
}

// layoutEndsUpTo is layoutEnds(s) where that is at most limit, and
// otherwise a bound above limit and at most layoutEnds(s): the least of
// the lower bounds by which the sets were left out (fail-soft). The sets
// that cannot come under limit+1 are not counted, which is much faster
// when limit is near the value.
func (m *model) layoutEndsUpTo(s *solo.State, limit int) int {
	return m.layoutEndsTiles(s, limit, nil)
}

// layoutEndsTiles is layoutEndsUpTo(s, limit) when by is nil. Otherwise it
// also finds, for each space sp the next turn can take a tile from, whether
// some set X that holds that tile is within the limit: where none is,
// by[sp] is limit+1, and every child that takes the tile is above the limit
// (the child's line takes a set X holding it, and layoutEnds bounds each X
// alone); elsewhere by[sp] is 0. It then returns, when no set is within
// the limit, layoutEndsUpTo's bound above it, and otherwise 0 (it stops
// counting a set once the tiles it holds are known to be within).
func (m *model) layoutEndsTiles(s *solo.State, limit int, by *[spaceCount]int) int {
	return m.layoutEndsHolding(s, limit, by, 0, nil, false, nil)
}

// layoutEndsLaid is layoutEndsTiles where a set X of at most layEndsMost
// tiles that ends phase 1 before the wheel is empty must also reach 8
// tokens when its tiles are laid (layCheck): where no layout of X does, X
// cannot end phase 1 (R12), and the sets are counted again without it, up
// to layCheckRounds times. Only the sets that decide the value, or clear
// a tile of by, are laid, after the counting.
//
// link, if not nil, passes the far sights and the sets' lower bounds
// between the position's call and its parent's and children's (farLink),
// as the search does.
func (m *model) layoutEndsLaid(s *solo.State, limit int, by *[spaceCount]int, link *farLink) int {
	return m.layoutEndsHolding(s, limit, by, 0, layShort, true, link)
}

// farLink passes the far sights (cellSights.far) of a phase-1 position's
// layout bound to its children's: parent, if not nil, holds the far
// sights of the position without its last tile, of colour col, which
// cellKindsFrom takes for the other colours; keep, if not nil, receives
// the position's own. sets (the parent's, or nil) and keepSets pass the
// sets' lower bounds the same way (laidSets).
type farLink struct {
	parent   *farSights
	col      solo.Colour
	keep     *farSights
	sets     *laidSets
	keepSets *laidSets
}

// laidSets is what a phase-1 position's layout bound knows of the sets of
// its wheel tiles (bit i for ids[i], the tiles in clockwise order from
// space 0: phase1Sets's U): lb[X] is a lower bound on the value of X (the
// position's display cost left out), known where the bound counted X up
// to a threshold below it (0 elsewhere), and infinity where phase 1
// cannot end with X: its tiles bring 8 tokens by no count, or in no layout
// (layShort).
//
// A child's position has taken one tile t of the wheel and laid it. A line
// through the child that ends phase 1 with X, t not in X, is a line
// through the parent that ends it with X and t, and the child's values
// leave out twice t's cost more than the parent's, so the parent's bound
// of X with t, less twice t's cost, bounds the child's X; where phase 1
// cannot end with X and t on the parent's display, it cannot end with X
// on the child's (a layout of X there is one of X and t on the parent's,
// laid in an order the wheel allows, t first), and the child's X stays
// infinity (inherit).
type laidSets struct {
	r   int
	ids [solo.SetupTiles]uint8
	lb  [1 << solo.SetupTiles]int16
}

// inherit raises lb (the child's lower bounds, bit i for U[i]) to the
// parent's for the same set with t, the tile the child took, less twice
// t's cost (infinity where the parent's is). It does nothing unless U is
// the parent's wheel without t.
func (ls *laidSets) inherit(U []uint8, t uint8, lb *[1 << solo.SetupTiles]int16) {
	r := len(U)
	if ls.r != r+1 {
		return
	}
	ti := slices.Index(ls.ids[:ls.r], t)
	if ti < 0 || !slices.Equal(ls.ids[:ti], U[:ti]) || !slices.Equal(ls.ids[ti+1:ls.r], U[ti:]) {
		return
	}
	low := uint32(1)<<ti - 1
	tc := 2 * int16(tiles[t].cost)
	for Y := range uint32(1) << r {
		v := ls.lb[Y&low|1<<ti|Y>>ti<<(ti+1)]
		if v < infinity {
			v -= tc
		}
		lb[Y] = max(lb[Y], v)
	}
}

// layShort reports whether no layout of the tiles ids, taken from s's
// wheel, on s's display brings it to 8 tokens (layReaches). live and own,
// if not nil, are the tasks of the display and of the tiles that some
// layout of them may fulfil (layReachesLive).
func layShort(s *solo.State, ids []uint8, live *[solo.MaxTurns]uint8, own *[layCheckMost]uint8) bool {
	return !layReachesLive(s, ids, solo.TokensPhase1, live, own)
}

// shortFunc decides, for layoutEndsHolding, whether no layout of the
// tiles ids on s's display brings it to 8 tokens: layShort, or in the
// tests an exhaustive search (which may leave out live and own, the tasks
// of the display and of the tiles that the counter finds some layout may
// fulfil).
type shortFunc func(s *solo.State, ids []uint8, live *[solo.MaxTurns]uint8, own *[layCheckMost]uint8) bool

// layReaches reports whether some layout of the tiles ids on s's display,
// laid in an order in which turns can take them from s's wheel with no
// other tile taken, brings it to need tokens, by layCheck (yes where it
// gives up). The answers are memoised in shortMemo.
func layReaches(s *solo.State, ids []uint8, need int) bool {
	return layReachesLive(s, ids, need, nil, nil)
}

// layReachesLive is layReaches where, if live is not nil (own then not
// nil either), the display's open tasks other than those live holds (by
// tile) are left out, and the tasks of ids[k] other than those own[k]
// holds: no layout of the tiles can fulfil them (liveTasks,
// setCounter.liveOwn). Its answer is still
// the answer to the question layCheck.key names, so the memo is shared.
func layReachesLive(s *solo.State, ids []uint8, need int, live *[solo.MaxTurns]uint8, own *[layCheckMost]uint8) bool {
	if s.Tokens() >= need || len(ids) > layCheckMost {
		return true
	}
	lc := layPool.Get().(*layCheck)
	defer layPool.Put(lc)
	lc.prepare(s, ids)
	if live != nil {
		lc.live, lc.liveN = *live, s.DisplaySize()
		lc.ownLive = *own
	}
	h := lc.key(s, need)
	slot := &shortMemo[h>>(64-shortMemoBits)]
	if e := slot.Load(); e&^1 == h {
		return e&1 == 0
	}
	r := lc.run(s, need)
	if r {
		slot.Store(h)
	} else {
		slot.Store(h | 1)
	}
	return r
}

// shortMemo holds layReaches's answers, for every deck, worker and pass
// (a pass asks again what the last one asked): an entry is the key of the
// question (layCheck.key) with its lowest bit set when no layout reaches
// the target. The answer depends on the display, the tiles, the orders in
// which the wheel lets turns take them and the target alone, which the
// key hashes. An empty entry reads as the answer yes for the key 0, which
// is the answer that cuts nothing.
var shortMemo [1 << shortMemoBits]atomic.Uint64

// shortMemoBits: shortMemo has 2^23 entries (64 MiB). On seed 2 (two
// workers, a minute, about 1.68M questions) 2^20 entries answered 15 % of
// the questions, 2^23 22 % and 2^24 22 % (thirtieth round).
const shortMemoBits = 23

// shortKey hashes each display tile with its cell, the tiles to lay (as
// a set) and the target need, the lowest bit clear: layReaches's question
// but for the orders the wheel allows (layCheck.key adds them).
func shortKey(s *solo.State, ids []uint8, need int) uint64 {
	h := mix(uint64(need) << 56)
	for i := range s.DisplaySize() {
		id, c, _ := s.Placed(i)
		h += mix(uint64(id)<<32 | uint64(c))
	}
	for _, id := range ids {
		h += mix(uint64(id) << 48)
	}
	return mix(h) &^ 1
}

// knownBits is the most tiles on the wheel for which layoutEndsHolding
// keeps each set's value from one round of laying to the next.
const knownBits = 6

// layoutEndsHolding is layoutEndsTiles counting only the sets X that hold
// the tiles of must (bit i for the i-th tile on the wheel clockwise from
// space 0); the tests compare each tile's value with it. With short, it
// is layoutEndsLaid with short deciding which sets cannot reach 8 tokens
// (layShort; the tests give it an exhaustive search), and with keep each
// round of laying reuses what the rounds before counted (the same value,
// sooner; the tests compare the two).
func (m *model) layoutEndsHolding(s *solo.State, limit int, by *[spaceCount]int, must uint32, short shortFunc, keep bool, link *farLink) int {
	var U [maxAdded]uint8
	var wheelCol [solo.NumColours]int
	var spaceBit [solo.SetupTiles]uint32 // U[i]'s space in dp1's terms
	scratch := reachPool.Get().(*reachScratch)
	defer reachPool.Put(scratch)
	r, ends := phase1Sets(s, &U, &spaceBit, scratch)
	p := 0
	for i := solo.SetupTiles; i < min(m.deckLen, 2*solo.SetupTiles); i++ {
		U[r+p] = m.deck[i]
		p++
	}
	for _, id := range U[:r+p] {
		wheelCol[tiles[id].colour]++
	}
	var open [3 * solo.MaxTurns]openTask
	var base [solo.NumColours]int
	var parent *farSights
	var col solo.Colour
	if link != nil {
		parent, col = link.parent, link.col
	}
	sc := m.counterFrom(s, U[:r+p], &wheelCol, scratch, &open, &base, parent, col)
	if link != nil && link.keep != nil {
		*link.keep = scratch.cells.far
	}
	scratch.colours.next()
	lo := &scratch.lo
	lo.fill(U[:r])
	// A quick upper bound on any set's tokens, to skip the sets that
	// cannot come under the best: the tiles' own tasks that the colours
	// of the display and every tile that may come allow, and every open
	// task those colours and the needs allow.
	n := base
	for c := range solo.NumColours {
		n[c] += wheelCol[c]
	}
	code := colourCode(&n)
	var own [maxAdded]int
	for i, id := range U[:r+p] {
		own[i] = int(satTokens[id][code])
	}
	most := s.Tokens()
	for _, o := range sc.open {
		if o.minK[0] != noWay && o.minK[1] != noWay && o.minK[2] != noWay && o.minK[3] != noWay && satMask[o.id][code]&(1<<o.j) != 0 {
			most++
		}
	}

	over := min(infinity, limit+1)
	best := over
	// pending: the tiles the next turn can take that no set within the
	// limit holds yet (by's), bit i for U[i].
	var pending uint32
	if by != nil {
		var acc [3]uint8
		for _, sp := range acc[:s.Accessible(&acc)] {
			by[sp] = over
			for i := range r {
				if spaceBit[i] == 1<<(sp-1) {
					pending |= 1 << i
				}
			}
		}
	}
	// X: the tiles phase 1 still takes, bit i for U[i].
	all := uint32(1)<<r - 1
	// With short: refuted, the sets that no layout brings to 8 tokens;
	// win, the sets of a round that set best or cleared a pending tile.
	var refuted [1 << solo.SetupTiles / 64]uint64
	// lb: lower bounds on the sets' values, inherited and counted (note;
	// laidSets). A set inherited as one phase 1 cannot end with is above
	// every limit, so order leaves it out.
	lb := &scratch.setLB
	if link != nil && link.keepSets != nil {
		lb = &link.keepSets.lb
	}
	clear(lb[:1<<r])
	if link != nil && link.sets != nil && short != nil && s.DisplaySize() > 0 {
		id, _, _ := s.Placed(s.DisplaySize() - 1)
		link.sets.inherit(U[:r], uint8(id), lb)
	}
	var win [spaceCount + 1]uint32
	// With short and at most knownBits tiles on the wheel, a round keeps
	// what it counted of each set X for the next rounds, which count X
	// again only where that cannot settle it: known has bit X once
	// knownV[X] holds X's value (exact has bit X) or a lower bound on it.
	// With by, a round asks of a set only whether it is under the limit,
	// so its phase-2 search stops at the first set under it (endSearch's
	// first), and knownV then holds a value under the limit, marked exact.
	var knownV [1 << knownBits]int32
	var known, exact uint64
	useKnown := keep && short != nil && r <= knownBits
	note := func(X uint32, v int, isExact bool) {
		if !isExact {
			lb[X] = int16(max(int(lb[X]), min(v, infinity)))
		}
		if useKnown {
			knownV[X] = int32(v)
			known |= 1 << X
			if isExact {
				exact |= 1 << X
			}
		}
	}
	pending0 := pending
	// The sets X are counted cheapest lower bound first (twice the cost of
	// X and phase 2's value by the tiles alone), those at or above the
	// limit left out. Without by, the value is the least over the sets, so
	// the best comes early and a round stops at the first set whose lower
	// bound reaches it; with by, the sets within the limit come early and
	// clear the pending tiles, and a round stops once none is pending.
	order := scratch.order[:0]
	// outside: the least lower bound of the sets left out of order.
	outside := infinity
	for X := range uint32(1) << r {
		if ends[X] == 0 || X&must != must {
			continue
		}
		q := max(2*int(lo.cost[X])+m.p2EndOf(spacesOf(all&^X, &spaceBit)), int(lb[X]))
		if q >= over {
			outside = min(outside, q)
			continue
		}
		order = append(order, uint32(q)<<solo.SetupTiles|X)
	}
	slices.Sort(order)
	// soft: where no set comes within the limit, the least of the lower
	// bounds (all above it) by which a round left the sets out; the value
	// returned then (fail-soft), so that the next pass's limit, one
	// higher, finds the position cut in the table where soft is above it.
	var soft int
	// sweep: with by, once the position is not cut, the children's calls
	// take the lower bounds of the sets this one counted (laidSets), so a
	// last round counts the sets the rounds left uncounted, up to the
	// limit, and no set is laid (within: the sets the last round found
	// within the limit).
	sweep := false
	var within [1 << solo.SetupTiles / 64]uint64
	wantSweep := by != nil && short != nil && link != nil && link.keepSets != nil
	for round := 0; ; round++ {
		nwin := 0
		if !sweep {
			best, pending = over, pending0
			soft = outside
			clear(within[:])
		}
		// take counts X's value v (counted up to the threshold): the
		// best so far, the round's winning sets, the tiles cleared.
		take := func(X uint32, v int) {
			switch {
			case by == nil && v < best:
				win[0], nwin = X, 1
			case by != nil && v < over && (best == over || X&pending != 0):
				win[nwin] = X
				nwin++
			}
			best = min(best, v)
			if v < over {
				pending &^= X
				within[X>>6] |= 1 << (X & 63)
			}
		}
		for _, o := range order {
			if !sweep && (by == nil && int(o>>solo.SetupTiles) >= best || by != nil && best < over && pending == 0) {
				soft = min(soft, int(o>>solo.SetupTiles)) // order is sorted
				break
			}
			X := o & (1<<solo.SetupTiles - 1)
			// The value of X is counted up to thr: the best so far, or with
			// by the limit (each tile's sets are counted alone).
			thr := best
			if by != nil {
				if !sweep && best < over && X&pending == 0 {
					continue
				}
				thr = over
			}
			if sweep && (within[X>>6]&(1<<(X&63)) != 0 || int(lb[X]) >= over) {
				continue
			}
			left := all &^ X
			nl := bits.OnesCount32(left)
			xc := int(lo.cost[X])
			// order holds only the sets that legal turns take, that hold
			// must, and whose cost alone is under thr (under the best, or
			// the limit).
			if refuted[X>>6]&(1<<(X&63)) != 0 {
				continue
			}
			if useKnown && known&(1<<X) != 0 {
				v := int(knownV[X])
				if v >= thr {
					soft = min(soft, v)
					continue // as counting X up to thr would find
				}
				if exact&(1<<X) != 0 {
					take(X, v)
					continue
				}
			}
			tx := 0
			for x := X; x != 0; x &= x - 1 {
				tx += own[bits.TrailingZeros32(x)]
			}
			if nl > 0 && most+tx < solo.TokensPhase1 {
				note(X, infinity, false)
				continue // phase 1 cannot end here (R12), by the quick count
			}
			// The tokens at the end of phase 1.
			t1 := maxTok - (sc.value(int(X), 0, lo.added[X], infinity) / 10)
			if nl > 0 && t1 < solo.TokensPhase1 {
				note(X, infinity, false)
				continue
			}
			c0 := 2*xc + 10*max(0, solo.TokensPhase1-t1)
			if c0 >= thr {
				note(X, c0, false)
				soft = min(soft, c0)
				continue
			}
			pn := min(solo.SetupTiles-nl, p)
			W := uint64(left) | (uint64(1)<<pn-1)<<r
			// The phase-2 value by the tiles alone is a bound on the value
			// with the layout (the tokens count no task it would not).
			if q := c0 + m.p2EndOf(spacesOf(left, &spaceBit)); q >= thr {
				note(X, q, false)
				soft = min(soft, q)
				continue
			}
			// The phase-2 sets, searched tile by tile, the tiles worth most
			// against their cost first.
			es := endSearch{sc: &sc, memo: &scratch.colours, best: thr, soft: infinity, need: maxTok - most, x: uint64(X), w: W, first: by != nil}
			for mps := ends[X]; mps != 0; mps &= mps - 1 {
				es.walls.add(m, bits.TrailingZeros16(mps), left, &spaceBit, r, pn)
			}
			for w := W; w != 0; w &= w - 1 {
				i := bits.TrailingZeros64(w)
				es.idx[es.n] = uint8(i)
				es.gain[es.n] = min(0, int(tiles[U[i]].cost)-10*own[i])
				es.n++
			}
			es.sort()
			es.prepare(own[:])
			es.search(0, uint64(X), c0, lo.added[X], tx)
			if es.best >= thr {
				// No phase-2 set under thr: X is worth at least soft.
				es.best = es.soft
				soft = min(soft, es.soft)
			}
			note(X, es.best, es.best < thr)
			take(X, es.best)
		}
		if sweep {
			break
		}
		if short == nil || round == layCheckRounds || best >= over {
			if wantSweep && best < over {
				sweep = true
				continue
			}
			break
		}
		again := false
		for _, X := range win[:nwin] {
			if n := bits.OnesCount32(X); n > layEndsMost || n == r {
				continue // more tiles than a check lays, or the wheel emptied
			}
			ids := scratch.layIDs[:0]
			for x := X; x != 0; x &= x - 1 {
				ids = append(ids, U[bits.TrailingZeros32(x)])
			}
			// The tasks no layout of X's tiles fulfils are left out of
			// the check (liveTasks, setCounter.liveOwn), as phase 2's
			// checks leave them out (forty-ninth round: one worker, the
			// proof alone, seeds 3, 29, 11 and 38 in 86.0 s against
			// 88.9 s, 26 and 49 in 114.4 s against 118.5 s, each beside
			// the other build).
			live, own := &scratch.layLive, &scratch.layOwn
			clear(live[:])
			liveTasks(sc.open, lo.added[X], live)
			sc.liveOwn(int(X), lo.added[X], own)
			if short(s, ids, live, own) {
				refuted[X>>6] |= 1 << (X & 63)
				lb[X] = infinity
				again = true
			}
		}
		if !again {
			if wantSweep {
				sweep = true
				continue
			}
			break
		}
	}
	if link != nil && link.keepSets != nil {
		k := link.keepSets
		k.r = r
		copy(k.ids[:], U[:r])
	}
	if best >= over {
		best = soft
	}
	if by == nil {
		return best
	}
	for i := range r {
		if pending&(1<<i) == 0 {
			by[bits.TrailingZeros32(spaceBit[i])+1] = 0
		}
	}
	if best < over {
		return 0
	}
	return best
}

// spacesOf is the spaces, in dp1's terms (spaceBit), of the tiles of U
// whose bits are in left.
func spacesOf(left uint32, spaceBit *[solo.SetupTiles]uint32) uint32 {
	var R uint32
	for l := left; l != 0; l &= l - 1 {
		R |= spaceBit[bits.TrailingZeros32(l)]
	}
	return R
}

// phase1Sets writes the tiles on s's wheel to U in clockwise order from
// space 0 (spaceBit: each one's space in dp1's terms) and returns how many
// there are, r, and for each set X of them (bit i for U[i]) the spaces the
// meeple can be on once phase 1 has taken X and no other (bit m for space
// m; 0 when no legal turns take X: three untaken tiles in a row ahead of
// the meeple are a wall, R6). The 2^r entries are scratch's.
func phase1Sets(s *solo.State, U *[maxAdded]uint8, spaceBit *[solo.SetupTiles]uint32, scratch *reachScratch) (int, []uint16) {
	var spaces [solo.SetupTiles]uint8
	r := 0
	for sp := 1; sp < spaceCount; sp++ {
		if id := s.TrackTile(sp); id != 0 {
			U[r] = uint8(id)
			spaceBit[r] = 1 << (sp - 1)
			spaces[r] = uint8(sp)
			r++
		}
	}
	ends := scratch.ends[:1<<r]
	takeableEnds(spaces[:r], s.Meeple(), ends, &scratch.stack)
	return r, ends
}

// phase2Walls holds, for each space the meeple may end phase 1 on, the
// sets of the refilled wheel a legal phase 2 can take (takeableSets), with
// where each tile that may be added lies on that wheel.
type phase2Walls struct {
	n    int
	at   [solo.TrackSpaces][maxAdded]uint8 // at[j][i]: U[i]'s place among the wheel's tiles
	take [solo.TrackSpaces]*setBits
}

// add adds the wheel of the end of phase 1 with the meeple on space mp,
// the tiles of U whose bits are in left still on their spaces (spaceBit)
// and the refill's first pn tiles, U[r:r+pn], on the empty spaces
// clockwise from the meeple's (R14).
func (pw *phase2Walls) add(m *model, mp int, left uint32, spaceBit *[solo.SetupTiles]uint32, r, pn int) {
	var tileOf [solo.TrackSpaces]int8 // U index of the tile on each space, -1 if none
	for sp := range tileOf {
		tileOf[sp] = -1
	}
	for l := left; l != 0; l &= l - 1 {
		i := bits.TrailingZeros32(l)
		tileOf[bits.TrailingZeros32(spaceBit[i])+1] = int8(i)
	}
	j := 0
	for d := 1; d < solo.TrackSpaces && j < pn; d++ {
		sp := (mp + d) % solo.TrackSpaces
		if tileOf[sp] < 0 {
			tileOf[sp] = int8(r + j)
			j++
		}
	}
	var spaces [solo.SetupTiles]uint8
	n := 0
	for sp, i := range tileOf {
		if i >= 0 {
			spaces[n] = uint8(sp)
			pw.at[pw.n][i] = uint8(n)
			n++
		}
	}
	pw.take[pw.n] = m.takeableSets(spaces[:n], mp)
	pw.n++
}

// allows reports whether a legal phase 2 can take the tiles of S (bits of
// U) from one of the wheels.
func (pw *phase2Walls) allows(S uint64) bool {
	for j := range pw.n {
		var T uint32
		for b := S; b != 0; b &= b - 1 {
			T |= 1 << pw.at[j][bits.TrailingZeros64(b)]
		}
		if pw.take[j].has(T) {
			return true
		}
	}
	return false
}

// endSearch finds the least value of the phase-2 sets that layoutEnds
// adds to one phase-1 set X: every subset of the tiles idx[:n], the tiles
// taken or left one at a time. A part of the search stops when even the
// tiles still undecided that are worth more than their cost, with the
// quick count of their tokens (own), cannot bring it under best.
type endSearch struct {
	sc    *setCounter
	memo  *colourMemo // for sc (setCounter.colours)
	walls phase2Walls
	x     uint64 // the phase-1 set: the bits of S that phase 2 does not take
	w     uint64 // the refilled wheel: phase 2's set is full when it takes all of it
	best  int
	// soft is the least of the lower bounds at or above best by which the
	// search left sets out (infinity before any): where no set comes
	// under best, every set's value is at least soft (fail-soft).
	soft int
	// first: the search stops at the first set under best (found).
	first, found bool
	need         int // the tokens short of 21 after the quick count of the display
	n            int
	idx          [maxAdded]uint8
	gain         [maxAdded + 1]int // gain[k]: the sum of min(0, cost - 10 own) over idx[k:]
	// step[k]: what taking the tile idx[k] adds (prepare).
	step [maxAdded]endStep
}

// endStep is what taking one tile adds to endSearch.search's arguments:
// its bit, cost, colour count (packed) and quick tokens.
type endStep struct {
	bit    uint64
	cost   int
	packed uint32
	own    int
}

// sort orders idx by what each tile is worth against its cost, best first,
// and makes gain the sums from each place on.
func (es *endSearch) sort() {
	for i := 1; i < es.n; i++ {
		for j := i; j > 0 && es.gain[j] < es.gain[j-1]; j-- {
			es.gain[j], es.gain[j-1] = es.gain[j-1], es.gain[j]
			es.idx[j], es.idx[j-1] = es.idx[j-1], es.idx[j]
		}
	}
	es.gain[es.n] = 0
	for k := es.n - 1; k >= 0; k-- {
		es.gain[k] += es.gain[k+1]
	}
}

// prepare fills step from idx, after sort; own holds the quick tokens of
// each wheel tile.
func (es *endSearch) prepare(own []int) {
	for k, i := range es.idx[:es.n] {
		t := &tiles[es.sc.wheel[i]]
		es.step[k] = endStep{bit: 1 << i, cost: int(t.cost), packed: 1 << (8 * t.colour), own: own[i]}
	}
}

// search decides the tiles idx[k:] for the set S (wheel bits of the
// setCounter) of cost cost, colour counts packed and quick tokens tok.
func (es *endSearch) search(k int, S uint64, cost int, packed uint32, tok int) {
	if q := cost + max(0, 10*(es.need-tok)+es.gain[k]); q >= es.best {
		es.soft = min(es.soft, q)
		return
	}
	if k == es.n {
		// The colours alone first: they rule out most sets at a tenth
		// of count's work.
		if q := cost + 10*max(0, maxTok-es.sc.colours(S, packed, es.memo)); q >= es.best {
			es.soft = min(es.soft, q)
			return
		}
		if !es.walls.allows(S &^ es.x) {
			return
		}
		v := finalValue(es.sc.value(int(S), cost, packed, es.best), cost, S&^es.x == es.w)
		if v < es.best {
			es.best = v
			es.found = es.first
		} else {
			es.soft = min(es.soft, v)
		}
		return
	}
	st := &es.step[k]
	es.search(k+1, S|st.bit, cost+st.cost, packed+st.packed, tok+st.own)
	if !es.found {
		es.search(k+1, S, cost, packed, tok)
	}
}

// p2EndOf is phase2CostExact for the end of phase 1 with the spaces in R
// still occupied: the display is phase1Display's, and the refill follows
// (model.refill). Memoised per model.
func (m *model) p2EndOf(R uint32) int {
	if v := m.p2end[R].Load(); v > 0 {
		return int(v - 1)
	}
	var taken, buf [solo.SetupTiles]uint8
	v := phase2CostExact(m.phase1Display(R, &taken), m.refill(R, &buf))
	m.p2end[R].Store(int32(v + 1))
	return v
}

// colours bounds count's tokens for the set S (packed: its colour counts)
// by the colours alone: the display's tokens, the tasks of S's tiles that
// the colours of the display and S allow, and the open tasks those colours
// and their needs allow. count's own terms never exceed these. The open
// tasks' part depends on the colour counts alone; memo, if not nil, keeps
// it by packed for the setCounter's open tasks.
func (sc *setCounter) colours(S uint64, packed uint32, memo *colourMemo) int {
	var slot *uint64
	var k uint64 // the counts, 5 bits a colour
	code, open := -1, 0
	if memo != nil && packed&0xe0e0e0e0 == 0 {
		k = uint64(packed&0x1f | packed>>3&0x3e0 | packed>>6&0x7c00 | packed>>9&0xf8000)
		slot = &memo.slots[(uint32(k)*0x9e3779b1)>>(32-colourMemoBits)]
		if e := *slot; uint32(e>>memoGenShift) == memo.gen && e>>memoKeyShift&0xfffff == k {
			code, open = int(e>>8&(1<<memoCodeBits-1)), int(e&0xff)
		}
	}
	if code < 0 {
		n := *sc.base
		var added [solo.NumColours]uint8
		for c := range solo.NumColours {
			added[c] = uint8(packed >> (8 * c))
			n[c] += int(added[c])
		}
		code = colourCode(&n)
		for k := range sc.open {
			if o := &sc.open[k]; o.meets(packed) && satMask[o.id][code]&(1<<o.j) != 0 {
				open++
			}
		}
		if slot != nil {
			*slot = uint64(memo.gen)<<memoGenShift | k<<memoKeyShift | uint64(code)<<8 | uint64(open)
		}
	}
	tok := sc.tokens + open
	for b := S; b != 0; b &= b - 1 {
		tok += int(satTokens[sc.wheel[bits.TrailingZeros64(b)]][code])
	}
	return tok
}

// colourMemoBits: a colourMemo has 2^colourMemoBits entries.
const colourMemoBits = 9

// colourMemo keeps colours' count of open tasks, and the colour code of
// the display with the tiles added, by the counts of the tiles added, for
// one setCounter's open tasks: an entry is the generation (its high
// memoGenBits bits), the counts (5 bits a colour, when each is under 32),
// the code (memoCodeBits) and the count (low 8 bits). A new generation
// (next) empties it.
type colourMemo struct {
	gen   uint32
	slots [1 << colourMemoBits]uint64
}

// The layout of a colourMemo entry.
const (
	memoCodeBits = 11 // satCap^4 = 1296 codes
	memoKeyShift = 8 + memoCodeBits
	memoGenShift = memoKeyShift + 20
	memoGenBits  = 64 - memoGenShift
)

// Every colour code fits in memoCodeBits.
var _ [1<<memoCodeBits - satCap*satCap*satCap*satCap]struct{}

// next starts a new generation, for another setCounter.
func (cm *colourMemo) next() {
	cm.gen = (cm.gen + 1) & (1<<memoGenBits - 1)
	if cm.gen == 0 {
		clear(cm.slots[:])
		cm.gen = 1
	}
}
