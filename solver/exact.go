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

// openTask is an uncovered task of a display tile that phase 2 might still
// fulfil: the colours it names that the tile does not see enough of yet.
type openTask struct {
	id   uint8 // the tile
	j    uint8 // the task's index on the tile
	need uint8 // bit c: the tile sees fewer tiles of colour c than the task names
}

// phase2Exact bounds the cost still to come in phase 2 from s, like
// phase2CostExact but knowing the display: for every set S of wheel tiles
// that phase 2 might take, the tokens are those already placed, the tasks of
// S's tiles that the colours of the display and S can satisfy, and the open
// tasks of the display that the same colours can satisfy, whose tile still
// has room for them (reachable), and for each colour the task lacks, S holds
// a tile of that colour. The last holds because the tiles of colour c that
// a tile sees change only when a tile of colour c is placed (R10).
//
// The value is memoised under a 64-bit hash of everything it depends on
// (the display and wheel sets, the tokens, the open tasks); an entry keeps
// the hash's low 48 bits beside the 16-bit value in one atomic word, so
// workers share the table without locks. A wrong hit needs two positions
// whose hashes agree in 66 bits.
func (m *model) phase2Exact(s *solo.State) int {
	var wheel [spaceCount]uint8
	var open [3 * solo.MaxTurns]openTask
	var sets uint64
	nd, nw, no := s.DisplaySize(), 0, 0
	var base [solo.NumColours]int
	h := uint64(s.Tokens())
	for i := range nd {
		id, c, op := s.Placed(i)
		sets |= 1 << m.pos[id]
		base[tiles[id].colour]++
		if op = reachable(s, id, c, op&m.coverable[id]); op == 0 {
			continue
		}
		seen := s.Seen(uint8(i))
		t := &tiles[id]
		for j := range t.ntasks {
			if op&(1<<j) == 0 {
				continue
			}
			var need uint8
			for col := range solo.NumColours {
				if t.tasks[j][col] > seen[col] {
					need |= 1 << col
				}
			}
			open[no] = openTask{id: uint8(id), j: j, need: need}
			no++
			h = (h ^ uint64(id)<<8 ^ uint64(j)<<4 ^ uint64(need)) * 0xff51afd7ed558ccd
		}
	}
	var spaces [spaceCount]uint8
	for sp := range spaceCount {
		if id := s.TrackTile(sp); id != 0 {
			wheel[nw] = uint8(id)
			spaces[nw] = uint8(sp)
			nw++
			sets |= 1 << (solo.MaxTurns + uint64(m.pos[id]))
		}
	}
	h = (h ^ sets) * 0x9e3779b97f4a7c15
	h ^= h >> 29
	slot := &m.exact[h>>(64-exactBits)]
	const checkBits = 48
	check := h & (1<<checkBits - 1)
	if e := slot.Load(); e&(1<<checkBits-1) == check && e != 0 {
		return int(e >> checkBits)
	}
	var ok [1 << solo.SetupTiles]bool
	var seenStates [(1 << solo.SetupTiles) * solo.TrackSpaces]bool
	takeable(spaces[:nw], s.Meeple(), &ok, &seenStates)
	v := phase2Open(&base, s.Tokens(), open[:no], wheel[:nw], &ok)
	slot.Store(check | uint64(v)<<checkBits)
	return v
}

// phase2Open is the minimum over every set S of the wheel tiles of cost(S)
// plus 10 per token missing, as phase2Exact describes.
func phase2Open(base *[solo.NumColours]int, tokens int, open []openTask, wheel []uint8, ok *[1 << solo.SetupTiles]bool) int {
	best := infinity
	for S := range 1 << len(wheel) {
		if !ok[S] {
			continue
		}
		cost := 0
		n := *base
		var present uint8
		for i, id := range wheel {
			if S&(1<<i) != 0 {
				cost += int(tiles[id].cost)
				n[tiles[id].colour]++
				present |= 1 << tiles[id].colour
			}
		}
		if cost >= best {
			continue
		}
		code := colourCode(&n)
		tok := tokens
		for i, id := range wheel {
			if S&(1<<i) != 0 {
				tok += int(satTokens[id][code])
			}
		}
		for _, o := range open {
			if o.need&^present == 0 && satMask[o.id][code]&(1<<o.j) != 0 {
				tok++
			}
		}
		if v := cost + 10*(maxTok-min(tok, maxTok)); v < best {
			best = v
		}
	}
	return best
}
