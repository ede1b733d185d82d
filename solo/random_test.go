package solo

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkRandomGame(b *testing.B) {
	deck := SeedDeck(1)
	s := NewState(deck)
	src := rand.NewPCG(1, 2)
	var rec [MaxTurns]Step
	games := 0
	b.ReportAllocs()
	for b.Loop() {
		s.Reset(deck)
		Playout(&s, src, &rec)
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkApply measures one move on the fast path, the way a search makes
// it: copy a fixed mid-game position (turn 10 of the perft line, 9 tiles in
// the display) into a buffer and apply a move to the copy.
func BenchmarkApply(b *testing.B) {
	l := perftLine()
	g, err := NewGame(l.Deck)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range l.Moves[:9] {
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	pos := g.State()
	var spaces [3]uint8
	pos.Accessible(&spaces)
	cell := pos.FrontierCell(0)
	var buf State
	b.ReportAllocs()
	for b.Loop() {
		buf = pos
		buf.Apply(spaces[0], cell)
	}
	if buf.Turns() != 10 {
		b.Fatalf("after Apply: %d turns, want 10", buf.Turns())
	}
}

// TestPlayoutLegal checks the fast path's random playouts against the
// checked path: every line they make replays, ends exactly when the game
// ends, and ends phase 1 only when allowed.
func TestPlayoutLegal(t *testing.T) {
	src := rand.NewPCG(7, 7)
	endedEarly := 0
	for seed := range uint64(numGames(t)) {
		d := SeedDeck(seed)
		l := RandomLine(d, src)
		if l.Phase1Turns < 11 {
			endedEarly++
		}
		if _, err := Replay(l); err != nil {
			t.Errorf("seed %d: Replay(RandomLine) = %v", seed, err)
		}
		if len(l.Moves) < SetupTiles || len(l.Moves) > MaxTurns {
			t.Errorf("seed %d: RandomLine has %d moves, want %d..%d", seed, len(l.Moves), SetupTiles, MaxTurns)
		}
	}
	// Random play reaches 8 tokens in phase 1 in about 1% of games; a
	// playout that never ended phase 1 by choice would never show it.
	if endedEarly == 0 && !testing.Short() {
		t.Errorf("no random line of %d ended phase 1 by choice", numGames(t))
	}
}
