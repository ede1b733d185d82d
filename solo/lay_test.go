package solo

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLayIsApplyWithoutTheTurn: at every position of random games, laying
// the tile of each accessible space on each frontier cell gives the
// display, tokens and frontier that Apply gives, and leaves the wheel, the
// meeple, the turns and the phase as they were.
func TestLayIsApplyWithoutTheTurn(t *testing.T) {
	checked := 0
	eachTurn(t, func(s State, _ *Game, gi, i int) {
		if s.Over() || gi%10 != 0 {
			return
		}
		var acc [3]uint8
		for _, sp := range acc[:s.Accessible(&acc)] {
			for f := range s.NumFrontier() {
				c := s.FrontierCell(f)
				applied, laid := s, s
				applied.Apply(sp, c)
				laid.Lay(s.track[sp], c)
				require.Equal(t, applied.Tokens(), laid.Tokens(), "game %d turn %d", gi, i+1)
				require.Equal(t, applied.DisplayCost(), laid.DisplayCost(), "game %d turn %d", gi, i+1)
				require.Equal(t, DisplayOf(&applied), DisplayOf(&laid), "game %d turn %d", gi, i+1)
				for j := range uint8(laid.DisplaySize()) {
					require.Equal(t, applied.Seen(j), laid.Seen(j), "game %d turn %d tile %d", gi, i+1, j)
				}
				var fa, fl [MaxFrontier]Cell
				require.ElementsMatch(t, fa[:applied.Frontier(&fa)], fl[:laid.Frontier(&fl)], "game %d turn %d", gi, i+1)
				require.Equal(t, s.track, laid.track, "game %d turn %d: Lay moved the wheel", gi, i+1)
				require.Equal(t, []int{s.Meeple(), s.Turns(), int(s.Phase()), s.TilesOnTrack()},
					[]int{laid.Meeple(), laid.Turns(), int(laid.Phase()), laid.TilesOnTrack()}, "game %d turn %d", gi, i+1)
				checked++
			}
		}
	})
	require.Greater(t, checked, 1000)
}

// TestTouchedHoldsEveryChange: at every position of random games, a tile
// of each colour laid on each frontier cell changes the sight and the open
// tasks of no placed tile outside Touched; and Touched leaves some tile
// out on most positions, so it says more than "every tile".
func TestTouchedHoldsEveryChange(t *testing.T) {
	ofColour := oneOfEachColour()
	checked, narrower := 0, 0
	eachTurn(t, func(s State, _ *Game, gi, i int) {
		if s.Over() || gi%10 != 0 {
			return
		}
		n := uint8(s.DisplaySize())
		for f := range s.NumFrontier() {
			c := s.FrontierCell(f)
			for col := range Colour(NumColours) {
				touched := s.Touched(c, col)
				laid := s
				laid.Lay(ofColour[col], c)
				for j := range n {
					if touched&(1<<j) != 0 {
						continue
					}
					require.Equal(t, s.Seen(j), laid.Seen(j), "game %d turn %d: colour %d on cell %d changed the sight of tile %d outside Touched", gi, i+1, col, c, j)
					require.Equal(t, s.open[j], laid.open[j], "game %d turn %d: tile %d", gi, i+1, j)
				}
				if touched != 1<<n-1 {
					narrower++
				}
				checked++
			}
		}
	})
	require.Greater(t, checked, 1000)
	require.Greater(t, narrower, checked/2, "Touched named every tile on %d of %d checks", checked-narrower, checked)
}

// TestRewindIsACopy: at positions of random games, a copy that plays
// every move in turn (and lays one more tile after it), rewound to the
// position (or to the position with phase 1 ended, which has the same
// display) before each move and at the end, is equal to it in every
// byte, grid included.
func TestRewindIsACopy(t *testing.T) {
	checked := 0
	eachTurn(t, func(s State, _ *Game, gi, i int) {
		if s.Over() || gi%5 != 0 {
			return
		}
		ended := s
		bases := []*State{&s}
		if s.CanEndPhase1() {
			ended.EndPhase1()
			if !ended.Over() {
				bases = append(bases, &ended)
			}
		}
		scratch := s
		for _, base := range bases {
			var acc [3]uint8
			for _, sp := range acc[:base.Accessible(&acc)] {
				for f := range base.NumFrontier() {
					scratch.Rewind(base)
					require.True(t, *base == scratch, "game %d turn %d: rewound, not equal", gi, i+1)
					scratch.Apply(sp, base.FrontierCell(f))
					if scratch.NumFrontier() > 0 && !scratch.Over() {
						scratch.Lay(s.deck[0], scratch.FrontierCell(0))
					}
					checked++
				}
			}
			scratch.Rewind(base)
			require.True(t, *base == scratch, "game %d turn %d: rewound, not equal", gi, i+1)
		}
	})
	require.Greater(t, checked, 1000)
}

// TestSightAfterIsTheLaidSight: at every position of random games, a tile
// of each colour laid on each frontier cell leaves each tile SightAfter
// names seeing what it wrote of that colour, SightAfter and TouchedAll
// name the tiles Touched names, and the tile's group is itself and the
// tiles GroupsNextTo names.
func TestSightAfterIsTheLaidSight(t *testing.T) {
	ofColour := oneOfEachColour()
	checked, changed, tried, joined := 0, 0, 0, 0
	eachTurn(t, func(s State, _ *Game, gi, i int) {
		if s.Over() || gi%10 != 0 {
			return
		}
		var fr [MaxFrontier]Cell
		nf := s.Frontier(&fr)
		tried += nf * NumColours
		for col := range Colour(NumColours) {
			var all [MaxFrontier]uint32
			s.TouchedAll(fr[:nf], col, all[:nf])
			for f, c := range fr[:nf] {
				touched := s.Touched(c, col)
				require.Equal(t, touched, all[f], "game %d turn %d: TouchedAll, colour %d, cell %d", gi, i+1, col, c)
				var after [MaxTurns]uint8
				require.Equal(t, touched, s.SightAfter(c, col, &after), "game %d turn %d: SightAfter, colour %d, cell %d", gi, i+1, col, c)
				groups := s.GroupsNextTo(c, col)
				laid := s
				laid.Lay(ofColour[col], c)
				n := s.DisplaySize()
				require.Equal(t, groups|1<<n, laid.members[laid.group[n]], "game %d turn %d: GroupsNextTo, colour %d, cell %d", gi, i+1, col, c)
				if groups != 0 {
					joined++
				}
				for j := range uint8(s.DisplaySize()) {
					if touched&(1<<j) == 0 {
						continue
					}
					require.Equal(t, laid.Seen(j)[col], after[j], "game %d turn %d: colour %d on cell %d, tile %d", gi, i+1, col, c, j)
					if after[j] != s.Seen(j)[col] {
						changed++
					}
					checked++
				}
			}
		}
	})
	require.Greater(t, checked, 1000)
	require.Greater(t, changed, checked/4, "the sight changed on %d of %d checks", changed, checked)
	require.Greater(t, joined, tried/5, "a group was joined on %d of %d", joined, tried)
}

// oneOfEachColour returns a tile id of each colour.
func oneOfEachColour() [NumColours]uint8 {
	var ofColour [NumColours]uint8
	for _, tile := range Tiles() {
		ofColour[tile.Colour] = uint8(tile.ID)
	}
	return ofColour
}
