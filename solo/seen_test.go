package solo

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// eachTurn plays the random games of the solo tests and calls turn with
// the position before every move, the game after it, and the game's and
// the turn's numbers.
func eachTurn(t *testing.T, turn func(before State, g *Game, gi, i int)) {
	for gi, l := range randomGames(numGames(t)) {
		g, err := NewGame(l.Deck)
		require.NoError(t, err)
		for i, m := range l.Moves {
			s := g.State()
			require.NoError(t, g.Play(m), "game %d turn %d", gi, i+1)
			if i+1 == l.Phase1Turns && g.Phase() == Phase1 {
				require.NoError(t, g.EndPhase1(), "game %d turn %d", gi, i+1)
			}
			turn(s, g, gi, i)
		}
	}
}

// TestSeenKeptUpToDate plays random games and checks after every turn that
// the sights cover keeps (Seen) equal a recount from the groups for every
// placed tile, and that a tile whose sight changed is one cover looked at:
// a tile of the new tile's group or next to it.
func TestSeenKeptUpToDate(t *testing.T) {
	checked := 0
	eachTurn(t, func(s State, g *Game, gi, i int) {
		after := g.State()
		k := uint8(after.DisplaySize() - 1)
		for j := range uint8(after.DisplaySize()) {
			require.Equal(t, after.countSeen(j), after.Seen(j), "game %d turn %d tile %d", gi, i+1, after.placed[j])
			if j < k && s.Seen(j) != after.Seen(j) {
				near := after.members[k]&(1<<j) != 0
				for m := after.members[k]; m != 0; m &= m - 1 {
					near = near || after.adj[trailingZeros(m)]&(1<<j) != 0
				}
				require.True(t, near, "game %d turn %d: tile %d's sight changed away from the new group", gi, i+1, after.placed[j])
			}
			checked++
		}
	})
	require.Greater(t, checked, 1000)
}

// TestCellSeesIsTheSightAfterPlacing: at every position of random games,
// what CellSees reports for each frontier cell is what every tile of the
// wheel sees once placed there.
func TestCellSeesIsTheSightAfterPlacing(t *testing.T) {
	checked := 0
	eachTurn(t, func(s State, _ *Game, gi, i int) {
		var acc [3]uint8
		k := s.Accessible(&acc)
		for f := range s.NumFrontier() {
			c := s.FrontierCell(f)
			want := s.CellSees(c)
			for _, sp := range acc[:k] {
				a := s
				a.Apply(sp, c)
				require.Equal(t, want, a.Seen(uint8(s.DisplaySize())), "game %d turn %d: tile %d on frontier cell %d", gi, i+1, s.TrackTile(int(sp)), f)
				checked++
			}
		}
	})
	require.Greater(t, checked, 1000)
}
