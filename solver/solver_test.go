package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// TestSolveLinesReplay checks that returned lines replay to their scores
// and that no random line beats the claimed lower bound.
func TestSolveLinesReplay(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 101, 9999} {
		d := solo.SeedDeck(seed)
		r, err := Solve(context.Background(), d, Options{Time: 300 * time.Millisecond, Workers: 1, TableBits: 16})
		if err != nil {
			t.Fatalf("Solve(seed %d) = %v", seed, err)
		}
		sc, err := solo.Replay(r.Line)
		if err != nil {
			t.Errorf("seed %d: Replay(result line) = %v, want a legal line", seed, err)
			continue
		}
		if sc != r.Score {
			t.Errorf("seed %d: Replay(result line) = %+v, want %+v", seed, sc, r.Score)
		}
		if r.LowerBound > r.Score.Total() {
			t.Errorf("seed %d: lower bound %d > score %d", seed, r.LowerBound, r.Score.Total())
		}
		src := rand.NewPCG(seed, 1)
		for range 2000 {
			l := solo.RandomLine(d, src)
			rs, err := solo.Replay(l)
			if err != nil {
				t.Fatalf("seed %d: random line does not replay: %v", seed, err)
			}
			if rs.Total() < r.LowerBound {
				t.Errorf("seed %d: random line scores %d, below the claimed lower bound %d", seed, rs.Total(), r.LowerBound)
				break
			}
		}
	}
}
