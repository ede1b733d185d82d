package solver

import (
	"sync/atomic"

	"github.com/novaluna/novaluna/solo"
)

// mix is SplitMix64's finaliser: a cheap, well-spread 64-bit hash.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// key hashes a position so that positions equal up to translation,
// rotation and reflection of the display collide: the display is hashed
// relative to its bounding box under each of the 8 symmetries of the square
// and the least hash is kept. The wheel, the meeple, the phase and the
// phase-1 notes complete the key. Tokens and covered tasks follow from the
// display (fulfilment only grows, R11), so they need no part of their own.
//
// The cells are taken relative to the first tile, so the key never depends
// on where the line put the display: a line may place its first tile on any
// int, and absolute coordinates near the ends of the int range would
// overflow. Every tile lies within solo.MaxTurns cells of the first one, so
// the differences are small (wrapping subtraction gives them exactly even if
// XY itself wrapped), and the offsets from the bounding box fit in 8 bits.
func key(s *solo.State) uint64 {
	n := s.DisplaySize()
	var xs, ys [solo.MaxTurns]int
	var ids [solo.MaxTurns]uint64
	var x0, y0 int
	if n > 0 {
		_, c, _ := s.Placed(0)
		x0, y0 = s.XY(c)
	}
	minX, minY, maxX, maxY := 0, 0, 0, 0
	for i := range n {
		id, c, _ := s.Placed(i)
		x, y := s.XY(c)
		x, y = x-x0, y-y0
		xs[i], ys[i], ids[i] = x, y, uint64(id)
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	var h [8]uint64
	for i := range n {
		dx, dy := uint64(xs[i]-minX), uint64(ys[i]-minY)
		ex, ey := uint64(maxX-xs[i]), uint64(maxY-ys[i])
		t := ids[i] << 16
		h[0] += mix(t | dx<<8 | dy)
		h[1] += mix(t | ex<<8 | dy)
		h[2] += mix(t | dx<<8 | ey)
		h[3] += mix(t | ex<<8 | ey)
		h[4] += mix(t | dy<<8 | dx)
		h[5] += mix(t | ey<<8 | dx)
		h[6] += mix(t | dy<<8 | ex)
		h[7] += mix(t | ey<<8 | ex)
	}
	d := h[0]
	for _, v := range h[1:] {
		d = min(d, v)
	}
	w := uint64(s.Meeple()) | uint64(s.Phase())<<4
	for sp := range solo.TrackSpaces {
		w = mix(w ^ uint64(s.TrackTile(sp))<<8 ^ uint64(sp)<<16)
	}
	if s.Phase() != solo.Phase1 {
		sc := s.Score()
		w = mix(w ^ uint64(sc.S1)<<24 ^ uint64(sc.P1)<<40)
	}
	return mix(d ^ w)
}

// entry is one slot of the transposition table: a lower bound on the final
// score of every line through a position. The two words are stored
// atomically with check = key ^ data, so a torn pair from racing writers
// reads as a miss instead of a wrong bound.
type entry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// table is a fixed-size transposition table shared by all workers.
type table struct {
	slots []entry
	mask  uint64
}

func newTable(bits int) *table {
	return &table{slots: make([]entry, 1<<bits), mask: 1<<bits - 1}
}

// probe returns the stored lower bound for k, or 0 when there is none.
func (t *table) probe(k uint64) int {
	e := &t.slots[k&t.mask]
	d := e.data.Load()
	if e.check.Load()^d != k {
		return 0
	}
	return int(d)
}

// store records lb for k, replacing whatever the slot held.
func (t *table) store(k uint64, lb int) {
	e := &t.slots[k&t.mask]
	d := uint64(lb)
	e.data.Store(d)
	e.check.Store(k ^ d)
}
