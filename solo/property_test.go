package solo

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestPropertyFulfilment replays random games turn by turn and checks every
// task against an independent recount of R10 on the display after every
// turn: a covered task is fulfilled, a fulfilled task is covered unless the
// 21 tokens ran out, a covered task stays covered and a fulfilled task stays
// fulfilled, and the token count is the number of covered tasks.
func TestPropertyFulfilment(t *testing.T) {
	for gi, l := range randomGames(numGames(t)) {
		g, err := NewGame(l.Deck)
		if err != nil {
			t.Fatal(err)
		}
		var prevCov, prevFul [][]bool
		for i, m := range l.Moves {
			if err := g.Play(m); err != nil {
				t.Fatalf("game %d turn %d: Play(%v) = %v", gi, i+1, m, err)
			}
			if i+1 == l.Phase1Turns && g.Phase() == Phase1 {
				if err := g.EndPhase1(); err != nil {
					t.Fatalf("game %d turn %d: EndPhase1() = %v", gi, i+1, err)
				}
			}
			d := g.Display()
			ful := recount(d)
			if n := coveredCount(d); n != g.Tokens() {
				t.Errorf("game %d turn %d: Tokens() = %d, want %d covered tasks", gi, i+1, g.Tokens(), n)
			}
			for k, pt := range d {
				for j := range pt.Covered {
					if pt.Covered[j] && !ful[k][j] {
						t.Errorf("game %d turn %d: tile %d task %d covered but not fulfilled", gi, i+1, pt.Tile, j)
					}
					if ful[k][j] && !pt.Covered[j] && g.Tokens() < TokensTotal {
						t.Errorf("game %d turn %d: tile %d task %d fulfilled but not covered with %d tokens placed", gi, i+1, pt.Tile, j, g.Tokens())
					}
					if k < len(prevCov) && prevCov[k][j] && !pt.Covered[j] {
						t.Errorf("game %d turn %d: tile %d task %d was covered and is no longer", gi, i+1, pt.Tile, j)
					}
					if k < len(prevFul) && prevFul[k][j] && !ful[k][j] {
						t.Errorf("game %d turn %d: tile %d task %d was fulfilled and is no longer", gi, i+1, pt.Tile, j)
					}
				}
			}
			prevFul = ful
			prevCov = make([][]bool, len(d))
			for k, pt := range d {
				prevCov[k] = pt.Covered
			}
		}
		if !g.Over() {
			t.Errorf("game %d: not over after its %d moves", gi, len(l.Moves))
		}
	}
}

// symmetries are the 8 symmetries of the square, as maps of (x, y).
var symmetries = []struct {
	name string
	f    func(x, y int) (int, int)
}{
	{"identity", func(x, y int) (int, int) { return x, y }},
	{"rotate 90", func(x, y int) (int, int) { return -y, x }},
	{"rotate 180", func(x, y int) (int, int) { return -x, -y }},
	{"rotate 270", func(x, y int) (int, int) { return y, -x }},
	{"mirror x", func(x, y int) (int, int) { return -x, y }},
	{"mirror y", func(x, y int) (int, int) { return x, -y }},
	{"transpose", func(x, y int) (int, int) { return y, x }},
	{"anti-transpose", func(x, y int) (int, int) { return -y, -x }},
}

// TestPropertySymmetry replays every random game moved by each symmetry of
// the square and by translations (some far out, near the ends of int), and
// checks that the tokens after every turn and the score do not change.
func TestPropertySymmetry(t *testing.T) {
	const far = math.MaxInt64 - 30 // random displays stay within 21 cells of 0
	shifts := []Point{{0, 0}, {5, -3}, {1 << 40, -(1 << 40)}, {far, -far}, {-far, far}}
	lines := randomGames(numGames(t) / 4)
	for gi, l := range lines {
		want := tokensPerTurn(t, l)
		wantScore, err := Replay(l)
		if err != nil {
			t.Fatalf("game %d: Replay = %v", gi, err)
		}
		for si, sym := range symmetries {
			shift := shifts[si%len(shifts)]
			moved := l
			moved.Moves = make([]Move, len(l.Moves))
			for i, m := range l.Moves {
				x, y := sym.f(m.X, m.Y)
				moved.Moves[i] = Move{m.Tile, x + shift.X, y + shift.Y}
			}
			if got := tokensPerTurn(t, moved); !reflect.DeepEqual(got, want) {
				t.Errorf("game %d %s + %v: tokens per turn %v, want %v", gi, sym.name, shift, got, want)
			}
			if got, err := Replay(moved); err != nil || got != wantScore {
				t.Errorf("game %d %s + %v: Replay = %+v, %v, want %+v", gi, sym.name, shift, got, err, wantScore)
			}
		}
	}
}

// tokensPerTurn replays l move by move and returns the token count after
// each turn.
func tokensPerTurn(t *testing.T, l Line) []int {
	t.Helper()
	g, err := NewGame(l.Deck)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int, 0, len(l.Moves))
	for i, m := range l.Moves {
		if err := g.Play(m); err != nil {
			t.Errorf("turn %d: Play(%v) = %v", i+1, m, err)
			return out
		}
		if i+1 == l.Phase1Turns && g.Phase() == Phase1 {
			if err := g.EndPhase1(); err != nil {
				t.Errorf("turn %d: EndPhase1() = %v", i+1, err)
				return out
			}
		}
		out = append(out, g.Tokens())
	}
	return out
}

// TestPropertyScore checks the score of random games against the notes
// recomputed from the line: S1 is the cost of the phase-1 tiles, S2 of all
// tiles, P1 and P2 10 per missing token, and the score their sum.
func TestPropertyScore(t *testing.T) {
	for gi, l := range randomGames(numGames(t)) {
		sc, err := Replay(l)
		if err != nil {
			t.Fatalf("game %d: Replay = %v", gi, err)
		}
		tokens := tokensPerTurn(t, l)
		s1, s2 := 0, 0
		for i, m := range l.Moves {
			tile, _ := TileByID(m.Tile)
			s2 += tile.Cost
			if i < l.Phase1Turns {
				s1 += tile.Cost
			}
		}
		want := Score{
			S1:     s1,
			P1:     10 * max(0, TokensPhase1-tokens[l.Phase1Turns-1]),
			S2:     s2,
			P2:     10 * (TokensTotal - tokens[len(tokens)-1]),
			Tokens: tokens[len(tokens)-1],
		}
		if sc != want {
			t.Errorf("game %d: Replay = %+v, want %+v", gi, sc, want)
		}
		if sc.Total() != sc.S1+sc.P1+sc.S2+sc.P2 {
			t.Errorf("game %d: Total() = %d, want %d", gi, sc.Total(), sc.S1+sc.P1+sc.S2+sc.P2)
		}
		data, _ := json.Marshal(sc)
		var res struct {
			Legal                         bool
			Score, S1, P1, S2, P2, Tokens int
		}
		if err := json.Unmarshal(data, &res); err != nil || !res.Legal || res.Score != sc.Total() || res.S1 != sc.S1 || res.P1 != sc.P1 || res.S2 != sc.S2 || res.P2 != sc.P2 || res.Tokens != sc.Tokens {
			t.Errorf("game %d: json.Marshal(score) = %s, want legal with score %d and %+v", gi, data, sc.Total(), sc)
		}
	}
}

// TestPropertyReplayState checks that a line converted from fast-path steps
// replays through the checked path to the very position and score of the
// State that played it.
func TestPropertyReplayState(t *testing.T) {
	src := rand.NewPCG(3, 4)
	var rec [MaxTurns]Step
	for seed := range uint64(numGames(t)) {
		d := SeedDeck(seed)
		s := NewState(d)
		start := s
		n := Playout(&s, src, &rec)
		l := LineOf(d, &start, rec[:n], s.Phase1Turns())
		g, err := Play(l)
		if err != nil {
			t.Fatalf("seed %d: Play(LineOf(playout)) = %v", seed, err)
		}
		if got, want := g.Score(), s.Score(); got != want {
			t.Errorf("seed %d: replayed score %+v, want the playout's %+v", seed, got, want)
		}
		if g.State() != s {
			t.Errorf("seed %d: replayed State differs from the playout's", seed)
		}
	}
}

// TestPropertyLineRoundTrip writes random lines with json.Marshal and reads
// them back.
func TestPropertyLineRoundTrip(t *testing.T) {
	for gi, l := range randomGames(numGames(t)) {
		data, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseLine(data)
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Errorf("game %d: ParseLine(json.Marshal(l)) = %+v, %v, want %+v", gi, back, err, l)
		}
	}
}

// TestPropertyUndo undoes random games back to a random turn and replays
// the rest: the position, the line and the score must be those of the
// original game.
func TestPropertyUndo(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for gi, l := range randomGames(numGames(t) / 4) {
		g, err := Play(l)
		if err != nil {
			t.Fatalf("game %d: Play = %v", gi, err)
		}
		want, wantLine := g.State(), g.Line()
		back := 1 + rng.IntN(len(l.Moves))
		for range back {
			if !g.Undo() {
				t.Fatalf("game %d: Undo() = false with moves left", gi)
			}
		}
		if got := g.Turn(); got != len(l.Moves)-back+1 {
			t.Errorf("game %d: Turn() after %d undos = %d, want %d", gi, back, got, len(l.Moves)-back+1)
		}
		for i := len(l.Moves) - back; i < len(l.Moves); i++ {
			if err := g.Play(l.Moves[i]); err != nil {
				t.Fatalf("game %d turn %d: Play after undo = %v", gi, i+1, err)
			}
			if i+1 == l.Phase1Turns && g.Phase() == Phase1 {
				if err := g.EndPhase1(); err != nil {
					t.Fatalf("game %d turn %d: EndPhase1 after undo = %v", gi, i+1, err)
				}
			}
		}
		if g.State() != want {
			t.Errorf("game %d: State after %d undos and replay differs from the original", gi, back)
		}
		if got := g.Line(); !reflect.DeepEqual(got, wantLine) {
			t.Errorf("game %d: Line() after undo and replay = %+v, want %+v", gi, got, wantLine)
		}
	}
	g, _ := NewGame(SeedDeck(1))
	if g.Undo() {
		t.Errorf("Undo() on a new game = true, want false")
	}
}
