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

func TestRandomLinesReplay(t *testing.T) {
	src := rand.NewPCG(7, 7)
	for seed := range uint64(300) {
		d := SeedDeck(seed)
		l := RandomLine(d, src)
		s := NewState(d)
		var rec [MaxTurns]Step
		_ = rec
		sc, err := Replay(l)
		if err != nil {
			t.Fatalf("seed %d: Replay(random line) = %v", seed, err)
		}
		_ = s
		if sc.Total() != sc.S1+sc.P1+sc.S2+sc.P2 {
			t.Errorf("total mismatch")
		}
	}
}
