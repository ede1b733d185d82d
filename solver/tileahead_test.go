package solver

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// TestTileAheadBoundsEveryChild: at the phase-1 positions of random and
// token-greedy games, tileAhead's value for a tile is never above the bound
// (boundChild, as the search computes it) of any child that takes it
// (every frontier cell), nor its value for one cell above the bound of
// the child on that cell, and it equals the least of them often enough to
// show it is not loose by construction.
func TestTileAheadBoundsEveryChild(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	checked, tight := 0, 0
	cellsChecked, cellsTight := 0, 0
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
				var cells [solo.MaxFrontier]int16
				v, ok := m.tileAhead(&s, &la, sp, &cells)
				least := infinity
				for q := range s.NumFrontier() {
					c := s
					c.Apply(sp, s.FrontierCell(q))
					var own lookahead
					b := m.boundChild(&c, -1, &la, s.Tokens(), sp, uint8(q), &own)
					require.False(t, ok && v > b, "game %d, turn %d: tileAhead %d above the bound %d of the child on frontier cell %d", game, s.Turns()+1, v, b, q)
					if ok {
						cv := int(cells[q])
						require.False(t, cv > b, "game %d, turn %d: tileAhead's %d for frontier cell %d above the child's bound %d", game, s.Turns()+1, cv, q, b)
						require.GreaterOrEqual(t, cv, v, "game %d, turn %d: a cell's bound below the tile's", game, s.Turns()+1)
						cellsChecked++
						if cv == b {
							cellsTight++
						}
					}
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
	t.Logf("tileAhead equals the least child bound for %d of %d tiles, and the child's bound for %d of %d cells", tight, checked, cellsTight, cellsChecked)
	assert.Greater(t, cellsTight*2, cellsChecked, "tileAhead is the child's bound for %d of %d cells; want at least half", cellsTight, cellsChecked)
	assert.Greater(t, checked, 500, "tiles checked")
	assert.Greater(t, tight*4, checked, "tileAhead is the least child bound for %d of %d tiles; want at least a quarter", tight, checked)
}

// TestPhase2AheadMatchesBruteForce: in phase-2 endgames of three tiles,
// phase2Ahead's value for a tile is never above the best score of any
// child that takes it, found by trying every move.
func TestPhase2AheadMatchesBruteForce(t *testing.T) {
	src := rand.NewPCG(15, 16)
	checked := 0
	for seed := uint64(1); checked < 120 && seed < 400; seed++ {
		d := solo.SeedDeck(seed)[:15]
		g, ok := endgame(d, src, 3)
		if !ok || g.Phase() != solo.Phase2 {
			continue
		}
		m := newModel(d)
		s := g.State()
		var ahead [spaceCount]int
		m.phase2Ahead(&s, &ahead)
		var acc [3]uint8
		for _, sp := range acc[:s.Accessible(&acc)] {
			least := infinity
			for q := range s.NumFrontier() {
				c := s
				c.Apply(sp, s.FrontierCell(q))
				least = min(least, brute(t, m, &c))
			}
			require.LessOrEqual(t, ahead[sp], least, "seed %d, turn %d: phase2Ahead of space %d above the best child", seed, s.Turns()+1, sp)
			checked++
		}
	}
	assert.GreaterOrEqual(t, checked, 100, "tiles checked")
}

// TestPhase2AheadOnGoodLines: at 0 to 5 turns into phase 2 of the six lines
// of testdata/phase2, the value phase2Ahead gives the tile the line takes
// next is at most the line's score, and the values tell the tiles apart:
// some tile's value is above the position's own bound.
func TestPhase2AheadOnGoodLines(t *testing.T) {
	above, checked := 0, 0
	for seed := 1; seed <= 6; seed++ {
		data, err := os.ReadFile(filepath.Join("testdata", "phase2", fmt.Sprintf("seed-%d.json", seed)))
		require.NoError(t, err)
		l, err := solo.ParseLine(data)
		require.NoError(t, err)
		score, err := solo.Replay(l)
		require.NoError(t, err)
		m := newModel(l.Deck)
		for k := 0; k <= 5; k++ {
			g, err := solo.PlayPrefix(l, l.Phase1Turns+k)
			require.NoError(t, err)
			s := g.State()
			if s.Over() {
				break
			}
			var ahead [spaceCount]int
			m.phase2Ahead(&s, &ahead)
			next := l.Moves[l.Phase1Turns+k].Tile
			sp := 0
			for ; sp < spaceCount && s.TrackTile(sp) != next; sp++ {
			}
			require.Less(t, sp, spaceCount, "seed %d: tile %d not on the wheel", seed, next)
			assert.LessOrEqual(t, ahead[sp], score.Total(), "seed %d, %d turns into phase 2: the line's tile %d", seed, k, next)
			b := m.bound(&s)
			var acc [3]uint8
			for _, a := range acc[:s.Accessible(&acc)] {
				checked++
				if ahead[a] > b {
					above++
				}
			}
		}
	}
	t.Logf("phase2Ahead above the position's bound for %d of %d accessible tiles", above, checked)
	assert.Positive(t, above, "phase2Ahead never tells the tiles apart")
}

// TestCellGainsBoundTheTokens: at the phase-1 positions of random and
// token-greedy games, the tokens a display holds after a tile A on a
// frontier cell are never more than its tokens and cellEnds' count for A
// on that cell, and after a second tile B on any frontier cell of that,
// never more than its tokens, cellEnds' count for A's cell and B's colour
// and B's own tasks that the colours allow (what gateAhead.open counts),
// trying every pair of cells.
func TestCellGainsBoundTheTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	pairs, tight, tightA := 0, 0, 0
	for game := range 30 {
		d := solo.SeedDeck(uint64(game + 301))
		m := newModel(d)
		s := solo.NewState(d)
		for s.Phase() == solo.Phase1 && s.Tokens() < solo.TokensPhase1 {
			var la lookahead
			m.tileAheadOf(&s, &la)
			var acc [3]uint8
			k := s.Accessible(&acc)
			bestSp, bestCell, most := acc[0], s.FrontierCell(0), -1
			for _, spA := range acc[:k] {
				idA := m.deck[spA-1]
				for q := range s.NumFrontier() {
					var e cellEnd
					m.cellEnds(&la, idA, q, &e)
					a := s
					a.Apply(spA, s.FrontierCell(q))
					require.LessOrEqual(t, a.Tokens(), s.Tokens()+e.now, "game %d turn %d: tile %d on cell %d", game, s.Turns()+1, idA, q)
					if a.Tokens() == s.Tokens()+e.now && e.now > 0 {
						tightA++
					}
					if n := (a.Tokens()-s.Tokens())*8 + rng.IntN(8); n > most {
						most, bestSp, bestCell = n, spA, s.FrontierCell(q)
					}
					if a.Phase() != solo.Phase1 {
						continue
					}
					var accB [3]uint8
					for _, spB := range accB[:a.Accessible(&accB)] {
						idB := m.deck[spB-1]
						limit := s.Tokens() + e.withB[tiles[idB].colour] + m.ownAfter(&la, idA, idB)
						for r := range a.NumFrontier() {
							b := a
							b.Apply(spB, a.FrontierCell(r))
							require.LessOrEqual(t, b.Tokens(), limit, "game %d turn %d: tiles %d, %d on cells %d, %d", game, s.Turns()+1, idA, idB, q, r)
							pairs++
							if b.Tokens() == limit {
								tight++
							}
						}
					}
				}
			}
			if game%2 == 1 {
				bestSp, bestCell = acc[rng.IntN(k)], s.FrontierCell(rng.IntN(s.NumFrontier()))
			}
			s.Apply(bestSp, bestCell)
		}
	}
	t.Logf("%d placements of two tiles, %d of them reaching the bound; %d placements of one tile reaching a positive bound", pairs, tight, tightA)
	require.Greater(t, pairs, 10000)
	require.Greater(t, tight, 0)
	require.Greater(t, tightA, 0)
}

// TestParentSetsBoundEveryChild: in phase-2 endgames of three tiles, for
// limits from 12 under the best line to the worst child's best, the bound a child gets
// with the sets its parent's walk put above the limit (boundBelowFrom) is
// never above the child's best score, found by trying every move, and is
// above the limit wherever the child's bound without them is; and the
// bound the parent gives a child by its tile's cell (pinCells) is above
// the limit and never above the child's best.
func TestParentSetsBoundEveryChild(t *testing.T) {
	src := rand.NewPCG(23, 24)
	checked, cut, extra, pinned, soft := 0, 0, 0, 0, 0
	for seed := uint64(1); checked < 5000 && seed < 400; seed++ {
		d := solo.SeedDeck(seed)[:15]
		g, ok := endgame(d, src, 3)
		if !ok || g.Phase() != solo.Phase2 {
			continue
		}
		s := g.State()
		plain := newModel(d)
		var acc [3]uint8
		type child struct {
			s    solo.State
			sp   uint8
			q    int
			best int
		}
		var kids []child
		least, most := infinity, 0
		for _, sp := range acc[:s.Accessible(&acc)] {
			for q := range s.NumFrontier() {
				c := s
				c.Apply(sp, s.FrontierCell(q))
				b := brute(t, plain, &c)
				kids = append(kids, child{c, sp, q, b})
				least, most = min(least, b), max(most, b)
			}
		}
		for lim := least - 12; lim <= min(most, least+40); lim++ {
			m, mf, ms := newModel(d), newModel(d), newModel(d)
			var ahead [spaceCount]int
			var above aboveSets
			var far farSights
			var cells [spaceCount][solo.MaxFrontier]int16
			m.phase2AheadAbove(&s, &ahead, lim, &above, &far, &cells, nil)
			for _, k := range kids {
				if v := int(cells[k.sp][k.q]); v > 0 {
					// The child's tile pinned to its cell (pinCells).
					require.Greater(t, v, lim, "seed %d, limit %d: a pinned cell's bound within the limit", seed, lim)
					require.LessOrEqual(t, v, k.best, "seed %d, limit %d: the child taking space %d to cell %d, pinned", seed, lim, k.sp, k.q)
					pinned++
				}
				ps := parentSets{above: &above, it: wheelIndex(&s, k.sp), lim: lim}
				v := m.boundBelowFrom(&k.s, lim, &ps)
				require.LessOrEqual(t, v, k.best, "seed %d, limit %d: the child taking space %d", seed, lim, k.sp)
				without := plain.boundBelow(&k.s, lim)
				if without > lim {
					require.Greater(t, v, lim, "seed %d, limit %d: weaker than without the parent's sets", seed, lim)
					cut++
				} else if v > lim {
					extra++
				}
				// Above the limit, phase 2's value with the parent's sets
				// is the least bound of the sets left out, often more than
				// one above (fail-soft).
				sco := k.s.Score()
				notes := sco.S1 + sco.P1 + k.s.DisplayCost()
				if e, ok := ms.phase2ExactBelow(&k.s, lim-notes, infinity, &ps); ok && e > lim-notes+1 {
					require.LessOrEqual(t, notes+e, k.best, "seed %d, limit %d: the child taking space %d, phase 2's value", seed, lim, k.sp)
					soft++
				}
				// With the parent's far sights too (as gen asks):
				// never above the child's best.
				ps.far, ps.col = &far, tiles[s.TrackTile(int(k.sp))].colour
				vf := mf.boundBelowFrom(&k.s, lim, &ps)
				require.LessOrEqual(t, vf, k.best, "seed %d, limit %d: the child taking space %d, with the parent's far sights", seed, lim, k.sp)
				checked++
			}
		}
	}
	t.Logf("%d children: %d above the limit, %d of them only with the parent's sets, %d more than one above by phase 2's value; %d bounded by their pinned cell", checked, cut+extra, extra, soft, pinned)
	assert.Greater(t, soft, checked/10, "children whose phase-2 value is more than one above the limit")
	assert.GreaterOrEqual(t, checked, 5000, "children checked")
	assert.Positive(t, cut, "children above the limit")
	assert.Positive(t, pinned, "children bounded by their pinned cell")
}

// TestParentFarSightsBoundTheChild checks cellKindsFrom: at the positions
// of random games (phase 2's bounds and phase 1's layout bounds take the
// parent's far sights), for every child (each tile the wheel offers
// on each frontier cell), the far sights it takes from the parent are
// never below the child's own (so the bound stays admissible), and those
// of the taken tile's colour are the child's own.
func TestParentFarSightsBoundTheChild(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	children, looser := 0, 0
	for game := range 60 {
		d := solo.SeedDeck(uint64(game + 1))
		g, err := solo.NewGame(d)
		require.NoError(t, err)
		s := g.State()
		for !s.Over() {
			if s.Phase() == solo.Phase1 && s.CanEndPhase1() && rng.IntN(3) == 0 {
				s.EndPhase1()
			}
			w := new(reachScratch)
			var parent cellSights
			cellKinds(&s, &parent, w)
			var acc [3]uint8
			for _, sp := range acc[:s.Accessible(&acc)] {
				col := tiles[s.TrackTile(int(sp))].colour
				for q := range s.NumFrontier() {
					c := s
					c.Apply(sp, s.FrontierCell(q))
					var own, from cellSights
					cellKinds(&c, &own, w)
					cellKindsFrom(&c, &from, w, &parent.far, col)
					require.Equal(t, own.far[col], from.far[col], "game %d: the taken tile's colour %v", game, col)
					require.Equal(t, own.n, from.n, "game %d: the kinds of cells", game)
					for k := range own.far {
						for a := 1; a <= farMax; a++ {
							require.GreaterOrEqual(t, from.far[k][a], own.far[k][a], "game %d: far[%v][%d] below the child's own", game, solo.Colour(k), a)
						}
					}
					if from.far != own.far {
						looser++
					}
					children++
				}
			}
			randomTurn(&s, rng)
		}
	}
	t.Logf("%d children, %d with far sights looser than their own", children, looser)
	assert.Greater(t, children, 1000, "children checked")
	assert.Positive(t, looser, "children whose far sights the parent's loosen")
}

// TestChildWalkTakesTheParentsSets: at the phase-2 positions of the
// solver's lines, for limits around the line's score, a child's walk that
// takes the sets its parent's walk put above the limit (phase2AheadAbove
// with from, as gen asks) marks each of them above, and the bound it
// marks a set with is never above the best line through the child that
// takes just that set, found by trying every move (sets of one or two
// tiles); nor are its tiles' bounds above the best line through them.
func TestChildWalkTakesTheParentsSets(t *testing.T) {
	seeds := []uint64{1, 2, 3, 4, 5, 6}
	if testing.Short() {
		seeds = seeds[:2]
	}
	taken, checked, tight := 0, 0, 0
	for _, seed := range seeds {
		m := newModel(solo.SeedDeck(seed))
		alongSolverLine(t, seed, func(i int, p *solo.State, final int) {
			if p.Phase() != solo.Phase2 {
				return
			}
			type child struct {
				c     solo.State
				sp    uint8
				bySet map[uint32]int
			}
			var kids []child
			var acc [3]uint8
			for _, sp := range acc[:p.Accessible(&acc)] {
				for q := range p.NumFrontier() {
					c := *p
					c.Apply(sp, p.FrontierCell(q))
					if c.Over() {
						continue
					}
					k := child{c: c, sp: sp, bySet: map[uint32]int{}}
					bestBySet(&k.c, wheelSpaces(&k.c), 0, 2, k.bySet)
					kids = append(kids, k)
				}
			}
			for lim := final - 4; lim <= final+2; lim++ {
				var ahead [spaceCount]int
				var above aboveSets
				var far farSights
				var cells [spaceCount][solo.MaxFrontier]int16
				m.phase2AheadAbove(p, &ahead, lim, &above, &far, &cells, nil)
				for _, k := range kids {
					from := parentSets{above: &above, it: wheelIndex(p, k.sp), lim: lim, far: &far, col: tiles[p.TrackTile(int(k.sp))].colour}
					var cAhead [spaceCount]int
					var cAbove aboveSets
					var cFar farSights
					var cCells [spaceCount][solo.MaxFrontier]int16
					m.phase2AheadAbove(&k.c, &cAhead, lim, &cAbove, &cFar, &cCells, &from)
					ok := m.takeableSets(wheelSpaces(&k.c), k.c.Meeple())
					for S := uint32(1); S < 1<<k.c.TilesOnTrack(); S++ {
						if !ok.has(S) || !above.has(parentSet(S, from.it)) {
							continue
						}
						require.True(t, cAbove.has(S), "seed %d, %d turns in, limit %d: a set the parent put above is not above", seed, i, lim)
						taken++
						if b, found := k.bySet[S]; found {
							require.LessOrEqual(t, int(cAbove.total[S]), b, "seed %d, %d turns in, limit %d: the child by space %d, set %b", seed, i, lim, k.sp, S)
							checked++
							if int(cAbove.total[S]) == b {
								tight++
							}
						}
					}
					// Each tile's bound, against the lines of one or two
					// tiles through it.
					sp := wheelSpaces(&k.c)
					for S, b := range k.bySet {
						for j := range sp {
							if S&(1<<j) != 0 {
								require.LessOrEqual(t, cAhead[sp[j]], b, "seed %d, %d turns in, limit %d: the child by space %d, its tile on space %d", seed, i, lim, k.sp, sp[j])
							}
						}
					}
				}
			}
		})
	}
	t.Logf("%d sets taken from the parent's walk, %d checked against their best lines, %d of them exactly", taken, checked, tight)
	assert.Positive(t, checked, "sets taken from the parent's walk checked against their best lines")
	assert.Positive(t, tight, "sets whose bound is their best line's score")
}

// TestEnterHandsTheChildItsParentsSets: at the phase-2 positions of the
// solver's lines, for each child gen makes, enter hands the child's walk
// its parent's marks and far sights at the parent's depth and the wheel
// index of the tile the child takes, and the child's gen then marks every
// set whose parent set its parent marked.
func TestEnterHandsTheChildItsParentsSets(t *testing.T) {
	entered, marked, unlike := 0, 0, 0
	for _, seed := range []uint64{1, 2, 3} {
		g, err := solo.NewGame(solo.SeedDeck(seed))
		require.NoError(t, err)
		w := newWorker(newShared(g, 16))
		alongSolverLine(t, seed, func(d int, p *solo.State, final int) {
			if p.Phase() != solo.Phase2 {
				return
			}
			w.stack[d] = *p
			w.depth = d
			w.inherit[d] = parentSets{}
			lim := final - 1
			n, _ := w.gen(&w.stack[d], &w.moves[d], &w.stack[d+1], lim)
			ids := []int{}
			for _, sp := range wheelSpaces(p) {
				ids = append(ids, p.TrackTile(int(sp)))
			}
			for _, mv := range w.moves[d][:n] {
				w.enter(d, p, mv)
				in := &w.inherit[d+1]
				require.NotNil(t, in.above, "seed %d, %d turns in: a phase-2 child gets no sets", seed, d)
				require.Same(t, &w.above[d][0], in.above, "seed %d, %d turns in: not the parent's marks", seed, d)
				require.Same(t, &w.far[d][0], in.far, "seed %d, %d turns in: not the parent's far sights", seed, d)
				require.Equal(t, p.TrackTile(int(mv.sp)), ids[in.it], "seed %d, %d turns in: the wheel index of the tile taken", seed, d)
				require.Equal(t, tiles[ids[in.it]].colour, in.col, "seed %d, %d turns in: the colour of the tile taken", seed, d)
				entered++
				if entered%7 != 0 {
					continue
				}
				w.play(p, mv, &w.stack[d+1])
				c := w.stack[d+1]
				if !c.Over() {
					w.depth = d + 1
					w.gen(&w.stack[d+1], &w.moves[d+1], &w.stack[d+2], lim)
					// The child's marks are its walk's with the parent's
					// sets, and not its walk's alone.
					var ahead [spaceCount]int
					var with, alone aboveSets
					var far farSights
					var cells [spaceCount][solo.MaxFrontier]int16
					w.sh.m.phase2AheadAbove(&c, &ahead, lim, &with, &far, &cells, in)
					w.sh.m.phase2AheadAbove(&c, &ahead, lim, &alone, &far, &cells, nil)
					ok := w.sh.m.takeableSets(wheelSpaces(&c), c.Meeple())
					differs := false
					for S := uint32(1); S < 1<<c.TilesOnTrack(); S++ {
						if !ok.has(S) {
							continue
						}
						got := w.above[d+1][0].has(S)
						require.Equal(t, with.has(S), got, "seed %d, %d turns in: set %b", seed, d, S)
						if got {
							require.Equal(t, with.total[S], w.above[d+1][0].total[S], "seed %d, %d turns in: set %b's bound", seed, d, S)
							differs = differs || !alone.has(S) || alone.total[S] != with.total[S]
						}
						if w.above[d][0].has(parentSet(S, in.it)) {
							require.True(t, got, "seed %d, %d turns in: a set the parent marked is not marked", seed, d)
							marked++
						}
					}
					if differs {
						unlike++
					}
				}
				w.unplay(mv)
			}
		})
	}
	t.Logf("%d children entered, %d sets marked through their parents; %d children's marks not their walk's alone", entered, marked, unlike)
	assert.Positive(t, entered, "children entered")
	assert.Positive(t, marked, "sets marked through the parent's")
	assert.Positive(t, unlike, "children whose marks are not their walk's alone")
}

// TestPinCellsSharesAlikeCells: at the phase-2 positions of the solver's
// lines and of random lines, for limits around the line's score, the
// children's bounds by cell (pinCells, through phase2AheadAbove) are the
// same whether cells alike (pinLike) share the first count's answer or
// each cell is counted; and cells do share it.
func TestPinCellsSharesAlikeCells(t *testing.T) {
	defer func() { pinShare = true }()
	positions, bounded := 0, 0
	check := func(m *model, s *solo.State, final int) {
		if s.Phase() != solo.Phase2 {
			return
		}
		positions++
		for lim := final - 6; lim <= final+2; lim++ {
			var got [2][spaceCount][solo.MaxFrontier]int16
			for k, on := range []bool{true, false} {
				pinShare = on
				var ahead [spaceCount]int
				var above aboveSets
				var far farSights
				m.phase2AheadAbove(s, &ahead, lim, &above, &far, &got[k], nil)
			}
			require.Equal(t, got[1], got[0], "%d turns in, limit %d: the cells' bounds", s.Turns(), lim)
			for _, row := range got[0] {
				for _, v := range row {
					if v > 0 {
						bounded++
					}
				}
			}
		}
	}
	for _, seed := range []uint64{1, 2, 3, 4} {
		m := newModel(solo.SeedDeck(seed))
		alongSolverLine(t, seed, func(_ int, s *solo.State, final int) { check(m, s, final) })
	}
	src := rand.NewPCG(29, 30)
	for seed := uint64(1); seed <= 20; seed++ {
		d := solo.SeedDeck(seed)
		m := newModel(d)
		alongRandomLine(d, src, func(_ int, s *solo.State, final int) bool {
			check(m, s, min(final, 100))
			return true
		})
	}
	t.Logf("%d positions, %d children bounded by their cell", positions, bounded)
	assert.Positive(t, bounded, "children bounded by their cell")
}

// wheelSpaces lists the occupied spaces of s's wheel in order.
func wheelSpaces(s *solo.State) []uint8 {
	var spaces []uint8
	for sp := range uint8(spaceCount) {
		if s.TrackTile(int(sp)) != 0 {
			spaces = append(spaces, sp)
		}
	}
	return spaces
}

// bestBySet writes to best, for each set of the wheel tiles on spaces
// (bits in their order) that a line from s of at most turns turns takes
// until the game ends, the best score of such a line; taken holds the
// tiles taken so far.
func bestBySet(s *solo.State, spaces []uint8, taken uint32, turns int, best map[uint32]int) {
	if s.Over() {
		sc := s.Score().Total()
		if b, ok := best[taken]; !ok || sc < b {
			best[taken] = sc
		}
		return
	}
	if turns == 0 {
		return
	}
	var acc [3]uint8
	for _, sp := range acc[:s.Accessible(&acc)] {
		i := slices.Index(spaces, sp)
		for q := range s.NumFrontier() {
			c := *s
			c.Apply(sp, s.FrontierCell(q))
			bestBySet(&c, spaces, taken|1<<i, turns-1, best)
		}
	}
}
