package solver

import (
	"math/bits"

	"github.com/novaluna/novaluna/solo"
)

// tileInfo is the part of a tile the bound needs, indexed by tile id.
type tileInfo struct {
	colour solo.Colour
	cost   uint8
	ntasks uint8
	tasks  [solo.MaxTasks]solo.Task
}

var tiles [solo.NumTiles + 1]tileInfo

func init() {
	for _, t := range solo.Tiles() {
		ti := tileInfo{colour: t.Colour, cost: uint8(t.Cost), ntasks: uint8(len(t.Tasks))}
		copy(ti.tasks[:], t.Tasks)
		tiles[t.ID] = ti
	}
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
}

func newModel(d solo.Deck) *model {
	m := &model{deckLen: min(len(d), solo.MaxTurns)}
	for i := range m.deckLen {
		m.deck[i] = uint8(d[i])
	}
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

// bound returns a lower bound on the final score of every line through s.
// It does not allocate.
func (m *model) bound(s *solo.State) int {
	if s.Over() {
		return s.Score().Total()
	}
	return m.boundTok(s, s.Tokens()+m.promised(s))
}

// promised counts the uncovered tasks of the display that could still be
// fulfilled.
func (m *model) promised(s *solo.State) int {
	n := 0
	for i := range s.DisplaySize() {
		id, _, open := s.Placed(i)
		n += bits.OnesCount8(open & m.coverable[id])
	}
	return n
}

// boundWeighted is bound with the promised tasks counted at num/den of a
// token each. It is not a proven bound; the beam uses it to rank.
func (m *model) boundWeighted(s *solo.State, num, den int) int {
	if s.Over() {
		return s.Score().Total()
	}
	return m.boundTok(s, s.Tokens()+m.promised(s)*num/den)
}

// boundTok is the bound of a position that is not over, taking tok as the
// tokens placed and still expected from the display.
func (m *model) boundTok(s *solo.State, tok int) int {
	tok = min(tok, maxTok)
	if s.Phase() == solo.Phase1 {
		var R uint32
		for sp := 1; sp < spaceCount; sp++ {
			if s.TrackTile(sp) != 0 {
				R |= 1 << (sp - 1)
			}
		}
		return 2*s.DisplayCost() + int(m.dp1[(int(R)*spaceCount+s.Meeple())*numTok+tok])
	}
	sc := s.Score()
	var buf [solo.SetupTiles]uint8
	n := 0
	for sp := range spaceCount {
		if id := s.TrackTile(sp); id != 0 {
			buf[n] = uint8(id)
			n++
		}
	}
	var ks [numTok]int16
	m.knapsack(buf[:n], &ks)
	return sc.S1 + sc.P1 + s.DisplayCost() + int(ks[maxTok-tok])
}
