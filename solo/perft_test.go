package solo

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// perftDeck and perftLine are a fixed deck and line for the perft tests;
// this random line ends phase 1 by choice after turn 9, with 8 tokens.
func perftLine() Line { return RandomLine(SeedDeck(18), rand.NewPCG(1, 1)) }

// TestPerftLineGolden follows a fixed random line of the seed-18 deck and, at
// every turn, counts the legal moves: accessible tiles (R6) times legal cells
// (R9), and whether phase 1 may end now (R12). Both counts are also worked
// out independently from the track and the display, and the whole table is
// pinned in testdata/perft_line.golden (regenerate with -update).
func TestPerftLineGolden(t *testing.T) {
	l := perftLine()
	g, err := NewGame(l.Deck)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# deck: seed 18; line: RandomLine(SeedDeck(18), NewPCG(1, 1)), phase1_turns %d\n", l.Phase1Turns)
	fmt.Fprintf(&b, "# turn, phase and tokens before it: tiles x cells = moves; may phase 1 end after it\n")
	for i, m := range l.Moves {
		tiles, cells := len(g.Accessible()), len(g.LegalCells())
		if want := countAccessible(g); tiles != want {
			t.Errorf("turn %d: len(Accessible()) = %d, want %d", i+1, tiles, want)
		}
		if want := countFrontier(g.Display()); i > 0 && cells != want {
			t.Errorf("turn %d: len(LegalCells()) = %d, want %d", i+1, cells, want)
		}
		fmt.Fprintf(&b, "turn %2d %s tokens %2d: %d x %2d = %2d", i+1, g.Phase(), g.Tokens(), tiles, cells, tiles*cells)
		if err := g.Play(m); err != nil {
			t.Fatalf("turn %d: Play(%v) = %v", i+1, m, err)
		}
		fmt.Fprintf(&b, "; end phase 1: %v\n", g.CanEndPhase1())
		if i+1 == l.Phase1Turns && g.Phase() == Phase1 {
			fmt.Fprintf(&b, "end of phase 1 after turn %d with %d tokens\n", i+1, g.Tokens())
			if err := g.EndPhase1(); err != nil {
				t.Fatalf("turn %d: EndPhase1() = %v", i+1, err)
			}
		}
	}
	fmt.Fprintf(&b, "game over: %s, score %d\n", g.Phase(), g.Score().Total())
	golden(t, "perft_line.golden", b.Bytes())
}

// countAccessible walks the track clockwise from the moon figure and counts
// the first three occupied spaces (R6).
func countAccessible(g *Game) int {
	track, meeple := g.Track()
	n := 0
	for step := 1; step < TrackSpaces && n < 3; step++ {
		if track[(meeple+step)%TrackSpaces] != 0 {
			n++
		}
	}
	return n
}

// countFrontier counts the empty cells orthogonally next to a display (R9).
func countFrontier(display []PlacedTile) int {
	full := map[Point]bool{}
	for _, pt := range display {
		full[Point{pt.X, pt.Y}] = true
	}
	empty := map[Point]bool{}
	for p := range full {
		for _, q := range []Point{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}} {
			if !full[q] {
				empty[q] = true
			}
		}
	}
	return len(empty)
}

// perft counts the positions depth plies after s, where a ply is a
// (tile, cell) move or ending phase 1 when that is allowed.
func perft(s *State, depth int) int {
	if depth == 0 || s.Over() {
		return 1
	}
	n := 0
	if s.CanEndPhase1() {
		c := *s
		c.EndPhase1()
		n += perft(&c, depth-1)
	}
	var spaces [3]uint8
	k := s.Accessible(&spaces)
	for _, sp := range spaces[:k] {
		for i := range s.NumFrontier() {
			c := *s
			c.Apply(sp, s.FrontierCell(i))
			n += perft(&c, depth-1)
		}
	}
	return n
}

// perftChecked is perft through the checked Game, with Undo; it does not
// end phase 1, which no line can do in the first few turns (8 tokens need
// at least 4 tiles).
func perftChecked(t *testing.T, g *Game, depth int) int {
	if depth == 0 || g.Over() {
		return 1
	}
	n := 0
	for _, id := range g.Accessible() {
		for _, p := range g.LegalCells() {
			if err := g.Play(Move{id, p.X, p.Y}); err != nil {
				t.Fatalf("Play(%d on %v) from Accessible and LegalCells = %v", id, p, err)
			}
			n += perftChecked(t, g, depth-1)
			g.Undo()
		}
	}
	return n
}

// TestPerftGolden pins the number of positions 1..5 plies after the opening
// of the seed-1 deck, checking the first three plies against the checked
// path, and 1..3 plies after turn 9 of the perft line, where ending phase 1
// is one of the moves.
func TestPerftGolden(t *testing.T) {
	var b bytes.Buffer
	s := NewState(SeedDeck(1))
	for depth := 1; depth <= 5; depth++ {
		n := perft(&s, depth)
		fmt.Fprintf(&b, "seed 1 opening depth %d: %d\n", depth, n)
		if depth <= 3 {
			g, _ := NewGame(SeedDeck(1))
			if got := perftChecked(t, g, depth); got != n {
				t.Errorf("seed 1: checked perft(%d) = %d, want fast-path %d", depth, got, n)
			}
		}
	}
	l := perftLine()
	g, err := NewGame(l.Deck)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range l.Moves[:9] {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if !g.CanEndPhase1() {
		t.Fatalf("perft line after turn 9: CanEndPhase1() = false, want true (%d tokens)", g.Tokens())
	}
	mid := g.State()
	if got, want := perft(&mid, 1), len(g.Accessible())*len(g.LegalCells())+1; got != want {
		t.Errorf("perft line after turn 9: perft(1) = %d, want tiles x cells + 1 = %d", got, want)
	}
	for depth := 1; depth <= 3; depth++ {
		fmt.Fprintf(&b, "seed 18 line after turn 9 depth %d: %d\n", depth, perft(&mid, depth))
	}
	golden(t, "perft.golden", b.Bytes())
}
