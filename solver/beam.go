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
}

func newBeam(width int) *beam {
	return &beam{
		width: width,
		cur:   make([]beamNode, 0, width),
		next:  make([]beamNode, 0, width),
		cands: make([]candidate, 0, width*64),
		seen:  make([]uint64, pow2(4*width)),
	}
}

// eval scores a child for the beam: the bound, with the display's open
// tasks counted at openNum/openDen of a token each (the bound counts them
// fully), so that positions leaning on unlikely coverings rank lower.
func (w *worker) eval(s *solo.State) int {
	if w.openNum == w.openDen {
		return w.sh.m.bound(s)
	}
	return w.sh.m.boundWeighted(s, w.openNum, w.openDen)
}

// runBeam searches layer by layer from the start position, keeping the
// width best children of each layer (one per position up to symmetry), and
// offers every complete line it meets.
func (w *worker) runBeam(b *beam) {
	sh := w.sh
	b.cur = append(b.cur[:0], beamNode{s: sh.start, p: path{p1: -1}})
	scratch := &w.stack[0]
	for len(b.cur) > 0 {
		b.cands = b.cands[:0]
		for pi := range b.cur {
			nd := &b.cur[pi]
			buf := &w.moves[0]
			n := w.gen(&nd.s, buf, scratch)
			if sh.stop.Load() {
				return
			}
			for i := range n {
				mv := buf[i]
				if int(mv.f) >= int(sh.best.Load()) {
					break
				}
				w.path = nd.p
				w.play(&nd.s, mv, scratch)
				if scratch.Over() {
					sh.offer(scratch.Score().Total(), &w.path)
					continue
				}
				b.cands = append(b.cands, candidate{eval: int32(w.eval(scratch))<<8 - int32(scratch.Tokens()), parent: int32(pi), mv: mv})
			}
		}
		slices.SortFunc(b.cands, cmpCandidate)
		clear(b.seen)
		b.next = b.next[:0]
		for _, c := range b.cands {
			if len(b.next) == b.width {
				break
			}
			nd := &b.cur[c.parent]
			w.path = nd.p
			w.play(&nd.s, c.mv, scratch)
			if !b.insert(key(scratch)) {
				continue
			}
			b.next = append(b.next, beamNode{s: *scratch, p: w.path})
		}
		b.cur, b.next = b.next, b.cur
	}
	w.flush()
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
