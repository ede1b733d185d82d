package solver

import "github.com/novaluna/novaluna/solo"

// takeable marks which sets of wheel tiles phase 2 can have taken by some
// legal sequence of turns (R6, R7): out[T] is true when the tiles whose bits
// are set in T (bit i: spaces[i], in clockwise order from space 0) can all
// have been taken, and no other, starting with the meeple on space meeple.
//
// A set is not always takeable: three untaken tiles in a row ahead of the
// meeple are a wall it cannot pass without taking one of them, so a line
// that wants tiles beyond it must pay for one more. The state of the wheel
// in phase 2 is the set taken and the meeple's space, at most 2^11 x 12
// states, so all of them are visited.
func takeable(spaces []uint8, meeple int, out *[1 << solo.SetupTiles]bool) {
	var ends [1 << solo.SetupTiles]uint16
	var stack [(1 << solo.SetupTiles) * solo.TrackSpaces]uint32
	n := 1 << len(spaces)
	takeableEnds(spaces, meeple, ends[:n], &stack)
	for T, e := range ends[:n] {
		out[T] = e != 0
	}
}

// takeableEnds is takeable with the meeple's space kept: out[T] (out has
// 1<<len(spaces) entries) has bit m set when the tiles of T, and no other,
// can all have been taken with the meeple ending on space m; out[T] == 0
// when T cannot be taken at all. stack is scratch space.
func takeableEnds(spaces []uint8, meeple int, out []uint16, stack *[(1 << solo.SetupTiles) * solo.TrackSpaces]uint32) {
	n := len(spaces)
	clear(out)
	sp := 0
	push := func(T uint32, m int) {
		if out[T]&(1<<m) == 0 {
			out[T] |= 1 << m
			stack[sp] = T*solo.TrackSpaces + uint32(m)
			sp++
		}
	}
	push(0, meeple)
	for sp > 0 {
		sp--
		T, m := stack[sp]/solo.TrackSpaces, int(stack[sp]%solo.TrackSpaces)
		// The first three untaken tiles clockwise after space m.
		first := 0
		for first < n && int(spaces[first]) <= m {
			first++
		}
		got := 0
		for j := range n {
			i := (first + j) % n
			if T&(1<<i) != 0 {
				continue
			}
			push(T|1<<i, int(spaces[i]))
			got++
			if got == 3 {
				break
			}
		}
	}
}
