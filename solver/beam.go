package solver

import (
	"slices"

	"github.com/novaluna/novaluna/solo"
)

// beamNode is a position kept by the beam search and the steps to it.
type beamNode struct {
	s solo.State
	p path
}

// candidate is a child of a beam node, kept unplayed until it is chosen.
type candidate struct {
	eval   int32
	parent int32
	mv     move
}

func cmpCandidate(a, b candidate) int {
	if a.eval != b.eval {
		return int(a.eval - b.eval)
	}
	if a.parent != b.parent {
		return int(a.parent - b.parent)
	}
	return cmpMove(a.mv, b.mv)
}

// beam holds the buffers of a beam search of a fixed width, allocated once.
type beam struct {
	width     int
	cur, next []beamNode
	cands     []candidate
	seen      []uint64 // open-addressing set of position keys, per layer
	wkeys     []uint64 // wheel states kept in the layer, and how many times
	wcount    []uint16
	moves     [maxMoves]move
}

func newBeam(width int) *beam {
	return &beam{
		width:  width,
		cur:    make([]beamNode, 0, width),
		next:   make([]beamNode, 0, width),
		cands:  make([]candidate, 0, width*64),
		seen:   make([]uint64, pow2(4*width)),
		wkeys:  make([]uint64, pow2(4*width)),
		wcount: make([]uint16, pow2(4*width)),
	}
}

// eval scores a child for the beam: the bound, with the display's open
// tasks counted at openNum/openDen of a token each (the bound counts them
// fully), so that positions leaning on unlikely coverings rank lower.
func (w *worker) eval(s *solo.State) int {
	return w.sh.m.boundWeighted(s, w.openNum, w.openDen)
}

// rank orders beam children, lowest first: by eval, then by more tokens
// placed, plus noise when the worker asks for it.
func (w *worker) rank(s *solo.State) int32 {
	if w.price > 0 {
		r := int32(w.sh.m.priced(s, w.price))
		if w.noise > 0 {
			r += int32(w.rng.Uint64() % uint64(w.noise))
		}
		return r
	}
	if w.noise > 0 {
		return (int32(w.eval(s))<<8 - int32(s.Tokens())) + int32(w.rng.Uint64()%uint64(w.noise))
	}
	return int32(w.eval(s))<<8 - int32(s.Tokens())
}

// runBeam searches layer by layer from the start position, keeping the
// width best children of each layer (one per position up to symmetry), and
// offers every complete line it meets.
func (w *worker) runBeam(b *beam) {
	w.runBeamFrom(b, &w.sh.start, path{p1: -1})
}

// runBeamFrom is runBeam from the position s, which the path p leads to
// from the start position.
func (w *worker) runBeamFrom(b *beam, s *solo.State, p path) {
	sh := w.sh
	b.cur = append(b.cur[:0], beamNode{s: *s, p: p})
	scratch := &w.stack[0]
	for len(b.cur) > 0 {
		b.cands = b.cands[:0]
		for pi := range b.cur {
			nd := &b.cur[pi]
			n := w.expand(&nd.s, &b.moves)
			*scratch = nd.s
			for _, mv := range b.moves[:n] {
				w.child(&nd.s, mv, scratch)
				if w.tick() {
					return
				}
				if scratch.Over() {
					w.path = nd.p
					w.play(&nd.s, mv, scratch)
					sh.offer(scratch.Score().Total(), &w.path)
					continue
				}
				b.cands = append(b.cands, candidate{eval: w.rank(scratch), parent: int32(pi), mv: mv})
			}
		}
		// Only the front of the candidates is read, in order: sort as
		// much of it as the layer needs, more when duplicates and the
		// diversity limit use it up.
		sorted := sortFront(b.cands, 2*b.width)
		clear(b.seen)
		clear(b.wkeys)
		b.next = b.next[:0]
		for ci, c := range b.cands {
			if len(b.next) == b.width {
				break
			}
			if ci == sorted {
				sorted += sortFront(b.cands[ci:], 2*sorted)
			}
			nd := &b.cur[c.parent]
			w.path = nd.p
			w.play(&nd.s, c.mv, scratch)
			if w.diversity > 0 && !b.admit(wheelKey(scratch), w.diversity) {
				continue
			}
			if !b.insert(key(scratch)) {
				continue
			}
			b.next = append(b.next, beamNode{s: *scratch, p: w.path})
		}
		b.cur, b.next = b.next, b.cur
	}
	w.flush()
}

// sortFront puts the m least candidates (all if there are fewer) first,
// sorted, the rest after them in no order, and returns how many it sorted.
// The candidates are distinct, so the front is the same as a full sort's.
func sortFront(c []candidate, m int) int {
	if m < len(c) {
		selectLeast(c, m)
		c = c[:m]
	}
	slices.SortFunc(c, cmpCandidate)
	return len(c)
}

// selectLeast reorders c so that its m least elements come first, in no
// order (Hoare's quickselect, median-of-three pivots).
func selectLeast(c []candidate, m int) {
	lo, hi := 0, len(c)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		if cmpCandidate(c[mid], c[lo]) < 0 {
			c[mid], c[lo] = c[lo], c[mid]
		}
		if cmpCandidate(c[hi], c[lo]) < 0 {
			c[hi], c[lo] = c[lo], c[hi]
		}
		if cmpCandidate(c[hi], c[mid]) < 0 {
			c[hi], c[mid] = c[mid], c[hi]
		}
		pivot := c[mid]
		i, j := lo, hi
		for i <= j {
			for cmpCandidate(c[i], pivot) < 0 {
				i++
			}
			for cmpCandidate(pivot, c[j]) < 0 {
				j--
			}
			if i <= j {
				c[i], c[j] = c[j], c[i]
				i++
				j--
			}
		}
		// Now c[lo..j] <= pivot <= c[i..hi], and c[j+1..i-1] == pivot.
		switch {
		case m <= j:
			hi = j
		case m >= i:
			lo = i
		default:
			return
		}
	}
}

// insert adds k to the layer's set and reports whether it was new.
func (b *beam) insert(k uint64) bool {
	if k == 0 {
		k = 1
	}
	mask := uint64(len(b.seen) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch b.seen[i] {
		case k:
			return false
		case 0:
			b.seen[i] = k
			return true
		}
	}
}

// pow2 returns the least power of two at least n.
func pow2(n int) int {
	p := 1
	for p < n {
		p <<= 1
	}
	return p
}

// admit counts one more position of wheel state k in the layer and reports
// whether it stays within the limit.
func (b *beam) admit(k uint64, limit int) bool {
	if k == 0 {
		k = 1
	}
	mask := uint64(len(b.wkeys) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch b.wkeys[i] {
		case k:
			if int(b.wcount[i]) >= limit {
				return false
			}
			b.wcount[i]++
			return true
		case 0:
			b.wkeys[i] = k
			b.wcount[i] = 1
			return true
		}
	}
}

// wheelKey hashes the wheel, the meeple, the phase and the tokens: the
// position without its geometry.
func wheelKey(s *solo.State) uint64 {
	w := uint64(s.Meeple()) | uint64(s.Phase())<<4 | uint64(s.Tokens())<<8
	for sp := range solo.TrackSpaces {
		w = mix(w ^ uint64(s.TrackTile(sp))<<16 ^ uint64(sp)<<24)
	}
	return w
}
