package solver

import (
	"math/bits"

	"github.com/novaluna/novaluna/solo"
)

// satCap caps colour counts in the task table: no task needs more than four
// tiles of a colour besides its own tile, so five of a colour (the tile
// itself included) satisfy every demand for it.
const satCap = 6

// satTokens[id][code] is how many tasks of tile id a display whose colour
// counts encode to code (see colourCode) could fulfil (R10).
var satTokens [solo.NumTiles + 1][satCap * satCap * satCap * satCap]uint8

// buildSatTokens fills satTokens; it runs after the tiles table is filled.
func buildSatTokens() {
	for id := 1; id <= solo.NumTiles; id++ {
		for code := range len(satTokens[id]) {
			var n [solo.NumColours]int
			c := code
			for k := range solo.NumColours {
				n[k] = c % satCap
				c /= satCap
			}
			satTokens[id][code] = uint8(bits.OnesCount8(satisfiable(uint8(id), &n)))
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
	var base [solo.NumColours]int
	for _, id := range disp {
		base[tiles[id].colour]++
	}
	best := infinity
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
		if cost >= best {
			continue
		}
		code := colourCode(&n)
		tok := 0
		for _, id := range all[:k] {
			tok += int(satTokens[id][code])
		}
		if v := cost + 10*(maxTok-min(tok, maxTok)); v < best {
			best = v
		}
	}
	return best
}

// exactBits sizes the memo of phase2Exact: 2^exactBits entries of 8 bytes.
const exactBits = 18

// phase2Exact bounds the cost still to come in phase 2 from s as
// phase2CostExact does: the display and every set of wheel tiles must pay
// for the colours their tasks rely on. The result depends only on which
// drawable tiles are in the display and on the wheel, so it is memoised
// under those two sets; entries are single atomic words (the 44-bit key and
// the 16-bit value), so workers share the table without locks.
func (m *model) phase2Exact(s *solo.State) int {
	var disp [solo.MaxTurns]uint8
	var wheel [spaceCount]uint8
	var key uint64
	nd, nw := s.DisplaySize(), 0
	for i := range nd {
		id, _, _ := s.Placed(i)
		disp[i] = uint8(id)
		key |= 1 << m.pos[id]
	}
	for sp := range spaceCount {
		if id := s.TrackTile(sp); id != 0 {
			wheel[nw] = uint8(id)
			nw++
			key |= 1 << (solo.MaxTurns + uint64(m.pos[id]))
		}
	}
	slot := &m.exact[(key*0x9e3779b97f4a7c15)>>(64-exactBits)]
	const keyBits = 2 * solo.MaxTurns
	if e := slot.Load(); e&(1<<keyBits-1) == key {
		return int(e >> keyBits)
	}
	v := phase2CostExact(disp[:nd], wheel[:nw])
	slot.Store(key | uint64(v)<<keyBits)
	return v
}
