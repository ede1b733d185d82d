package solo

import "math/rand/v2"

// Step is a turn in the fast path's terms: the space the tile is taken from
// and the grid cell it goes on.
type Step struct {
	Space uint8
	Cell  Cell
}

// Playout finishes the game from s with uniformly random choices: each turn a
// random accessible tile on a random legal cell, and, whenever phase 1 may
// end, ending it with probability 1/2. It records the steps in rec and
// returns how many it played; s.Phase1Turns() then tells after which turn
// phase 1 ended. It does not allocate.
func Playout(s *State, src *rand.PCG, rec *[MaxTurns]Step) (n int) {
	var spaces [3]uint8
	for !s.Over() {
		if s.CanEndPhase1() && src.Uint64()&1 == 0 {
			s.EndPhase1()
			continue
		}
		k := s.Accessible(&spaces)
		sp := spaces[boundedUint64(src, uint64(k))]
		c := s.FrontierCell(int(boundedUint64(src, uint64(s.NumFrontier()))))
		s.Apply(sp, c)
		rec[n] = Step{sp, c}
		n++
	}
	return n
}

// RandomLine plays a complete random legal game of a valid deck (see
// [Playout]) and returns it as a line, with the first tile on (0, 0).
func RandomLine(d Deck, src *rand.PCG) Line {
	s := NewState(d)
	start := s
	var rec [MaxTurns]Step
	n := Playout(&s, src, &rec)
	return LineOf(d, &start, rec[:n], s.Phase1Turns())
}

// LineOf converts steps played from start into a line of deck d.
func LineOf(d Deck, start *State, steps []Step, phase1Turns int) Line {
	s := *start
	l := Line{Deck: append(Deck(nil), d...), Moves: make([]Move, 0, len(steps)), Phase1Turns: phase1Turns}
	for i, st := range steps {
		id := int(s.track[st.Space])
		s.Apply(st.Space, st.Cell)
		x, y := s.XY(st.Cell)
		l.Moves = append(l.Moves, Move{Tile: id, X: x, Y: y})
		if i+1 == phase1Turns && s.phase == Phase1 {
			s.EndPhase1()
		}
	}
	return l
}
