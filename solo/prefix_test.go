package solo

import (
	"math/rand/v2"
	"testing"
)

// TestPlayPrefix: every prefix of a random line replays, ends phase 1 where
// the line does, and the full prefix is the finished game.
func TestPlayPrefix(t *testing.T) {
	src := rand.NewPCG(9, 9)
	for seed := range uint64(50) {
		l := RandomLine(SeedDeck(seed), src)
		full, err := Play(l)
		if err != nil {
			t.Fatalf("seed %d: Play = %v", seed, err)
		}
		for n := 0; n <= len(l.Moves); n++ {
			g, err := PlayPrefix(l, n)
			if err != nil {
				t.Fatalf("seed %d: PlayPrefix(line, %d) = %v", seed, n, err)
			}
			wantPhase := Phase1
			switch {
			case n == len(l.Moves):
				wantPhase = GameOver
			case n >= l.Phase1Turns:
				wantPhase = Phase2
			}
			if g.Phase() != wantPhase || g.Turn() != n+1 {
				t.Errorf("seed %d: PlayPrefix(line, %d) = %v at turn %d, want %v at turn %d", seed, n, g.Phase(), g.Turn(), wantPhase, n+1)
			}
		}
		last, _ := PlayPrefix(l, len(l.Moves))
		if last.Score() != full.Score() {
			t.Errorf("seed %d: PlayPrefix(line, all) scores %+v, Play %+v", seed, last.Score(), full.Score())
		}
		for _, n := range []int{-1, len(l.Moves) + 1} {
			if _, err := PlayPrefix(l, n); err == nil {
				t.Errorf("seed %d: PlayPrefix(line, %d) = nil error, want one", seed, n)
			}
		}
	}
}
