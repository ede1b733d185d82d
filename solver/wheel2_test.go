package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTakeableWall: with the meeple on space 0 and tiles on spaces 1..5,
// the tile on space 5 cannot be the only one taken, nor taken with only the
// tile on space 1: the untaken tiles ahead of the meeple are a wall of
// three (R6).
func TestTakeableWall(t *testing.T) {
	var ok [1 << solo.SetupTiles]bool
	takeable([]uint8{1, 2, 3, 4, 5}, 0, &ok)
	assert.True(t, ok[0], "nothing taken")
	assert.True(t, ok[1<<2], "the third tile ahead")
	assert.False(t, ok[1<<3], "the fourth tile ahead alone")
	assert.False(t, ok[1<<4], "the fifth tile ahead alone")
	assert.True(t, ok[1<<2|1<<4], "the third, then the fifth (it is then third ahead)")
	assert.False(t, ok[1<<0|1<<4], "the first, then the fifth behind three untaken tiles")
	assert.True(t, ok[1<<5-1], "all five")
}

// TestTakeableRandomPhase2 plays random phase-2 turns from random ends of
// phase 1 and checks that every set of tiles taken is marked takeable: the
// bound may only leave out sets no legal line takes.
func TestTakeableRandomPhase2(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var ok [1 << solo.SetupTiles]bool
	checked := 0
	for game := range 300 {
		d := solo.SeedDeck(uint64(game + 1))
		s, phase2 := phase2Start(t, d, game, 7)
		if !phase2 {
			continue
		}
		var spaces []uint8
		index := map[int]int{}
		for sp := range solo.TrackSpaces {
			if s.TrackTile(sp) != 0 {
				index[sp] = len(spaces)
				spaces = append(spaces, uint8(sp))
			}
		}
		takeable(spaces, s.Meeple(), &ok)
		var taken uint32
		for !s.Over() {
			var acc [3]uint8
			k := s.Accessible(&acc)
			sp := acc[rng.IntN(k)]
			taken |= 1 << index[int(sp)]
			s.Apply(sp, s.FrontierCell(rng.IntN(s.NumFrontier())))
			require.True(t, ok[taken], "game %d: taken set %b after a legal turn is not marked takeable", game, taken)
			checked++
		}
	}
	assert.Greater(t, checked, 1000, "phase-2 turns checked")
}

// TestNeighbourGain: a tile's tasks need neighbours of every colour they
// name together; tile 68 (Y7: RB RT BT) fulfils one task with two
// neighbours and all three only with three.
func TestNeighbourGain(t *testing.T) {
	assert.Equal(t, [5]int{0, 0, 1, 3, 3}, neighbourGain(68, 0b111))
	assert.Equal(t, [5]int{0, 0, 1, 2, 2}, neighbourGain(68, 0b011), "only two tasks satisfiable")
	assert.Equal(t, [5]int{}, neighbourGain(1, 0), "a tile without tasks")
}

// TestRefillOrder checks refillOrder against the engine: at the start of
// phase 2 of random lines, the tile k spaces after the meeple is the one
// refillOrder names, and the bound's end of phase 1 (dp1s, which uses it)
// never exceeds what the line scores.
func TestRefillOrder(t *testing.T) {
	src := rand.NewPCG(12, 21)
	checked := 0
	for seed := uint64(1); seed <= 40; seed++ {
		d := solo.SeedDeck(seed)
		m := newModel(d)
		for range 10 {
			l := solo.RandomLine(d, src)
			g, err := solo.PlayPrefix(l, l.Phase1Turns)
			require.NoError(t, err)
			if g.Phase() == solo.Phase1 {
				require.NoError(t, g.EndPhase1())
			}
			s := g.State()
			if s.Phase() != solo.Phase2 || s.TilesOnTrack() != solo.SetupTiles {
				continue
			}
			// R: the spaces 1..11 still holding their opening tile.
			var R uint32
			for sp := 1; sp < spaceCount; sp++ {
				if id := s.TrackTile(sp); id != 0 && int(m.pos[id]) == sp-1 {
					R |= 1 << (sp - 1)
				}
			}
			var buf [solo.SetupTiles]uint8
			wheel := m.refill(R, &buf)
			var perm [solo.SetupTiles]int
			refillOrder(R, s.Meeple(), &perm)
			for k := 1; k < spaceCount; k++ {
				sp := (s.Meeple() + k) % spaceCount
				require.Equal(t, s.TrackTile(sp), int(wheel[perm[k-1]]), "seed %d, space %d", seed, sp)
			}
			full, err := solo.Play(l)
			require.NoError(t, err)
			// The phase-1 tiles count twice (R16); dp1s bounds the rest.
			bound := 2*s.DisplayCost() + int(m.dp1s[int(R)*spaceCount+s.Meeple()])
			require.LessOrEqual(t, bound, full.Score().Total(), "seed %d: bound at the end of phase 1", seed)
			checked++
		}
	}
	require.Greater(t, checked, 100)
}
