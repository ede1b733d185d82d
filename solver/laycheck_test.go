package solver

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// mostTokens is the most tokens that turns taking the tiles ids from s's
// wheel, and no other tile, give s's display: every order the engine
// allows (solo.State.Accessible, Apply), every empty cell next to the
// display, no bound (a position met again in another order is looked up,
// not played again).
func mostTokens(s *solo.State, ids []uint8) int {
	return layAll(s, ids, map[uint64]int{})
}

// layAll is mostTokens with memo holding the value of each position met:
// its display, tiles still to take and meeple.
func layAll(s *solo.State, ids []uint8, memo map[uint64]int) int {
	k := mix(shortKey(s, ids, 0) ^ uint64(s.Meeple()))
	if v, ok := memo[k]; ok {
		return v
	}
	best := s.Tokens()
	var acc [3]uint8
	var fr [solo.MaxFrontier]solo.Cell
	nf := s.Frontier(&fr)
	for _, sp := range acc[:s.Accessible(&acc)] {
		k := slices.Index(ids, uint8(s.TrackTile(int(sp))))
		if k < 0 || s.Over() {
			continue
		}
		rest := slices.Delete(slices.Clone(ids), k, k+1)
		for _, c := range fr[:nf] {
			t := *s
			t.Apply(sp, c)
			best = max(best, layAll(&t, rest, memo))
		}
	}
	memo[k] = best
	return best
}

// mostAnyOrder is the most tokens any layout of the tiles ids gives s's
// display when they are laid in any order, as if the wheel allowed it
// (tokens only grow, R11, so a final layout holds the most).
func mostAnyOrder(s *solo.State, ids []uint8) int {
	best := s.Tokens()
	eachLayoutAnyOrder(s, ids, func(t *solo.State) { best = max(best, t.Tokens()) })
	return best
}

// eachLayoutAnyOrder calls leaf once with each layout of all the tiles
// ids laid on s, in any order, each on an empty cell next to the display
// (a layout met again in another order is not laid again).
func eachLayoutAnyOrder(s *solo.State, ids []uint8, leaf func(t *solo.State)) {
	seen := map[uint64]bool{}
	var lay func(s *solo.State, ids []uint8)
	lay = func(s *solo.State, ids []uint8) {
		k := shortKey(s, ids, 0)
		if seen[k] {
			return
		}
		seen[k] = true
		if len(ids) == 0 {
			leaf(s)
			return
		}
		var fr [solo.MaxFrontier]solo.Cell
		nf := s.Frontier(&fr)
		for j, id := range ids {
			rest := slices.Delete(slices.Clone(ids), j, j+1)
			for _, c := range fr[:nf] {
				t := *s
				t.Lay(id, c)
				lay(&t, rest)
			}
		}
	}
	lay(s, ids)
}

// wheelSet plays the given number of random turns of seed's deck (fewer
// if the game ends) and returns the position and a random set of least
// to most of its wheel tiles; ok is false when the game is over or the
// wheel holds fewer than least tiles.
func wheelSet(seed uint64, rng *rand.Rand, turns, least, most int) (s solo.State, ids []uint8, ok bool) {
	s = solo.NewState(solo.SeedDeck(seed))
	for range turns {
		if !s.Over() {
			randomTurn(&s, rng)
		}
	}
	wheel, _, _ := wheelOf(&s)
	if s.Over() || len(wheel) < least {
		return s, nil, false
	}
	rng.Shuffle(len(wheel), func(i, j int) { wheel[i], wheel[j] = wheel[j], wheel[i] })
	return s, wheel[:least+rng.IntN(min(most, len(wheel))-least+1)], true
}

// TestLayCheckMatchesExhaustive: at phase-1 positions of random games, for
// sets of 1 to layCheckMost (5) tiles of the wheel and targets from 1 to
// 7 tokens above the display's, layCheck says a target is reached exactly
// when some layout of the tiles reaches it, unless it gave up (then it
// says yes), and it says no on many of them: it is the phase-1 test of
// layoutEndsLaid (whose sets hold at most layEndsMost tiles).
func TestLayCheckMatchesExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var lc layCheck
	checked, no, gaveUp := 0, 0, 0
	for seed := uint64(1); checked < 400; seed++ {
		s := solo.NewState(solo.SeedDeck(seed))
		for range 3 + rng.IntN(5) {
			randomTurn(&s, rng)
		}
		if s.Phase() != solo.Phase1 {
			continue
		}
		wheel, _, _ := wheelOf(&s)
		rng.Shuffle(len(wheel), func(i, j int) { wheel[i], wheel[j] = wheel[j], wheel[i] })
		ids := wheel[:1+rng.IntN(min(layCheckMost, len(wheel)))]
		most := mostTokens(&s, ids)
		for need := s.Tokens() + 1; need <= s.Tokens()+7; need++ {
			got := lc.reaches(&s, ids, need)
			if lc.nodes > layCheckNodes {
				gaveUp++
				assert.True(t, got, "seed %d: gave up and said no", seed)
				continue
			}
			assert.Equal(t, most >= need, got, "seed %d, tiles %v, %d tokens now: the most any layout gives is %d, target %d", seed, ids, s.Tokens(), most, need)
			if !got {
				no++
			}
			checked++
		}
	}
	assert.Greater(t, no, checked/4, "layCheck said no on %d of %d", no, checked)
	assert.Less(t, gaveUp, checked/20, "layCheck gave up on %d", gaveUp)
}

// TestLayCheckAtTheMost: at 40 positions of random games of 4 to 12
// turns, for sets of 2 to layCheckMost (5) wheel tiles, layCheck reaches
// the most tokens any layout of the tiles gives (mostTokens) and not one
// more, unless it gives up: a bound that left out a layout it should not
// have would miss the most. Targets this close are where the bounds
// before each tile decide (most questions far from the most are answered
// at the top).
func TestLayCheckAtTheMost(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var lc layCheck
	checked, gaveUp, above := 0, 0, 0
	for seed := uint64(1); checked < 40; seed++ {
		s, ids, ok := wheelSet(seed, rng, 4+rng.IntN(9), 2, layCheckMost)
		if !ok {
			continue
		}
		most := mostTokens(&s, ids)
		require.True(t, lc.reaches(&s, ids, most), "seed %d, tiles %v, %d tokens now: the most any layout gives is %d, and layCheck says it is not reached", seed, ids, s.Tokens(), most)
		got := lc.reaches(&s, ids, most+1)
		if lc.nodes > layCheckNodes {
			gaveUp++
			continue
		}
		require.False(t, got, "seed %d, tiles %v: the most any layout gives is %d, and layCheck reaches one more", seed, ids, most)
		if most > s.Tokens() {
			above++
		}
		checked++
	}
	assert.Less(t, gaveUp, checked/10, "layCheck gave up on %d", gaveUp)
	assert.Greater(t, above, checked/2, "the tiles added tokens in %d of %d", above, checked)
}

// TestLayoutEndsLaidMatchesBruteForce: at the short positions of
// TestLayoutEndsTilesMatchBruteForce, with limits around layoutEnds'
// value, layoutEndsLaid cuts a position only when every line from it
// scores above the limit, and rules out a tile only when every line that
// takes it does, and it is never weaker than layoutEndsTiles. (With three
// tiles left the counter is exact on the sets that end phase 1 early, so
// it is not stronger here either: TestLayoutEndsLaidCutsMore shows where.)
func TestLayoutEndsLaidMatchesBruteForce(t *testing.T) {
	shortPositions(t, rand.New(rand.NewPCG(13, 14)), 100, func(seed uint64, d solo.Deck, s solo.State) {
		m := newModel(d)
		best := brute(t, m, &s)
		tileBest := tileBests(t, m, &s)
		var acc [3]uint8
		dc := 2 * s.DisplayCost()
		full := m.layoutEnds(&s)
		for _, limit := range []int{full - 2, full, full + 3, full + 8, best - dc - 1} {
			var by, byLaid [spaceCount]int
			v := m.layoutEndsTiles(&s, limit, &by)
			vl := m.layoutEndsLaid(&s, limit, &byLaid, nil)
			if vl > limit {
				require.Greater(t, best, dc+limit, "seed %d, limit %d: cut, but a line scores %d", seed, dc+limit, best)
			}
			assert.False(t, v > limit && vl <= limit, "seed %d, limit %d: weaker than layoutEndsTiles", seed, limit)
			for _, sp := range acc[:s.Accessible(&acc)] {
				assert.False(t, by[sp] > 0 && byLaid[sp] == 0, "seed %d, limit %d: the tile of space %d ruled out by layoutEndsTiles only", seed, limit, sp)
				if byLaid[sp] > 0 {
					require.Greater(t, tileBest[sp], dc+limit, "seed %d, limit %d: the tile of space %d ruled out, its best line %d", seed, dc+limit, sp, tileBest[sp])
				}
			}
		}
	})
}

// shortOf8 plays six random turns of d and reports whether the position
// is one the proof lays sets at: in phase 1, short of 8 tokens (at depth
// six the sets of up to four tiles are the ones that matter most; deeper,
// they are fewer and smaller).
func shortOf8(d solo.Deck, rng *rand.Rand) (solo.State, bool) {
	s := solo.NewState(d)
	for range 6 {
		randomTurn(&s, rng)
	}
	return s, s.Phase() == solo.Phase1 && s.Tokens() < solo.TokensPhase1
}

// eachShortOf8 calls check at n positions of random games of whole decks
// (seeds 1, 2, ...) that shortOf8 finds short of 8 tokens, with the deck's
// model.
func eachShortOf8(rng *rand.Rand, n int, check func(seed uint64, m *model, s solo.State)) {
	tested := 0
	for seed := uint64(1); tested < n; seed++ {
		d := solo.SeedDeck(seed)
		s, ok := shortOf8(d, rng)
		if !ok {
			continue
		}
		tested++
		check(seed, newModel(d), s)
	}
}

// TestLayoutEndsLaidCutsMore: at positions of random games of whole decks
// after six turns, short of 8 tokens (where the proof asks it), with the
// limit at layoutEndsTiles' value, layoutEndsLaid is never weaker: it cuts
// the position or rules out a tile wherever layoutEndsTiles does; it never
// cuts or rules out what it would not with an exhaustive search deciding
// which sets reach 8 tokens; and on many positions it cuts or rules out
// more than layoutEndsTiles, because a set the counter lets end phase 1
// reaches 8 tokens in no layout.
func TestLayoutEndsLaidCutsMore(t *testing.T) {
	const tested = 150
	stronger := 0
	eachShortOf8(rand.New(rand.NewPCG(21, 22)), tested, func(seed uint64, m *model, s solo.State) {
		limit := m.layoutEnds(&s)
		var by, byLaid, byExact [spaceCount]int
		v := m.layoutEndsTiles(&s, limit, &by)
		vl := m.layoutEndsLaid(&s, limit, &byLaid, nil)
		require.LessOrEqual(t, v, limit, "seed %d: layoutEndsTiles cuts at its own value", seed)
		// The same with an exhaustive search deciding which sets fall
		// short: layCheck is exact or gives up, so never above it.
		exact := func(s *solo.State, ids []uint8, _ *[solo.MaxTurns]uint8, _ *[layCheckMost]uint8) bool {
			return mostTokens(s, ids) < solo.TokensPhase1
		}
		ve := m.layoutEndsHolding(&s, limit, &byExact, 0, exact, false, nil)
		require.False(t, vl > limit && ve <= limit, "seed %d: layoutEndsLaid cuts, the exhaustive check does not", seed)
		more := vl > limit
		for sp := range spaceCount {
			require.False(t, by[sp] > 0 && byLaid[sp] == 0, "seed %d: the tile of space %d ruled out by layoutEndsTiles only", seed, sp)
			require.False(t, byLaid[sp] > 0 && byExact[sp] == 0, "seed %d: the tile of space %d ruled out by layCheck, not by the exhaustive check", seed, sp)
			more = more || byLaid[sp] > 0 && by[sp] == 0
		}
		if more {
			stronger++
		}
	})
	assert.Greater(t, stronger, tested/10, "layoutEndsLaid cut more than layoutEndsTiles on %d of %d positions", stronger, tested)
}

// TestLayoutEndsLaidKeepsValues: at positions of random games after six
// turns, short of 8 tokens, with limits around layoutEnds' value,
// layoutEndsLaid reusing each set's value from one round of laying to the
// next gives the value and the tiles ruled out that counting every round
// afresh gives.
func TestLayoutEndsLaidKeepsValues(t *testing.T) {
	laidMore := 0
	eachShortOf8(rand.New(rand.NewPCG(23, 24)), 150, func(seed uint64, m *model, s solo.State) {
		full := m.layoutEnds(&s)
		for _, limit := range []int{full - 2, full, full + 2, full + 5, full + 10, full + 20} {
			for _, withBy := range []bool{false, true} {
				var byKeep, byFresh [spaceCount]int
				bk, bf := &byKeep, &byFresh
				if !withBy {
					bk, bf = nil, nil
				}
				vk := m.layoutEndsHolding(&s, limit, bk, 0, layShort, true, nil)
				vf := m.layoutEndsHolding(&s, limit, bf, 0, layShort, false, nil)
				require.Equal(t, vf, vk, "seed %d, limit %d, by %v: the value", seed, limit, withBy)
				require.Equal(t, byFresh, byKeep, "seed %d, limit %d: the tiles ruled out", seed, limit)
				if !withBy && vk != m.layoutEndsHolding(&s, limit, nil, 0, nil, false, nil) {
					laidMore++ // a set was refuted: a later round counted
				}
			}
		}
	})
	assert.Greater(t, laidMore, 20, "calls where laying changed the value (later rounds ran)")
}

// TestLayShortRemembers: layShort answers as a fresh layCheck does, at the
// positions where the proof asks it, both when it searches and when it
// answers again from shortMemo, which then holds the question's key.
func TestLayShortRemembers(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var lc layCheck
	asked, short := 0, 0
	for seed := uint64(1); asked < 100; seed++ {
		s, ok := shortOf8(solo.SeedDeck(seed), rng)
		if !ok {
			continue
		}
		wheel, _, _ := wheelOf(&s)
		ids := wheel[:1+rng.IntN(min(layCheckMost, len(wheel)))]
		want := !lc.reaches(&s, ids, solo.TokensPhase1)
		require.Equal(t, want, layShort(&s, ids, nil, nil), "seed %d, tiles %v: searched", seed, ids)
		lc.prepare(&s, ids)
		h := lc.key(&s, solo.TokensPhase1)
		require.Equal(t, h, shortMemo[h>>(64-shortMemoBits)].Load()&^1, "seed %d: the answer is not in the memo", seed)
		require.Equal(t, want, layShort(&s, ids, nil, nil), "seed %d, tiles %v: from the memo", seed, ids)
		asked++
		if want {
			short++
		}
	}
	assert.Greater(t, short, 10, "layShort said short %d times of %d", short, asked)
}

// TestPhase2LaidCutsOnlyAboveTheBest: at phase-2 positions with at most
// three tiles left to take, for limits from 30 under the exact best
// (brute force) to 5 above it, phase2ExactBelow says the value exceeds a
// limit only when every line scores above it, also where only laying the
// sets' tiles (phase2LaidAbove) finds it; and its memo, which then keeps
// a lower bound, still answers later limits and the exact value right.
func TestPhase2LaidCutsOnlyAboveTheBest(t *testing.T) {
	src := rand.NewPCG(21, 22)
	positions, cuts, laid, atBest := 0, 0, 0, 0
	for seed := uint64(1); positions < 40; seed++ {
		d := solo.SeedDeck(seed)
		g, ok := endgame(d, src, 3)
		if !ok || g.Phase() != solo.Phase2 {
			continue
		}
		positions++
		s := g.State()
		m := newModel(d)
		sc := s.Score()
		base := sc.S1 + sc.P1 + s.DisplayCost()
		want := brute(t, m, &s) - base
		plain := newModel(d).phase2Exact(&s)
		m = newModel(d)
		for lim := want - 30; lim <= want+5; lim++ {
			v, done := m.phase2ExactBelow(&s, lim, infinity, nil)
			if !done || v <= lim {
				continue
			}
			require.LessOrEqual(t, v, want, "seed %d, limit %d: value %d above the best line's %d", seed, lim, v, want)
			// Asked again, the memo gives the same answer.
			v2, done2 := m.phase2ExactBelow(&s, lim, infinity, nil)
			assert.True(t, done2 && v2 > lim, "seed %d, limit %d: the memo lost the cut", seed, lim)
			cuts++
			if plain <= lim {
				laid++
				if lim == want-1 {
					atBest++
				}
			}
		}
		assert.Equal(t, plain, m.phase2Exact(&s), "seed %d: the exact value after the cuts", seed)
	}
	t.Logf("%d positions: %d cuts, %d of them by laying the tiles, %d at the best line's value", positions, cuts, laid, atBest)
	assert.Greater(t, laid, positions, "laying the tiles cut too seldom")
	assert.Greater(t, atBest, positions/4, "laying the tiles cut at the best line's value too seldom")
}

// TestLayCheckKeepsToTheWheel: the wheel's order of turns (R6, R7) limits
// the layouts: a tile taken first must go next to the display, and a tile
// taken before its neighbours cannot sit between them and the display. At
// positions of random games, for sets of 2 to 4 wheel tiles where the
// most that turns can give (mostTokens) is below the most that laying the
// tiles in any order gives, layCheck must say no to the latter; and such
// sets must be common enough to matter. (Four tiles at most: every order
// of five, each laid every way, takes minutes; the wheel's orders of five
// are TestTakeOrdersFollowTheEngine's.)
func TestLayCheckKeepsToTheWheel(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var lc layCheck
	asked, fewer := 0, 0
	for seed := uint64(1); asked < 120; seed++ {
		s, ids, ok := wheelSet(seed, rng, 3+rng.IntN(6), 2, 4)
		if !ok {
			continue
		}
		most, any := mostTokens(&s, ids), mostAnyOrder(&s, ids)
		require.LessOrEqual(t, most, any, "seed %d, tiles %v: the wheel's orders gave more than every order", seed, ids)
		asked++
		if most < any {
			fewer++
			got := lc.reaches(&s, ids, any)
			if lc.nodes <= layCheckNodes {
				require.False(t, got, "seed %d, tiles %v: turns give at most %d tokens, and layCheck reaches %d", seed, ids, most, any)
			}
		}
	}
	assert.Greater(t, fewer, asked/20, "the wheel's orders gave fewer tokens in %d of %d sets", fewer, asked)
	t.Logf("the wheel's orders gave fewer tokens than any order in %d of %d sets", fewer, asked)
}

// TestTakeOrdersFollowTheEngine: for sets of 1 to layCheckMost wheel tiles at
// positions of random games (phase 1 and 2, wheels of every size), the
// tiles layCheck lets the next turn take, after every sequence of turns
// that takes tiles of the set only, are those of the set that
// solo.State.Accessible offers.
func TestTakeOrdersFollowTheEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	var lc layCheck
	var follow func(s *solo.State, used, last int)
	follow = func(s *solo.State, used, last int) {
		var acc [3]uint8
		want := uint8(0)
		for _, sp := range acc[:s.Accessible(&acc)] {
			if k := slices.Index(lc.ids[:lc.n], uint8(s.TrackTile(int(sp)))); k >= 0 {
				want |= 1 << k
			}
		}
		require.Equal(t, want, lc.next[used][last+1], "tiles %v, taken %b, last %d: the turns allowed", lc.ids[:lc.n], used, last)
		for _, sp := range acc[:s.Accessible(&acc)] {
			if k := slices.Index(lc.ids[:lc.n], uint8(s.TrackTile(int(sp)))); k >= 0 && used|1<<k != 1<<lc.n-1 {
				u := *s
				u.Apply(sp, u.FrontierCell(0))
				follow(&u, used|1<<k, k)
			}
		}
	}
	positions, wrapped := 0, 0
	for seed := uint64(1); positions < 600; seed++ {
		s, ids, ok := wheelSet(seed, rng, rng.IntN(20), 1, layCheckMost)
		if !ok {
			continue
		}
		require.True(t, lc.prepare(&s, ids), "seed %d: a wheel tile not found on the wheel", seed)
		follow(&s, 0, -1)
		positions++
		// A set whose turns pass the meeple's space again goes round.
		for u := range 1 << lc.n {
			for l := range lc.n {
				if u&(1<<l) != 0 && lc.walked[u][l+1] && lc.next[u][l+1] != 0 && lc.space[bits.TrailingZeros8(lc.next[u][l+1])] < lc.space[l] {
					wrapped++
				}
			}
		}
	}
	assert.Greater(t, wrapped, 100, "turns that went round the wheel")
	// A tile that is not on the wheel leaves every order open.
	s := solo.NewState(solo.SeedDeck(1))
	ids := []uint8{uint8(s.TrackTile(1)), uint8(s.DeckTile(solo.SetupTiles + 3))}
	require.False(t, lc.prepare(&s, ids), "a deck tile found on the wheel")
	assert.Equal(t, uint8(0b11), lc.next[0][0], "the first turn: either tile")
	assert.Equal(t, uint8(0b10), lc.next[0b01][0+1], "after the first tile: the other")
}

// TestServedMatchesLaying: at positions of random games, for each colour
// and every open task that lacks it, served (the most such tasks the last
// tile of the colour brings enough of from one cell) equals what laying a
// tile of that colour on each empty cell next to the display and reading
// the tasks' tiles' sights gives; and it is under the count of the tasks'
// tiles touched alone somewhere, so the amounts matter. Given the tile's
// own tasks that need colours of which no tile comes (made up), it is the
// most over the cells of both, less the most of its own that one cell
// sees (ownMost's count), and often under served alone.
func TestServedMatchesLaying(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var lc layCheck
	ofColour := tileOfEachColour()
	asked, lower, jointLower := 0, 0, 0
	for seed := uint64(1); asked < 600; seed++ {
		s := randomPosition(seed, rng)
		lc.st[0] = s
		clear(lc.touchOK[0][:])
		clear(lc.aftReady[0][:])
		var fr [solo.MaxFrontier]solo.Cell
		nf := s.Frontier(&fr)
		for c := range solo.NumColours {
			var wants []wantTask
			for i := range s.DisplaySize() {
				id, _, op := s.Placed(i)
				seen := s.Seen(uint8(i))
				for j := range tiles[id].ntasks {
					if k := tiles[id].tasks[j][c]; op&(1<<j) != 0 && seen[c] < k {
						wants = append(wants, wantTask{i: uint8(i), c: uint8(c), k: k})
					}
				}
			}
			if len(wants) == 0 {
				continue
			}
			// own: tasks of random tiles, taken as needing only colours
			// of which no tile comes: served with them is the most over
			// the cells of the tasks served and own's seen there
			// (fixedTasks.at), less own's most on one cell, and at least 0.
			own := fixedTasks{n: 1 + rng.IntN(3), free: noColour}
			for k := range own.n {
				id := 1 + rng.IntN(solo.NumTiles)
				for tiles[id].ntasks == 0 {
					id = 1 + rng.IntN(solo.NumTiles)
				}
				own.t[k] = tiles[id].tasks[rng.IntN(int(tiles[id].ntasks))]
			}
			var ownAt [solo.MaxFrontier]int
			for f, q := range fr[:nf] {
				sees := s.CellSees(q)
				ownAt[f] = own.at(&sees)
				own.best = max(own.best, ownAt[f])
			}
			best, touched, joint := 0, 0, 0
			var nAt, jointAt [solo.MaxFrontier]int // per cell, for servedBut
			for f, q := range fr[:nf] {
				l := s
				l.Lay(ofColour[c], q)
				tq := s.Touched(q, solo.Colour(c))
				n, m := 0, 0
				for _, w := range wants {
					if l.Seen(w.i)[c] >= w.k {
						n++
					}
					if tq&(1<<w.i) != 0 {
						m++
					}
				}
				best, touched = max(best, n), max(touched, m)
				joint = max(joint, n+ownAt[f]-own.best)
				nAt[f], jointAt[f] = n, n+ownAt[f]-own.best
			}
			got := lc.served(0, fr[:nf], c, wants, len(wants), nil)
			require.Equal(t, best, got, "seed %d, colour %d, %d tasks", seed, c, len(wants))
			clear(lc.seesOK[0][:])
			gotJoint := lc.served(0, fr[:nf], c, wants, len(wants), &own)
			require.Equal(t, joint, gotJoint, "seed %d, colour %d, %d tasks, own %v on the cells: with the tile's own tasks", seed, c, len(wants), ownAt[:nf])
			if joint < best {
				jointLower++
			}
			// servedBut: the cell it names serves what it returns, and with
			// a cell taken it is the most over the others.
			for _, withOwn := range []*fixedTasks{nil, &own} {
				at := nAt
				if withOwn != nil {
					at = jointAt
				}
				v, arg := lc.servedBut(0, fr[:nf], c, wants, len(wants), withOwn, -1)
				if arg >= 0 {
					require.Equal(t, at[arg], v, "seed %d, colour %d: the best cell", seed, c)
				} else {
					require.Zero(t, v, "seed %d, colour %d: no best cell", seed, c)
				}
				for _, skip := range []int{max(arg, 0), rng.IntN(nf)} {
					want := 0
					for f := range nf {
						if f != skip {
							want = max(want, at[f])
						}
					}
					got, _ := lc.servedBut(0, fr[:nf], c, wants, len(wants), withOwn, skip)
					require.Equal(t, want, got, "seed %d, colour %d, cell %d taken, own %v", seed, c, skip, withOwn != nil)
				}
			}
			asked++
			if got < touched {
				lower++
			}
		}
	}
	assert.Greater(t, lower, asked/10, "served under the touched count on %d of %d", lower, asked)
	assert.Greater(t, jointLower, asked/10, "served with own under served alone on %d of %d", jointLower, asked)
}

// TestPinnedMetMatchesLaying: at positions of random games, for tasks of
// random tiles that need a colour col, and random other colours taken as
// fixed (no tile of them comes), a tile of col laid on each frontier cell
// leaves as many of them met somewhere as pinnedMet counts: a task is met
// where one empty cell of the layout then sees enough of col and of its
// fixed colours. pinnedMet may count more only for a task with no fixed
// colour where the tile's group would be large enough and the tile opens
// no cell.
func TestPinnedMetMatchesLaying(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var lc layCheck
	ofColour := tileOfEachColour()
	asked, bit, looser := 0, 0, 0
	for seed := uint64(1); asked < 3000; seed++ {
		s := randomPosition(seed, rng)
		lc.st[0] = s
		clear(lc.seesOK[0][:])
		var fr [solo.MaxFrontier]solo.Cell
		nf := s.Frontier(&fr)
		col := solo.Colour(rng.IntN(solo.NumColours))
		var pins pinTasks
		for pins.n < 6 {
			id := 1 + rng.IntN(solo.NumTiles)
			for _, task := range tiles[id].tasks[:tiles[id].ntasks] {
				if task[col] == 0 || pins.n == 6 {
					continue
				}
				var fixed uint8
				for c := range solo.NumColours {
					if task[c] > 0 && solo.Colour(c) != col && rng.IntN(2) == 0 {
						fixed |= 1 << c
					}
				}
				pins.t[pins.n] = pinTask{t: task, fixed: fixed}
				pins.n++
			}
		}
		lc.preparePins(0, fr[:nf], col, &pins)
		for f, p := range fr[:nf] {
			laid := s
			laid.Lay(ofColour[col], p)
			var fr2 [solo.MaxFrontier]solo.Cell
			nf2 := laid.Frontier(&fr2)
			want := 0
			for _, pt := range pins.t[:pins.n] {
				for _, q := range fr2[:nf2] {
					sees := laid.CellSees(q)
					ok := sees[col] >= pt.t[col]
					for c := range solo.NumColours {
						if pt.fixed&(1<<c) != 0 && sees[c] < pt.t[c] {
							ok = false
						}
					}
					if ok {
						want++
						break
					}
				}
			}
			got := lc.pinnedMet(0, fr[:nf], f, col, &pins)
			require.GreaterOrEqual(t, got, want, "seed %d: colour %d on cell %d", seed, col, p)
			if got > want {
				looser++
			}
			if got < pins.n {
				bit++
			}
			asked++
		}
	}
	assert.Less(t, looser, asked/50, "pinnedMet above the laid layout on %d of %d", looser, asked)
	assert.Greater(t, bit, asked/10, "pinnedMet under the tasks on %d of %d", bit, asked)
}

// tileOfEachColour returns a tile id of each colour.
func tileOfEachColour() [solo.NumColours]uint8 {
	var of [solo.NumColours]uint8
	for id := 1; id <= solo.NumTiles; id++ {
		of[tiles[id].colour] = uint8(id)
	}
	return of
}

// randomPosition plays 4 to 15 random turns of seed's deck, fewer where
// the game ends.
func randomPosition(seed uint64, rng *rand.Rand) solo.State {
	s := solo.NewState(solo.SeedDeck(seed))
	for range 4 + rng.IntN(12) {
		if !s.Over() {
			randomTurn(&s, rng)
		}
	}
	return s
}

// TestChildrenInheritRefutedSets: at positions of random games after six
// turns, short of 8 tokens, every set a child inherits from its parent as
// one phase 1 cannot end with (laidSets.inherit: lb infinity, the
// parent's sets with the child's tile that its count or its laying checks
// refuted) reaches 8 tokens in no layout on the child's display (an
// exhaustive search), and a child's layout bound with its parent's sets
// cuts only where the exhaustive check deciding every set does. Keeping
// the sets changes nothing of the parent's own bound.
func TestChildrenInheritRefutedSets(t *testing.T) {
	inherited, children := 0, 0
	eachShortOf8(rand.New(rand.NewPCG(31, 32)), 40, func(seed uint64, m *model, s solo.State) {
		limit := m.layoutEnds(&s)
		var parent laidSets
		var by, alone [spaceCount]int
		v := m.layoutEndsLaid(&s, limit, &by, &farLink{keepSets: &parent})
		// Keeping the sets for the children (with its last round over the
		// sets left uncounted) changes nothing of the parent's own bound.
		require.Equal(t, m.layoutEndsLaid(&s, limit, &alone, nil), v, "seed %d: the bound kept for the children", seed)
		require.Equal(t, alone, by, "seed %d: the tiles ruled out with the sets kept for the children", seed)
		exact := func(s *solo.State, ids []uint8, _ *[solo.MaxTurns]uint8, _ *[layCheckMost]uint8) bool {
			return mostTokens(s, ids) < solo.TokensPhase1
		}
		scratch := new(reachScratch)
		eachPhase1Child(&s, func(sp uint8, _ int, c *solo.State) {
			children++
			var U [maxAdded]uint8
			var spaceBit [solo.SetupTiles]uint32
			r, _ := phase1Sets(c, &U, &spaceBit, scratch)
			var lb [1 << solo.SetupTiles]int16
			parent.inherit(U[:r], uint8(s.TrackTile(int(sp))), &lb)
			for Y := range uint32(1) << r {
				if lb[Y] < infinity {
					continue
				}
				inherited++
				var ids []uint8
				for y := Y; y != 0; y &= y - 1 {
					ids = append(ids, U[bits.TrailingZeros32(y)])
				}
				require.Less(t, mostTokens(c, ids), solo.TokensPhase1, "seed %d: tiles %v inherited as refuted reach 8 tokens on the child", seed, ids)
			}
			climit := 2*s.DisplayCost() + limit - 2*c.DisplayCost()
			var byc, bye [spaceCount]int
			vc := m.layoutEndsLaid(c, climit, &byc, &farLink{sets: &parent})
			ve := m.layoutEndsHolding(c, climit, &bye, 0, exact, false, nil)
			require.False(t, vc > climit && ve <= climit, "seed %d: the child's bound with its parent's sets cuts, the exhaustive check does not", seed)
			for q := range spaceCount {
				require.False(t, byc[q] > 0 && bye[q] == 0, "seed %d: the child's tile of space %d ruled out with its parent's sets only", seed, q)
			}
		})
	})
	t.Logf("%d children, %d sets inherited", children, inherited)
	assert.Greater(t, inherited, 100, "sets the children inherited")
}

// fulfilledAny records, over every layout of the tiles ids laid on s in
// any order, the tasks that end fulfilled: those of s's display tiles
// that are open on s (disp, by tile) and those of the tiles laid (own,
// by tile id). Tokens only grow (R11), so the final layouts hold every
// task any layout fulfils on the way.
func fulfilledAny(s *solo.State, ids []uint8, disp *[solo.MaxTurns]uint8, own map[uint8]uint8) {
	base := s.DisplaySize()
	eachLayoutAnyOrder(s, ids, func(t *solo.State) {
		for i := range t.DisplaySize() {
			id, _, op := t.Placed(i)
			covered := (uint8(1)<<tiles[id].ntasks - 1) &^ op
			if i < base {
				_, _, was := s.Placed(i)
				disp[i] |= covered & was
			} else {
				own[uint8(id)] |= covered
			}
		}
	})
}

// liveHolds returns the tasks liveTasks and setCounter.liveOwn leave to a
// laying check of the set S of the counter sc's wheel tiles (ids, their
// colour counts packed) on s's display, and requires that every task
// some layout of ids fulfils in any order (fulfilledAny) is among them;
// where names the position in the messages.
func liveHolds(t *testing.T, s *solo.State, ids []uint8, sc *setCounter, S int, packed uint32, where string) (live [solo.MaxTurns]uint8, own [layCheckMost]uint8) {
	t.Helper()
	liveTasks(sc.open, packed, &live)
	sc.liveOwn(S, packed, &own)
	var disp [solo.MaxTurns]uint8
	ownMet := map[uint8]uint8{}
	fulfilledAny(s, ids, &disp, ownMet)
	for i := range s.DisplaySize() {
		require.Zero(t, disp[i]&^live[i], "%s, tiles %v: display tile %d's tasks %b fulfilled, live %b", where, ids, i, disp[i], live[i])
	}
	for k, id := range ids {
		require.Zero(t, ownMet[id]&^own[k], "%s, tiles %v: tile %d's tasks %b fulfilled, live %b", where, ids, id, ownMet[id], own[k])
	}
	return live, own
}

// TestLiveTasksHoldEveryLayout: at phase-2 positions of random lines, for
// random sets of one to four wheel tiles, every task that some layout of
// the set's tiles on the display fulfils, in any order (fulfilledAny), is
// among those liveTasks and setCounter.liveOwn leave to the laying checks
// (phase2LaidAbove): the display's open tasks the set can still fulfil,
// and the set's tiles' tasks its colours and the display's cells allow.
// And they leave out many: of the counter's open tasks, those that lack
// more tiles of a colour than the set brings, and some of the set's. The
// laying check told to leave them out (layCheck.live, ownLive) reaches
// the most tokens the wheel's turns give (mostTokens) and not one more,
// unless it gives up.
func TestLiveTasksHoldEveryLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	var lc layCheck
	sets, refuted, outDisp, outBeside, outOwn := 0, 0, 0, 0, 0
	for game := 1; sets < 120; game++ {
		d := solo.SeedDeck(uint64(200 + game%40))
		s, ok := phase2Start(t, d, game, 53)
		if !ok {
			continue
		}
		for range rng.IntN(4) {
			if !s.Over() {
				randomTurn(&s, rng)
			}
		}
		if s.Over() || s.Phase() != solo.Phase2 {
			continue
		}
		m := newModel(d)
		wheel, sc, _, sums := counterOf(m, &s)
		for range 3 {
			size := 1 + rng.IntN(min(3, len(wheel)))
			if rng.IntN(8) == 0 {
				size = min(4, len(wheel))
			}
			var S int
			for _, b := range rng.Perm(len(wheel))[:size] {
				S |= 1 << b
			}
			var ids []uint8
			for b := S; b != 0; b &= b - 1 {
				ids = append(ids, wheel[bits.TrailingZeros(uint(b))])
			}
			live, own := liveHolds(t, &s, ids, &sc, S, sums.added[S], fmt.Sprintf("game %d", game))
			for _, o := range sc.open {
				if live[o.i]&(1<<o.j) == 0 {
					outDisp++ // the counter's open task, but not with this set
					if live[o.i] != 0 {
						outBeside++ // beside a task of its tile left in
					}
				}
			}
			// The laying check with these tasks alone still reaches the
			// most tokens the wheel's turns give, and not one more.
			most := mostTokens(&s, ids)
			for need := max(most, s.Tokens()+1); need <= most+1; need++ {
				lc.prepare(&s, ids)
				lc.live, lc.liveN, lc.ownLive = live, s.DisplaySize(), own
				if got := lc.run(&s, need); lc.nodes <= layCheckNodes {
					require.Equal(t, need == most, got, "game %d, tiles %v: the most is %d, target %d", game, ids, most, need)
					if need > most {
						refuted++
					}
				}
			}
			for k, id := range ids {
				outOwn += bits.OnesCount8((uint8(1)<<tiles[id].ntasks - 1) &^ own[k])
			}
			sets++
		}
	}
	t.Logf("%d sets: %d of the counter's open display tasks (%d beside a task of their tile left in) and %d of the sets' tasks left out", sets, outDisp, outBeside, outOwn)
	assert.Greater(t, outDisp, sets, "display tasks left out")
	assert.Greater(t, outBeside, sets/4, "display tasks left out beside a task of their tile")
	assert.Greater(t, refuted, sets*3/4, "the checks that refuted one more than the most")
	assert.Greater(t, outOwn, sets/4, "the sets' tasks left out")
}

// phase1Counter is the setCounter layoutEndsHolding builds for a phase-1
// position s: for the wheel's tiles U[:r] (phase1Sets) and the deck's
// tiles that phase 2 may bring after them.
func phase1Counter(m *model, s *solo.State) (U []uint8, r int, sc setCounter) {
	var all [maxAdded]uint8
	var spaceBit [solo.SetupTiles]uint32
	scratch := new(reachScratch)
	r, _ = phase1Sets(s, &all, &spaceBit, scratch)
	n := r
	for i := solo.SetupTiles; i < min(m.deckLen, 2*solo.SetupTiles); i++ {
		all[n] = m.deck[i]
		n++
	}
	var wheelCol [solo.NumColours]int
	for _, id := range all[:n] {
		wheelCol[tiles[id].colour]++
	}
	sc = m.counterFrom(s, all[:n], &wheelCol, scratch, new([3 * solo.MaxTurns]openTask), new([solo.NumColours]int), nil, 0)
	return all[:n], r, sc
}

// TestPhase1LiveTasksHoldEveryLayout: at phase-1 positions short of 8
// tokens, for random sets of one to three wheel tiles, every task that
// some layout of the set's tiles fulfils (fulfilledAny) is among those
// that liveTasks and setCounter.liveOwn, with the counter that
// layoutEndsHolding builds, leave to its laying checks (layShort); and
// they leave out some of the counter's open tasks and of the set's.
func TestPhase1LiveTasksHoldEveryLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	sets, outDisp, outOwn := 0, 0, 0
	for seed := uint64(1); sets < 150; seed++ {
		d := solo.SeedDeck(seed)
		s, ok := shortOf8(d, rng)
		if !ok {
			continue
		}
		U, r, sc := phase1Counter(newModel(d), &s)
		if r == 0 {
			continue
		}
		var X int
		for _, b := range rng.Perm(r)[:1+rng.IntN(min(3, r))] {
			X |= 1 << b
		}
		var ids []uint8
		var packed uint32
		for b := X; b != 0; b &= b - 1 {
			id := U[bits.TrailingZeros(uint(b))]
			ids = append(ids, id)
			packed += 1 << (8 * tiles[id].colour)
		}
		live, own := liveHolds(t, &s, ids, &sc, X, packed, fmt.Sprintf("seed %d", seed))
		for _, o := range sc.open {
			if live[o.i]&(1<<o.j) == 0 {
				outDisp++
			}
		}
		for k, id := range ids {
			outOwn += bits.OnesCount8((uint8(1)<<tiles[id].ntasks - 1) &^ own[k])
		}
		sets++
	}
	t.Logf("%d sets: %d of the counter's open display tasks and %d of the sets' tasks left out", sets, outDisp, outOwn)
	assert.Greater(t, outDisp, sets, "display tasks left out")
	assert.Greater(t, outOwn, sets/4, "the sets' tasks left out")
}

// ownMostTaskByTask is layCheck.ownMost at st[0] as it was before the
// forty-ninth round: each task of each tile still to
// come counted where the colours allow it and, where it needs a colour of
// which no other tile comes, where some cell of the frontier fr sees
// enough of that colour, each task on its own.
func ownMostTaskByTask(lc *layCheck, fr []solo.Cell, lay, rem *[solo.NumColours]int) int {
	s := &lc.st[0]
	n := 0
	for _, id := range lc.ids[:lc.n] {
		others := *rem
		others[tiles[id].colour]--
	tasks:
		for _, t := range tiles[id].tasks[:tiles[id].ntasks] {
			for c := range solo.NumColours {
				k := lay[c] + rem[c]
				if solo.Colour(c) == tiles[id].colour {
					k--
				}
				if k < int(t[c]) {
					continue tasks
				}
			}
			for _, q := range fr {
				sees := s.CellSees(q)
				if seesFixed(&t, &sees, &others, noColour) {
					n++
					continue tasks
				}
			}
		}
	}
	return n
}

// TestOwnMostOneCellPerTile: at positions of random games, for sets of two
// or three wheel tiles, layCheck.ownMost (before any tile is laid) is at
// least the most tasks of the set's tiles that any layout of them, in any
// order, fulfils, and at most the count task by task
// (ownMostTaskByTask); and below it on some sets, where a tile's tasks
// that need colours no other tile brings are each seen enough by some
// cell, but not all by one.
func TestOwnMostOneCellPerTile(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	var lc layCheck
	sets, below := 0, 0
	for seed := uint64(1); sets < 300; seed++ {
		s, ids, ok := wheelSet(seed, rng, 2+rng.IntN(20), 2, 3)
		if !ok {
			continue
		}
		lc.prepare(&s, ids)
		lc.st[0] = s
		var fr [solo.MaxFrontier]solo.Cell
		nf := s.Frontier(&fr)
		clear(lc.seesOK[0][:nf])
		var lay, rem [solo.NumColours]int
		for i := range s.DisplaySize() {
			id, _, _ := s.Placed(i)
			lay[tiles[id].colour]++
		}
		for _, id := range ids {
			rem[tiles[id].colour]++
		}
		got := lc.ownMost(0, fr[:nf], 0, &lay, &rem, noColour, nil)
		most := 0
		base := s.DisplaySize()
		eachLayoutAnyOrder(&s, ids, func(t *solo.State) {
			n := 0
			for i := base; i < t.DisplaySize(); i++ {
				id, _, op := t.Placed(i)
				n += int(tiles[id].ntasks) - bits.OnesCount8(op)
			}
			most = max(most, n)
		})
		require.GreaterOrEqual(t, got, most, "seed %d, tiles %v: ownMost %d, but a layout fulfils %d of their tasks", seed, ids, got, most)
		old := ownMostTaskByTask(&lc, fr[:nf], &lay, &rem)
		require.LessOrEqual(t, got, old, "seed %d, tiles %v", seed, ids)
		if got < old {
			below++
		}
		sets++
	}
	assert.Greater(t, below, 0, "ownMost was below the count task by task on no set of %d", sets)
	t.Logf("%d sets, %d below the count task by task", sets, below)
}
