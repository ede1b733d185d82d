package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// TestTileAheadBoundsEveryChild: at the phase-1 positions of random and
// token-greedy games, tileAhead's value for a tile is never above the bound
// of any child that takes it (every frontier cell), and it equals the least
// of them often enough to show it is not loose by construction.
func TestTileAheadBoundsEveryChild(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	checked, tight := 0, 0
	for game := range 60 {
		d := solo.SeedDeck(uint64(game + 101))
		m := newModel(d)
		s := solo.NewState(d)
		for s.Phase() == solo.Phase1 {
			var acc [3]uint8
			k := s.Accessible(&acc)
			var la lookahead
			m.tileAheadOf(&s, &la)
			bestSp, bestCell, most := acc[0], s.FrontierCell(0), -1
			for _, sp := range acc[:k] {
				v, ok := m.tileAhead(&s, &la, sp)
				least := infinity
				for q := range s.NumFrontier() {
					c := s
					c.Apply(sp, s.FrontierCell(q))
					b := m.bound(&c)
					require.False(t, ok && v > b, "game %d, turn %d: tileAhead %d above the bound %d of the child on frontier cell %d", game, s.Turns()+1, v, b, q)
					least = min(least, b)
					if n := (c.Tokens()-s.Tokens())*8 + rng.IntN(8); n > most {
						most, bestSp, bestCell = n, sp, s.FrontierCell(q)
					}
				}
				if ok {
					checked++
					if v == least {
						tight++
					}
				}
			}
			if game%2 == 1 {
				bestSp, bestCell = acc[rng.IntN(k)], s.FrontierCell(rng.IntN(s.NumFrontier()))
			}
			s.Apply(bestSp, bestCell)
		}
	}
	t.Logf("tileAhead equals the least child bound for %d of %d tiles", tight, checked)
	assert.Greater(t, checked, 500, "tiles checked")
	assert.Greater(t, tight*4, checked, "tileAhead is the least child bound for %d of %d tiles; want at least a quarter", tight, checked)
}
