package solver

import (
	"math/bits"
	"sync/atomic"

	"github.com/novaluna/novaluna/solo"
)

// tileInfo is the part of a tile the bound needs, indexed by tile id.
type tileInfo struct {
	colour solo.Colour
	cost   uint8
	ntasks uint8
	tasks  [solo.MaxTasks]solo.Task
	// colours[j] has bit c set when task j names colour c; maxDistinct is
	// the most colours any task of the tile names.
	colours     [solo.MaxTasks]uint8
	maxDistinct uint8
}

var tiles [solo.NumTiles + 1]tileInfo

func init() {
	for _, t := range solo.Tiles() {
		ti := tileInfo{colour: t.Colour, cost: uint8(t.Cost), ntasks: uint8(len(t.Tasks))}
		copy(ti.tasks[:], t.Tasks)
		for j, task := range t.Tasks {
			for c, k := range task {
				if k > 0 {
					ti.colours[j] |= 1 << c
				}
			}
			ti.maxDistinct = max(ti.maxDistinct, uint8(bits.OnesCount8(ti.colours[j])))
		}
		tiles[t.ID] = ti
	}
	buildSatTokens()
	buildNames()
	buildNearTable()
	buildFitTables()
}

const (
	maxTok     = solo.TokensTotal // token counts are capped here
	numTok     = maxTok + 1
	wheelSets  = 1 << solo.SetupTiles // subsets of the spaces 1..11
	infinity   = 1 << 14
	spaceCount = solo.TrackSpaces
)

// model holds what the bound precomputes for one deck.
//
// The relaxation: every task that could ever be fulfilled by the colours of
// the drawable tiles is assumed fulfilled (its token counted) as soon as its
// tile is in the display. What remains exact is the wheel: which tiles can be
// taken in which order (R6), when phase 1 may end (R12: only with 8 tokens,
// or with the wheel empty), that phase 2 runs until 21 tokens or an empty
// wheel (R15), the costs (a phase-1 tile counts twice) and the penalties.
type model struct {
	deck    [solo.MaxTurns]uint8
	deckLen int
	// coverable[id] has bit j set when task j of tile id can be fulfilled at
	// all: for every colour the drawable tiles, the tile itself excluded,
	// hold enough tiles of it (R10).
	coverable [solo.NumTiles + 1]uint8
	// dp1[(R*12+m)*numTok+tok] is the least cost still to come from a phase-1
	// position with the tiles of the spaces in R (bit s-1 for space s) on
	// the wheel, the meeple on space m, and tok tokens placed or promised.
	// The cost counts future phase-1 tiles twice, P1, and phase 2.
	dp1 []int16
	// p2[R*numTok+tok] is the least phase-2 cost (tiles once, P2) after
	// phase 1 ends with the spaces in R still occupied and tok tokens.
	p2 []int16
	// dp1s[R*12+m] is a second bound on the same cost that drops the token
	// count but knows the phase-1 display exactly: with the spaces in R
	// still occupied when phase 1 ends, the display is the other tiles of
	// the opening wheel, and only tasks that the colours of those tiles can
	// satisfy can earn a token in phase 1.
	dp1s []int16
	// dp1e[R*12+m] is the part of dp1s that ends phase 1 at once: the
	// phase-1 display is then fixed, and the end is open only when it
	// holds 8 tokens (R12).
	dp1e []int16
	// dp1l[R*12+m] is the other part of dp1s: the ends after at least one
	// more tile.
	dp1l []int16
	// pos[id] is the deck position of tile id among the drawable tiles.
	pos [solo.NumTiles + 1]uint8
	// exact memoises phase2Exact (see exact.go).
	exact []atomic.Uint64
	// p2end memoises p2EndOf: 1 + the value, 0 before it is known.
	p2end []atomic.Int32
	// take memoises takeableSets.
	take []atomic.Pointer[setBits]
}

func newModel(d solo.Deck) *model {
	m := &model{deckLen: min(len(d), solo.MaxTurns)}
	for i := range m.deckLen {
		m.deck[i] = uint8(d[i])
		m.pos[d[i]] = uint8(i)
	}
	m.exact = make([]atomic.Uint64, 1<<exactBits)
	m.p2end = make([]atomic.Int32, wheelSets)
	m.take = make([]atomic.Pointer[setBits], 1<<(spaceCount+4))
	var avail [solo.NumColours]int
	for i := range m.deckLen {
		avail[tiles[m.deck[i]].colour]++
	}
	for id := 1; id <= solo.NumTiles; id++ {
		t := &tiles[id]
		for j := range t.ntasks {
			ok := true
			for c := range solo.NumColours {
				have := avail[c]
				if t.colour == solo.Colour(c) {
					have--
				}
				if int(t.tasks[j][c]) > have {
					ok = false
				}
			}
			if ok {
				m.coverable[id] |= 1 << j
			}
		}
	}
	m.buildP2()
	m.buildDP1()
	m.buildDP1s()
	return m
}

// tokensOf is how many tokens tile id can ever earn.
func (m *model) tokensOf(id uint8) int { return bits.OnesCount8(m.coverable[id]) }

// knapsack returns, for each need 0..21, the least cost of a set of the
// given tiles whose tokens reach need, or the cost of taking them all plus
// 10 per token still missing when even all of them fall short (phase 2 runs
// until 21 tokens or an empty wheel).
func (m *model) knapsack(ids []uint8, out *[numTok]int16) {
	var best [numTok]int16
	for j := 1; j < numTok; j++ {
		best[j] = infinity
	}
	sumCost, sumTok := 0, 0
	for _, id := range ids {
		c, k := int16(tiles[id].cost), m.tokensOf(id)
		sumCost += int(c)
		sumTok += k
		for j := numTok - 1; j >= 1; j-- {
			v := best[max(0, j-k)] + c
			if v < best[j] {
				best[j] = v
			}
		}
	}
	for need := range numTok {
		if sumTok >= need {
			out[need] = best[need]
		} else {
			out[need] = int16(sumCost + 10*(need-sumTok))
		}
	}
}

// refill lists the tiles on the phase-2 wheel when phase 1 ends with the
// spaces in R occupied: those tiles, and as many deck tiles as were taken.
func (m *model) refill(R uint32, buf *[solo.SetupTiles]uint8) []uint8 {
	n := 0
	for r := R; r != 0; r &= r - 1 {
		buf[n] = m.deck[bits.TrailingZeros32(r)]
		n++
	}
	taken := solo.SetupTiles - n
	for i := solo.SetupTiles; i < solo.SetupTiles+taken && i < m.deckLen; i++ {
		buf[n] = m.deck[i]
		n++
	}
	return buf[:n]
}

func (m *model) buildP2() {
	m.p2 = make([]int16, wheelSets*numTok)
	var buf [solo.SetupTiles]uint8
	var ks [numTok]int16
	for R := range uint32(wheelSets) {
		m.knapsack(m.refill(R, &buf), &ks)
		for tok := range numTok {
			m.p2[int(R)*numTok+tok] = ks[maxTok-tok]
		}
	}
}

// accessible lists up to three occupied spaces clockwise after space from,
// in the wheel set R (R6).
func accessible(R uint32, from int, out *[3]uint8) int {
	k := 0
	sp := from
	for range spaceCount - 1 {
		sp++
		if sp == spaceCount {
			sp = 0
		}
		if sp > 0 && R&(1<<(sp-1)) != 0 {
			out[k] = uint8(sp)
			k++
			if k == 3 {
				break
			}
		}
	}
	return k
}

func (m *model) buildDP1() {
	m.dp1 = make([]int16, wheelSets*spaceCount*numTok)
	var acc [3]uint8
	// Taking a tile removes it from R, so smaller R come first.
	for R := range uint32(wheelSets) {
		for mp := range spaceCount {
			k := accessible(R, mp, &acc)
			base := (int(R)*spaceCount + mp) * numTok
			for tok := range numTok {
				best := int16(infinity)
				if tok >= solo.TokensPhase1 || R == 0 {
					best = int16(10*max(0, solo.TokensPhase1-tok)) + m.p2[int(R)*numTok+tok]
				}
				for i := range k {
					sp := acc[i]
					id := m.deck[sp-1]
					nR := R &^ (1 << (sp - 1))
					nt := min(maxTok, tok+m.tokensOf(id))
					v := 2*int16(tiles[id].cost) + m.dp1[(int(nR)*spaceCount+int(sp))*numTok+nt]
					if v < best {
						best = v
					}
				}
				m.dp1[base+tok] = best
			}
		}
	}
}

// colourCounts counts the tiles of each colour among ids.
func colourCounts(ids []uint8) [solo.NumColours]int {
	var n [solo.NumColours]int
	for _, id := range ids {
		n[tiles[id].colour]++
	}
	return n
}

// satisfiable returns the mask of the tasks of tile id that a display with
// the colour counts n (the tile itself included) could fulfil (R10).
func satisfiable(id uint8, n *[solo.NumColours]int) uint8 {
	t := &tiles[id]
	var mask uint8
	for j := range t.ntasks {
		ok := true
		for c := range solo.NumColours {
			have := n[c]
			if t.colour == solo.Colour(c) {
				have--
			}
			if int(t.tasks[j][c]) > have {
				ok = false
				break
			}
		}
		if ok {
			mask |= 1 << j
		}
	}
	return mask
}

// phase2Cost is the least phase-2 cost (tiles once, P2) with the tiles
// wheel on the phase-2 wheel and tok tokens already placed or promised,
// counting for each tile only the tasks that the colours of pool (every
// tile that can be in the final display) can satisfy.
func phase2Cost(wheel []uint8, pool *[solo.NumColours]int, tok int) int {
	need := maxTok - min(tok, maxTok)
	if need == 0 {
		return 0
	}
	var best [numTok]int16
	for j := 1; j < numTok; j++ {
		best[j] = infinity
	}
	sumCost, sumTok := 0, 0
	for _, id := range wheel {
		c, k := int16(tiles[id].cost), bits.OnesCount8(satisfiable(id, pool))
		sumCost += int(c)
		sumTok += k
		if k == 0 {
			continue
		}
		for j := need; j >= 1; j-- {
			v := best[max(0, j-k)] + c
			if v < best[j] {
				best[j] = v
			}
		}
	}
	if sumTok >= need {
		return int(best[need])
	}
	return sumCost + 10*(need-sumTok)
}

// maxEdges is the most orthogonally adjacent pairs k cells can have:
// 2k - ceil(2 sqrt k) (Harary and Harborth, 1976).
func maxEdges(k int) int {
	c := 0
	for c*c < 4*k {
		c++
	}
	return 2*k - c
}

// maxTokensPlaced bounds how many tasks a display of exactly the tiles ids
// can fulfil, whatever their layout. A task needs enough tiles of each
// colour among the others (R10), and as many neighbours as it names
// colours; the neighbours of all tiles together are twice the adjacent
// pairs, at most 2*maxEdges, and every tile of a display of two or more
// has at least one. A knapsack shares that budget of neighbours out.
func maxTokensPlaced(ids []uint8) int {
	k := len(ids)
	if k < 2 {
		return 0
	}
	n := colourCounts(ids)
	budget := 2 * maxEdges(k)
	var best [4*solo.MaxTurns + 1]int // best[b]: most tasks with b neighbours used
	for b := 1; b <= budget; b++ {
		best[b] = -infinity
	}
	for _, id := range ids {
		gain := neighbourGain(id, satisfiable(id, &n))
		var next [4*solo.MaxTurns + 1]int
		for b := range next {
			next[b] = -infinity
		}
		for b := 0; b <= budget; b++ {
			if best[b] < 0 {
				continue
			}
			for d := 1; d <= 4 && b+d <= budget; d++ {
				next[b+d] = max(next[b+d], best[b]+gain[d])
			}
		}
		best = next
	}
	t := 0
	for _, v := range best[:budget+1] {
		t = max(t, v)
	}
	return t
}

func (m *model) buildDP1s() {
	// The end of phase 1 with the spaces in R still occupied and the
	// meeple on space mp: end[R*12+mp].
	end := make([]int16, wheelSets*spaceCount)
	var buf, taken [solo.SetupTiles]uint8
	var vals [wheelSets]int16
	for R := range uint32(wheelSets) {
		disp := m.phase1Display(R, &taken)
		row := end[int(R)*spaceCount : int(R+1)*spaceCount]
		t1 := maxTokensPlaced(disp)
		if t1 < solo.TokensPhase1 && R != 0 {
			for i := range row {
				row[i] = infinity
			}
			continue
		}
		wheel := m.refill(R, &buf)
		p1 := int16(10 * max(0, solo.TokensPhase1-t1))
		if len(wheel) != solo.SetupTiles { // a short deck: no full wheel
			v := p1 + int16(phase2CostExact(disp, wheel))
			for i := range row {
				row[i] = v
			}
			continue
		}
		phase2Values(disp, wheel, &vals)
		for mp := range spaceCount {
			if mp > 0 && R&(1<<(mp-1)) != 0 {
				row[mp] = infinity // the meeple stands on a taken tile's space
				continue
			}
			var lo [64]uint16
			var hi [32]uint16
			var perm [solo.SetupTiles]int
			refillOrder(R, mp, &perm)
			for x := range 64 {
				for k := range 6 {
					if x&(1<<k) != 0 {
						lo[x] |= 1 << perm[k]
					}
				}
			}
			for x := range 32 {
				for k := range 5 {
					if x&(1<<k) != 0 {
						hi[x] |= 1 << perm[6+k]
					}
				}
			}
			best := int16(infinity)
			for _, S := range fullWheelTakeable {
				best = min(best, vals[lo[S&63]|hi[S>>6]])
			}
			row[mp] = p1 + best
		}
	}
	m.dp1e = end
	m.dp1s = make([]int16, wheelSets*spaceCount)
	m.dp1l = make([]int16, wheelSets*spaceCount)
	var acc [3]uint8
	for R := range uint32(wheelSets) {
		for mp := range spaceCount {
			best := int16(infinity)
			k := accessible(R, mp, &acc)
			for i := range k {
				sp := acc[i]
				nR := R &^ (1 << (sp - 1))
				v := 2*int16(tiles[m.deck[sp-1]].cost) + m.dp1s[int(nR)*spaceCount+int(sp)]
				if v < best {
					best = v
				}
			}
			m.dp1l[int(R)*spaceCount+mp] = best
			m.dp1s[int(R)*spaceCount+mp] = min(best, end[int(R)*spaceCount+mp])
		}
	}
}

// phase1Display lists the tiles of the phase-1 display when phase 1 ends
// with the spaces in R still occupied: the other tiles of the opening
// wheel, in space order.
func (m *model) phase1Display(R uint32, buf *[solo.SetupTiles]uint8) []uint8 {
	nd := 0
	for sp := 1; sp <= solo.SetupTiles && sp-1 < m.deckLen; sp++ {
		if R&(1<<(sp-1)) == 0 {
			buf[nd] = m.deck[sp-1]
			nd++
		}
	}
	return buf[:nd]
}

// refillOrder tells where the phase-2 wheel's tiles lie when phase 1 ends
// with the spaces in R occupied and the meeple on space mp: the tile k
// spaces clockwise after the meeple is perm[k-1], an index into
// model.refill(R) (the tiles left, in space order, then the refill tiles
// in deck order). The refill fills every empty space but the meeple's,
// clockwise from the meeple (R14), so the tiles left keep their spaces and
// the refill tiles take the others in turn.
func refillOrder(R uint32, mp int, perm *[solo.SetupTiles]int) {
	var rankOf [spaceCount]int
	rank := 0
	for sp := 1; sp < spaceCount; sp++ {
		if R&(1<<(sp-1)) != 0 {
			rankOf[sp] = rank
			rank++
		}
	}
	next := rank
	for k := 1; k < spaceCount; k++ {
		sp := (mp + k) % spaceCount
		if sp > 0 && R&(1<<(sp-1)) != 0 {
			perm[k-1] = rankOf[sp]
		} else {
			perm[k-1] = next
			next++
		}
	}
}

// fullWheelTakeable lists the sets of a full phase-2 wheel that a legal
// sequence of turns can take (see takeable): bit k-1 is the tile k spaces
// clockwise after the meeple. After the refill every space but the
// meeple's holds a tile (R14), so one list serves every wheel.
var fullWheelTakeable = func() []uint16 {
	var spaces [solo.SetupTiles]uint8
	for i := range spaces {
		spaces[i] = uint8(i + 1)
	}
	var ok [1 << solo.SetupTiles]bool
	takeable(spaces[:], 0, &ok)
	var list []uint16
	for S, yes := range ok {
		if yes {
			list = append(list, uint16(S))
		}
	}
	return list
}()

// bound returns a lower bound on the final score of every line through s.
// It does not allocate.
func (m *model) bound(s *solo.State) int {
	return m.boundBelow(s, -1)
}

// boundBelow is bound for a caller that only needs to know whether the
// bound exceeds lim: when it does, the value is bound's; when it does not,
// the value is a lower bound at most lim, which may be weaker than
// bound's. The depth-first search expands a child whose bound is at most
// its threshold whatever the value, so it spares the full phase-2 sums
// there (phase2Open stops at the first set of wheel tiles within lim).
func (m *model) boundBelow(s *solo.State, lim int) int {
	if s.Over() {
		return s.Score().Total()
	}
	return m.boundTok(s, s.Tokens()+m.promised(s), lim, nil)
}

// boundBelowFrom is boundBelow for a child of a phase-2 position (or of
// one that ends phase 1), with what the parent's walk knows of its sets
// (from, for the limit from.lim).
func (m *model) boundBelowFrom(s *solo.State, lim int, from *parentSets) int {
	if s.Over() || s.Phase() != solo.Phase2 || from.lim != lim {
		return m.boundBelow(s, lim)
	}
	return m.boundPhase2(s, lim, infinity, from)
}

// boundChild is boundBelow for a child of a phase-1 position that took
// the tile on space sp, with what la knows of the parent: it rules out
// some ends of phase 1 without looking at the child's display, and knows
// which cells the two tiles could close tasks from (see gateAhead), so its
// value is at least boundBelow's and often found sooner.
func (m *model) boundChild(s *solo.State, lim int, la *lookahead, parentTok int, sp uint8, front uint8, own *lookahead) int {
	if s.Over() {
		return s.Score().Total()
	}
	g := gateAhead{la: la, tok: parentTok, id: m.deck[sp-1], front: int(front), own: own}
	return m.boundTok(s, s.Tokens()+m.promised(s), lim, &g)
}

// gateAhead bounds, from the parent's lookahead, the tokens a child of a
// phase-1 position can hold after the next tile: at most the parent's
// tokens, its open tasks that the two tiles can close (those that lack
// nothing but the two tiles' colours, as few as the cells the tiles go on
// touch: the child's tile on its own cell), the child's tile's own tasks
// that its cell's sight leaves lacking nothing but the next tile's colour,
// and the next tile's own tasks (cellEnds). tileAhead counts the same at
// the best cell, so it is never above the child's bound (boundChild).
type gateAhead struct {
	la    *lookahead
	tok   int   // the parent's tokens
	id    uint8 // the tile the child took
	front int   // the frontier cell (of the parent) it went on
	done  bool
	e     cellEnd
	// own, if not nil, is scratch for the child's own lookahead (nextOpen),
	// found once it is needed (ownDone).
	own     *lookahead
	ownDone bool
}

// nextOpen reports whether the child s may hold 8 tokens after taking
// tile idB, counted on its own cells: at most its tokens and what idB adds
// on the best of its frontier cells (cellEnds' now). Without scratch for
// the child's lookahead every tile may.
func (g *gateAhead) nextOpen(m *model, s *solo.State, idB uint8) bool {
	if g == nil || g.own == nil {
		return true
	}
	if !g.ownDone {
		g.ownDone = true
		m.tileAheadOf(s, g.own)
	}
	for f := range g.own.nf {
		if s.Tokens()+m.cellNow(g.own, idB, f) >= solo.TokensPhase1 {
			return true
		}
	}
	return false
}

// open reports whether the child may hold 8 tokens after taking tile idB.
// A nil gate allows every tile.
func (g *gateAhead) open(m *model, idB uint8) bool {
	if g == nil {
		return true
	}
	if !g.done {
		g.done = true
		m.cellEnds(g.la, g.id, g.front, &g.e)
	}
	return g.tok+g.e.withB[tiles[idB].colour]+m.ownAfter(g.la, g.id, idB) >= solo.TokensPhase1
}

// ownAfter bounds the own tasks of tile idB that it fulfils when placed
// right after tile idA next to the display of la: those whose colours the
// display and the two tiles hold, and which one cell sees enough of. On a
// cell of the display's frontier idB sees what a tile there sees now
// (lookahead.sees) but for idA's colour, the only colour idA can add to;
// on a cell next to idA alone it sees nothing but idA's colour.
func (m *model) ownAfter(la *lookahead, idA, idB uint8) int {
	n := la.n
	cA := tiles[idA].colour
	n[cA]++
	n[tiles[idB].colour]++
	mask := m.coverable[idB] & satisfiable(idB, &n)
	if mask == 0 {
		return 0
	}
	t := &tiles[idB]
	all := bits.OnesCount8(mask)
	// The cell next to idA alone: the tasks that name no other colour.
	best := 0
	for j := range t.ntasks {
		if mask&(1<<j) != 0 && t.colours[j]&^(1<<cA) == 0 {
			best++
		}
	}
	for f := range la.nf {
		if best == all {
			break
		}
		sees := &la.sees[f]
		k := 0
		for j := range t.ntasks {
			if mask&(1<<j) == 0 {
				continue
			}
			task := &t.tasks[j]
			ok := true
			for c := range solo.NumColours {
				if solo.Colour(c) != cA && task[c] > sees[c] {
					ok = false
				}
			}
			if ok {
				k++
			}
		}
		best = max(best, k)
	}
	return best
}

// cellEnd is what one tile placed on one frontier cell can bring a display
// (cellEnds): now, the tokens it adds at once, and withB[c], the tokens it
// and a next tile of colour c add, the next tile's own tasks left out.
type cellEnd struct {
	now   int
	withB [solo.NumColours]int
}

// cellNow is cellEnds' now alone: the tokens tile id adds on frontier
// cell f of la's display.
func (m *model) cellNow(la *lookahead, id uint8, f int) int {
	t := &tiles[id]
	cA := t.colour
	now := 0
	cov := m.coverable[id]
	for j := range t.ntasks {
		if cov&(1<<j) != 0 && lackOf(&la.sees[f], &t.tasks[j]) == 0 {
			now++
		}
	}
	return la.closingNow(cA, f) + now
}

// closingNow bounds the display's open tasks that a tile of colour c on
// frontier cell f closes: those lacking nothing but c on the tiles f
// touches.
func (la *lookahead) closingNow(c solo.Colour, f int) int {
	return min(la.lacking[1<<c], la.lack[0]+int(la.gain[f][c]))
}

// cellEnds bounds the tokens that tile id placed on the parent's frontier
// cell f adds (e.now), and adds with a second tile of each colour c
// placed anywhere next (e.withB[c], not counting the second tile's own
// tasks). The display's open tasks that close are those lacking nothing
// but id's colour on the tiles f touches (lookahead.gain), then those
// lacking nothing but c on the tiles the second tile's best cell touches
// (a second tile of the same colour: the best other cell), and those
// lacking both colours on the tiles f touches (lookahead.pair: the first
// tile must add to what they see of its colour); the tile's own tasks are
// those its sight on f (solo.State.CellSees, kept in lookahead.sees)
// fulfils, then those it leaves lacking nothing but c.
func (m *model) cellEnds(la *lookahead, id uint8, f int, e *cellEnd) {
	t := &tiles[id]
	cA := t.colour
	sees := &la.sees[f]
	now := 0
	var lackOnly [solo.NumColours]int
	cov := m.coverable[id]
	for j := range t.ntasks {
		if cov&(1<<j) == 0 {
			continue
		}
		switch lack := lackOf(sees, &t.tasks[j]); {
		case lack == 0:
			now++
		case bits.OnesCount8(lack) == 1:
			lackOnly[bits.TrailingZeros8(lack)]++
		}
	}
	gA := int(la.gain[f][cA])
	e.now = la.closingNow(cA, f) + now
	for c := range solo.NumColours {
		var closing int
		if solo.Colour(c) == cA {
			other := la.best[c][0]
			if gA == other {
				other = la.best[c][1]
			}
			closing = min(la.lacking[1<<c], la.lack[0]+gA+other)
		} else {
			mask := 1<<cA | 1<<c
			closing = min(la.lacking[mask], la.lack[0]+gA+la.best[c][0]+int(la.pair[f][cA][c]))
		}
		e.withB[c] = closing + now + lackOnly[c]
	}
}

// promised counts the uncovered tasks of the display that could still be
// fulfilled.
func (m *model) promised(s *solo.State) int {
	n := 0
	for i := range s.DisplaySize() {
		id, c, open := s.Placed(i)
		if open &= m.coverable[id]; open != 0 {
			n += bits.OnesCount8(reachable(s, id, c, open))
		}
	}
	return n
}

// reachable returns the tasks among open, of the tile id on cell c, that
// the tile's neighbourhood still allows. A task naming d colours needs a
// neighbour of each (R10); a colour that no neighbour has yet needs an
// empty neighbour cell, and cells never empty again.
func reachable(s *solo.State, id int, c solo.Cell, open uint8) uint8 {
	empty := 0
	var have uint8 // the colours of the neighbours
	for _, nc := range s.Neighbours(c) {
		if nb := s.TileAt(nc); nb != 0 {
			have |= 1 << tiles[nb].colour
		} else {
			empty++
		}
	}
	t := &tiles[id]
	if empty >= int(t.maxDistinct) {
		return open
	}
	for j := range t.ntasks {
		if open&(1<<j) != 0 && bits.OnesCount8(t.colours[j]&^have) > empty {
			open &^= 1 << j
		}
	}
	return open
}

// phase2Notes is what every line from the phase-2 position s pays
// already: phase 1's notes (S1, P1) and the cost of the display so far,
// which S2 counts (R16).
func phase2Notes(s *solo.State) int {
	sc := s.Score()
	return sc.S1 + sc.P1 + s.DisplayCost()
}

// boundWeighted is bound with the promised tasks counted at num/den of a
// token each. It is not a proven bound; the beam uses it to rank.
func (m *model) boundWeighted(s *solo.State, num, den int) int {
	if s.Over() {
		return s.Score().Total()
	}
	if s.Phase() != solo.Phase1 {
		return phase2Notes(s) + m.phase2Bound(s, num, den)
	}
	if num == 0 {
		return m.boundTok(s, s.Tokens(), -1, nil)
	}
	return m.boundTok(s, s.Tokens()+m.promised(s)*num/den, -1, nil)
}

// occupiedSpaces is the wheel set R of s that dp1 and dp1s are indexed
// by: bit sp-1 for each space sp of 1..11 that holds a tile.
func occupiedSpaces(s *solo.State) uint32 {
	var R uint32
	for sp := 1; sp < spaceCount; sp++ {
		if s.TrackTile(sp) != 0 {
			R |= 1 << (sp - 1)
		}
	}
	return R
}

// boundTok is the bound of a position that is not over, taking tok as the
// tokens placed and still expected from the display; lim is boundBelow's.
// gate, if not nil, may rule out ends of phase 1 after the next tile
// (boundChild), which can only raise the value.
func (m *model) boundTok(s *solo.State, tok int, lim int, gate *gateAhead) int {
	tok = min(tok, maxTok)
	if s.Phase() == solo.Phase1 {
		R := occupiedSpaces(s)
		mp := s.Meeple()
		i := int(R)*spaceCount + mp
		return 2*s.DisplayCost() + max(int(m.dp1[i*numTok+tok]), m.phase1Ends(s, R, mp, lim-2*s.DisplayCost(), gate))
	}
	return m.boundPhase2(s, lim, infinity, nil)
}

// boundPhase2 is boundTok for a phase-2 position, for a caller that takes
// the least of it and ceil: a value at or above ceil may be any at or
// above it. from, if not nil, is what the parent's walk knows of the
// position's sets (boundBelowFrom).
func (m *model) boundPhase2(s *solo.State, lim, ceil int, from *parentSets) int {
	base := phase2Notes(s)
	// When the sums stop early, the true value is at most lim - base, and
	// phase2Bound alone is either the value (above that) or within lim.
	e, _ := m.phase2ExactBelow(s, lim-base, ceil-base, from)
	return base + max(m.phase2Bound(s, 1, 1), e)
}

// phase1Ends bounds, as dp1s does, the cost still to come from the
// phase-1 position s (wheel R, meeple mp), with what the display's layout
// tells of the ends near at hand. Ending phase 1 needs 8 tokens (R12), and
// the display's tokens are known now and after one more tile up to that
// tile's own tasks and the open tasks it can close (nextTokens), so ending
// now or right after the next tile is counted only when the tokens can be
// there. Ending now is then valued with the phase-2 rules that see the
// layout. The ends after two or more tiles are dp1s's. lim is boundBelow's,
// in the same terms as the result (the display's doubled cost left out).
func (m *model) phase1Ends(s *solo.State, R uint32, mp int, lim int, gate *gateAhead) int {
	short := s.Tokens() < solo.TokensPhase1
	var nt nextTokens
	later := infinity
	var acc [3]uint8
	k := accessible(R, mp, &acc)
	for j := range k {
		sp := acc[j]
		id := m.deck[sp-1]
		nR := R &^ (1 << (sp - 1))
		i := int(nR)*spaceCount + int(sp)
		v := int(m.dp1l[i])
		if e := int(m.dp1e[i]); e < v && (nR == 0 || !short || gate.open(m, id) && s.Tokens()+nt.most(m, s, id) >= solo.TokensPhase1 &&
			(2*int(tiles[id].cost)+v <= lim || gate.nextOpen(m, s, id))) {
			v = e
		}
		later = min(later, 2*int(tiles[id].cost)+v)
	}
	if short {
		return later
	}
	now := int(m.dp1e[int(R)*spaceCount+mp])
	if now >= later || later <= lim {
		// Ending now can only lower the value, or the caller needs no
		// more than that it is within lim.
		return min(now, later)
	}
	e := *s
	e.EndPhase1()
	cost := 2 * s.DisplayCost()
	if e.Over() {
		now = max(now, e.Score().Total()-cost)
	} else {
		// Values at or above later make no difference.
		now = max(now, m.boundPhase2(&e, lim+cost, later+cost, nil)-cost)
	}
	return min(now, later)
}

// nextTokens bounds the tokens one more tile can bring a display. Placing
// a tile of colour c changes what the display's tiles see of colour c
// alone (R10), so only the open tasks that lack nothing but c can close;
// the tile's own tasks need their colours among the display's tiles.
type nextTokens struct {
	done bool
	// open[c]: the display's open tasks that lack no colour but c.
	open [solo.NumColours]int
	n    [solo.NumColours]int // the display's tiles of each colour
}

// most returns the most tokens that tile id, placed on any cell next to
// s's display, can add.
func (nt *nextTokens) most(m *model, s *solo.State, id uint8) int {
	if !nt.done {
		nt.done = true
		var byLack [1 << solo.NumColours]int
		m.lackCounts(s, &byLack, &nt.n)
		for c := range solo.NumColours {
			nt.open[c] = byLack[0] + byLack[1<<c]
		}
	}
	c := tiles[id].colour
	n := nt.n
	n[c]++
	return nt.open[c] + bits.OnesCount8(m.coverable[id]&satisfiable(id, &n))
}

// phase2Bound bounds the cost still to come in phase 2: the tiles still to
// be taken and P2. Only colours of the display and the wheel can ever be
// seen now, so tasks needing more of a colour than those hold are dropped,
// from the wheel's tiles and from the display's promised tasks.
//
// The display's promised tasks count num/den of a token each; only 1/1
// gives a proven bound.
func (m *model) phase2Bound(s *solo.State, num, den int) int {
	var wheel [spaceCount]uint8
	n := 0
	for sp := range spaceCount {
		if id := s.TrackTile(sp); id != 0 {
			wheel[n] = uint8(id)
			n++
		}
	}
	pool := colourCounts(wheel[:n])
	nd := s.DisplaySize()
	for i := range nd {
		id, _, _ := s.Placed(i)
		pool[tiles[id].colour]++
	}
	promised := 0
	if num > 0 { // the beam ranks with num 0 and needs no promise
		for i := range nd {
			id, c, open := s.Placed(i)
			if open &= m.coverable[id] & satisfiable(uint8(id), &pool); open != 0 {
				promised += bits.OnesCount8(reachable(s, id, c, open))
			}
		}
	}
	return phase2Cost(wheel[:n], &pool, s.Tokens()+promised*num/den)
}

// neighbourGain returns, for d = 0..4, the most tasks among the mask sat of
// tile id that a tile with d neighbours could fulfil: a set of tasks needs a
// neighbour of every colour any of them names (R10), so at least as many
// neighbours as their colours together.
func neighbourGain(id uint8, sat uint8) [5]int {
	var gain [5]int
	t := &tiles[id]
	for sub := uint8(1); sub < 1<<t.ntasks; sub++ {
		if sub&^sat != 0 {
			continue
		}
		var cols uint8
		for j := range t.ntasks {
			if sub&(1<<j) != 0 {
				cols |= t.colours[j]
			}
		}
		n := bits.OnesCount8(sub)
		for d := bits.OnesCount8(cols); d <= 4; d++ {
			gain[d] = max(gain[d], n)
		}
	}
	return gain
}

// priced ranks a position for the beam, in sixteenths of a point: what its
// tiles have committed to the score (a phase-1 tile counts twice, R16) and
// price sixteenths per token still missing, less a credit for each open
// task of the display by how few tiles it still lacks. It is no bound; it
// finds lines that the bound's own ranking, which counts every task the
// colours allow as covered, passes by.
func (m *model) priced(s *solo.State, price int) int {
	if s.Over() {
		return 16 * s.Score().Total()
	}
	var committed int
	if s.Phase() == solo.Phase1 {
		committed = 2 * s.DisplayCost()
	} else {
		committed = phase2Notes(s)
	}
	missing := 16 * (maxTok - s.Tokens())
	for i := range s.DisplaySize() {
		id, c, open := s.Placed(i)
		if open &= m.coverable[id]; open == 0 {
			continue
		}
		open = reachable(s, id, c, open)
		seen := s.Seen(uint8(i))
		t := &tiles[id]
		for j := range t.ntasks {
			if open&(1<<j) == 0 {
				continue
			}
			lack := 0
			for col := range solo.NumColours {
				lack += max(0, int(t.tasks[j][col])-int(seen[col]))
			}
			missing -= creditByLack[min(lack, len(creditByLack)-1)]
		}
	}
	return 16*committed + price*max(0, missing)/16
}

// creditByLack is the part of a token, in sixteenths, that an open task
// counts for when it lacks 0, 1, 2, ... tiles.
var creditByLack = [...]int{16, 8, 4, 2, 1, 0}

// tileAhead bounds, before any of them is made, the children of the
// phase-1 position s that take the tile on space sp (one a frontier cell):
// none has a bound below the value, and each child's bound (boundChild)
// is at least it. If cells is not nil, cells[f] gets the same bound for the
// child on frontier cell f alone (at least the value, and at most that
// child's bound). It needs only what s knows: placing a tile of colour c
// changes what the display's tiles see of colour c alone (R10), so after
// the tile and the next one only the open tasks of s that lack nothing but
// those two colours can close, and only on tiles the cells they go on
// touch, besides the two tiles' own tasks, of which the tile's own can
// close only as its cell's sight allows (cellEnds); and a task that s's
// neighbourhood rules out (reachable) stays out. ok is false when the
// children may end the game or the phase (an empty wheel, 21 tokens),
// which the caller must bound one by one. la holds what s gives every
// tile (tileAheadOf).
func (m *model) tileAhead(s *solo.State, la *lookahead, sp uint8, cells *[solo.MaxFrontier]int16) (int, bool) {
	R := occupiedSpaces(s)
	nR := R &^ (1 << (sp - 1))
	id := m.deck[sp-1]
	if nR == 0 || s.Tokens()+la.promised+m.tokensOf(id) >= maxTok {
		return 0, false
	}
	cost := 2 * (s.DisplayCost() + int(tiles[id].cost))
	i := int(nR)*spaceCount + int(sp)
	// What the child's own token count can reach (dp1's term).
	d := int(m.dp1[i*numTok+s.Tokens()+la.promised+m.tokensOf(id)])
	// The next tiles: the cost of ending phase 1 after two or more tiles
	// (dp1l) or right after the next one (dp1e, where the next tile gets
	// the display to 8 tokens).
	var next [3]struct {
		later, end int
		colour     solo.Colour
		own        int
		empty      bool // the wheel is empty after it: the end is open
	}
	var acc [3]uint8
	k := accessible(nR, int(sp), &acc)
	for j := range k {
		sb := acc[j]
		idB := m.deck[sb-1]
		nRB := nR &^ (1 << (sb - 1))
		iB := int(nRB)*spaceCount + int(sb)
		nb := &next[j]
		nb.later = 2*int(tiles[idB].cost) + int(m.dp1l[iB])
		nb.end = min(nb.later, 2*int(tiles[idB].cost)+int(m.dp1e[iB]))
		nb.colour = tiles[idB].colour
		nb.own = m.ownAfter(la, id, idB)
		nb.empty = nRB == 0
	}
	// Each cell the tile can go on: whether the child holds 8 tokens (then
	// it may end phase 1 now), and after which next tiles it can.
	least := infinity
	var e cellEnd
	for f := range la.nf {
		m.cellEnds(la, id, f, &e)
		mayEnd := s.Tokens()+e.now >= solo.TokensPhase1
		ends := infinity
		for _, nb := range next[:k] {
			if nb.empty || mayEnd || s.Tokens()+e.withB[nb.colour]+nb.own >= solo.TokensPhase1 {
				ends = min(ends, nb.end)
			} else {
				ends = min(ends, nb.later)
			}
		}
		if mayEnd {
			ends = min(ends, int(m.dp1e[i]))
		}
		v := cost + max(d, ends)
		if cells != nil {
			cells[f] = int16(min(v, infinity))
		}
		least = min(least, v)
	}
	return least, true
}

// lookahead is what tileAhead needs of a phase-1 position, found once for
// all its children.
type lookahead struct {
	promised int                  // model.promised of the position
	n        [solo.NumColours]int // the display's tiles of each colour
	// lacking[mask] counts the display's open tasks (that can ever be
	// fulfilled) whose missing colours are all in mask.
	lacking [1 << solo.NumColours]int
	// lack[mask] counts those that the tile's neighbourhood still allows
	// (reachable) and that lack exactly the colours in mask.
	lack [1 << solo.NumColours]int
	// For each frontier cell f (of nf): gain[f][c], the tasks lacking
	// nothing but c on the tiles that a tile of colour c on f touches, and
	// sees[f], what a tile on f sees; best[c] holds the two largest
	// gain[f][c] (cellGains).
	nf   int
	gain [solo.MaxFrontier][solo.NumColours]uint8
	// pair[f][c][d]: the tasks lacking exactly c and d on the same tiles.
	pair [solo.MaxFrontier][solo.NumColours][solo.NumColours]uint8
	sees [solo.MaxFrontier][solo.NumColours]uint8
	best [solo.NumColours][2]int
}

// tileAheadOf fills la for s, in one pass over the display's open tasks.
func (m *model) tileAheadOf(s *solo.State, la *lookahead) {
	*la = lookahead{}
	var byLack [1 << solo.NumColours]int
	var t cellTasks
	for i := range s.DisplaySize() {
		id, c, open := s.Placed(i)
		t.index[id] = int8(i)
		la.n[tiles[id].colour]++
		if open &= m.coverable[id]; open == 0 {
			continue
		}
		live := reachable(s, id, c, open)
		seen := s.Seen(uint8(i))
		ti := &tiles[id]
		for j := range ti.ntasks {
			if open&(1<<j) == 0 {
				continue
			}
			lack := lackOf(&seen, &ti.tasks[j])
			byLack[lack]++
			if live&(1<<j) == 0 {
				continue
			}
			la.promised++ // as model.promised counts it
			la.lack[lack]++
			if bits.OnesCount8(lack) <= 2 {
				t.only[i][lack]++
			}
		}
	}
	for mask := range len(la.lacking) {
		for sub := range len(byLack) {
			if sub&^mask == 0 {
				la.lacking[mask] += byLack[sub]
			}
		}
	}
	cellGains(s, la, &t)
}

// cellTasks is what cellGains needs of the display's open tasks that can
// ever be fulfilled and that the tile's neighbourhood allows (reachable):
// only[i][mask] counts those of display tile i lacking exactly the one or
// two colours in mask; index[id] is tile id's display index.
type cellTasks struct {
	only  [solo.MaxTurns][1 << solo.NumColours]int
	index [solo.NumTiles + 1]int8
}

// cellGains fills la's cell tables from t. A tile of colour c placed on
// an empty cell f changes what a display tile sees only of colour c (R10),
// and only for the tiles next to f, the tiles of the groups of colour c
// next to f, and the tiles next to those groups: the tiles f touches. So
// one tile of colour c on f closes at most gain[f][c] of the open tasks
// lacking nothing but c (that the tile's neighbourhood still allows,
// reachable). A second tile of another colour d closes at most best[d][0]
// of those lacking only d, on a cell next to the display or next to the
// first tile only (which touches nothing else of the display), and the two
// together those lacking c and d. A second tile of colour c on another
// cell next to the display touches, with the first, the tiles two cells
// touch, and on a cell next to the first tile alone no tile the first does
// not (cellEnds).
func cellGains(s *solo.State, la *lookahead, t *cellTasks) {
	nd := s.DisplaySize()
	index, only := &t.index, &t.only
	// reach[i]: tile i's group with the tiles next to it, by display index.
	var reach [solo.MaxTurns]uint32
	var done uint32
	for i := range nd {
		if done&(1<<i) != 0 {
			continue
		}
		id, c, _ := s.Placed(i)
		col := tiles[id].colour
		var stack [solo.MaxTurns]solo.Cell
		stack[0] = c
		sp := 1
		g := uint32(1) << i
		for sp > 0 {
			sp--
			for _, v := range s.Neighbours(stack[sp]) {
				if nb := s.TileAt(v); nb != 0 && tiles[nb].colour == col && g&(1<<index[nb]) == 0 {
					g |= 1 << index[nb]
					stack[sp] = v
					sp++
				}
			}
		}
		adj := g
		for r := g; r != 0; r &= r - 1 {
			_, u, _ := s.Placed(bits.TrailingZeros32(r))
			for _, v := range s.Neighbours(u) {
				if nb := s.TileAt(v); nb != 0 {
					adj |= 1 << index[nb]
				}
			}
		}
		for r := g; r != 0; r &= r - 1 {
			reach[bits.TrailingZeros32(r)] = adj
		}
		done |= g
	}
	la.nf = s.NumFrontier()
	for f := range la.nf {
		cell := s.FrontierCell(f)
		la.sees[f] = s.CellSees(cell)
		var next uint32 // the tiles next to f
		var touch [solo.NumColours]uint32
		for _, v := range s.Neighbours(cell) {
			if nb := s.TileAt(v); nb != 0 {
				k := index[nb]
				next |= 1 << k
				touch[tiles[nb].colour] |= reach[k]
			}
		}
		for c := range solo.NumColours {
			g := 0
			var pair [solo.NumColours]int
			for r := next | touch[c]; r != 0; r &= r - 1 {
				o := &only[bits.TrailingZeros32(r)]
				g += o[1<<c]
				for d := range solo.NumColours {
					pair[d] += o[1<<c|1<<d]
				}
			}
			la.gain[f][c] = uint8(g)
			for d := range solo.NumColours {
				if d != c {
					la.pair[f][c][d] = uint8(pair[d])
				}
			}
			switch b := &la.best[c]; {
			case g > b[0]:
				b[1], b[0] = b[0], g
			case g > b[1]:
				b[1] = g
			}
		}
	}
}

// lackCounts counts the tiles of s's display by colour in n and its open
// tasks that can ever be fulfilled by the colours they lack: byLack[mask]
// counts the tasks that see too few tiles of exactly the colours in mask.
func (m *model) lackCounts(s *solo.State, byLack *[1 << solo.NumColours]int, n *[solo.NumColours]int) {
	for i := range s.DisplaySize() {
		pid, _, open := s.Placed(i)
		n[tiles[pid].colour]++
		if open &= m.coverable[pid]; open == 0 {
			continue
		}
		seen := s.Seen(uint8(i))
		t := &tiles[pid]
		for j := range t.ntasks {
			if open&(1<<j) == 0 {
				continue
			}
			byLack[lackOf(&seen, &t.tasks[j])]++
		}
	}
}

// lackOf is the mask of the colours of which a tile that sees seen sees
// too few for task.
func lackOf(seen *[solo.NumColours]uint8, task *solo.Task) uint8 {
	var lack uint8
	for c := range solo.NumColours {
		if seen[c] < task[c] {
			lack |= 1 << c
		}
	}
	return lack
}
