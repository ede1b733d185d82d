package solver

import (
	"context"
	"encoding/json"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/internal/reference"
	"github.com/novaluna/novaluna/solo"
)

// brute returns the best score reachable from s by trying every move, and
// checks on the way that the bound never exceeds it at any position.
func brute(t *testing.T, m *model, s *solo.State) int {
	if s.Over() {
		return s.Score().Total()
	}
	best := infinity
	if s.CanEndPhase1() {
		e := *s
		e.EndPhase1()
		best = brute(t, m, &e)
	}
	var acc [3]uint8
	k := s.Accessible(&acc)
	for i := range k {
		for j := range s.NumFrontier() {
			c := *s
			c.Apply(acc[i], s.FrontierCell(j))
			best = min(best, brute(t, m, &c))
		}
	}
	if b := m.bound(s); b > best {
		t.Errorf("bound(position after %d turns, phase %v) = %d, want at most the exact best %d", s.Turns(), s.Phase(), b, best)
	}
	return best
}

// endgame plays a random game of deck d until at most left tiles can still
// be taken, and returns it. ok is false if the game ended first.
func endgame(d solo.Deck, src *rand.PCG, left int) (g *solo.Game, ok bool) {
	l := solo.RandomLine(d, src)
	g, err := solo.NewGame(d)
	if err != nil {
		panic(err)
	}
	for i, mv := range l.Moves {
		s := g.State()
		remaining := s.TilesOnTrack()
		if s.Phase() == solo.Phase1 {
			remaining += min(s.Turns()+s.TilesOnTrack(), s.DeckLen()-solo.SetupTiles)
		}
		if remaining <= left && i > 0 {
			return g, true
		}
		if err := g.Play(mv); err != nil {
			panic(err)
		}
		if i+1 == l.Phase1Turns && g.Phase() == solo.Phase1 {
			if err := g.EndPhase1(); err != nil {
				panic(err)
			}
		}
	}
	return g, false
}

// TestSolveFromMatchesBruteForce solves endgames exhaustively both ways:
// the solver must prove the same optimum that trying every move finds, and
// the bound must hold at every position on the way.
func TestSolveFromMatchesBruteForce(t *testing.T) {
	src := rand.NewPCG(3, 4)
	tested := 0
	for seed := uint64(1); tested < 40; seed++ {
		full := solo.SeedDeck(seed)
		for _, size := range []int{12, 13, 22} {
			d := full[:size]
			g, ok := endgame(d, src, 3)
			if !ok {
				continue
			}
			tested++
			s := g.State()
			want := brute(t, newModel(d), &s)
			r, err := SolveFrom(context.Background(), g, Options{Workers: 1, TableBits: 12})
			if err != nil {
				t.Fatalf("seed %d, %d tiles: SolveFrom = %v", seed, size, err)
			}
			if r.Score.Total() != want || !r.Optimal || r.LowerBound != want {
				t.Errorf("seed %d, %d tiles, after %d turns: SolveFrom = score %d, bound %d, optimal %v; want %d, proven",
					seed, size, g.Turn()-1, r.Score.Total(), r.LowerBound, r.Optimal, want)
			}
			checkLine(t, r)
		}
	}
}

// checkLine asserts that a result's line replays to its score.
func checkLine(t *testing.T, r Result) {
	t.Helper()
	sc, err := solo.Replay(r.Line)
	if err != nil {
		t.Errorf("Replay(result line) = %v, want a legal line", err)
		return
	}
	if sc != r.Score {
		t.Errorf("Replay(result line) = %+v, want %+v", sc, r.Score)
	}
	// The independent reference implementation must agree.
	moves := make([]reference.Move, len(r.Line.Moves))
	for i, m := range r.Line.Moves {
		moves[i] = reference.Move{Tile: m.Tile, X: m.X, Y: m.Y}
	}
	if ref := reference.Score(r.Line.Deck, moves, r.Line.Phase1Turns); !ref.Legal || ref.Score != r.Score.Total() {
		t.Errorf("reference.Score(result line) = %+v, want legal, score %d", ref, r.Score.Total())
	}
	if r.LowerBound > r.Score.Total() {
		t.Errorf("lower bound %d > score %d", r.LowerBound, r.Score.Total())
	}
	if r.Optimal != (r.LowerBound == r.Score.Total()) {
		t.Errorf("optimal = %v with bound %d and score %d", r.Optimal, r.LowerBound, r.Score.Total())
	}
}

// TestBoundBelowRandomLines checks the bound of the start position, and the
// bound a short search proves, against thousands of random lines per deck.
func TestBoundBelowRandomLines(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 4, 101, 9999} {
		d := solo.SeedDeck(seed)
		r, err := Solve(context.Background(), d, Options{Time: 200 * time.Millisecond, Workers: 1, TableBits: 16})
		if err != nil {
			t.Fatalf("Solve(seed %d) = %v", seed, err)
		}
		checkLine(t, r)
		src := rand.NewPCG(seed, 1)
		for range 3000 {
			l := solo.RandomLine(d, src)
			rs, err := solo.Replay(l)
			if err != nil {
				t.Fatalf("seed %d: random line does not replay: %v", seed, err)
			}
			if rs.Total() < r.LowerBound {
				t.Errorf("seed %d: a random line scores %d, below the claimed lower bound %d", seed, rs.Total(), r.LowerBound)
				break
			}
		}
	}
}

// TestBoundAlongRandomLines checks the bound at every position of random
// lines: it may never exceed the line's final score.
func TestBoundAlongRandomLines(t *testing.T) {
	src := rand.NewPCG(5, 6)
	for seed := uint64(1); seed <= 30; seed++ {
		d := solo.SeedDeck(seed)
		m := newModel(d)
		for range 200 {
			alongRandomLine(d, src, func(i int, s *solo.State, final int) bool {
				if b := m.bound(s); b > final {
					t.Fatalf("seed %d: bound after %d turns = %d, but the line goes on to score %d", seed, i, b, final)
				}
				return true
			})
		}
	}
}

// TestDeterministicOneWorker solves the same deck twice with one worker
// and the same node budget: the results must be identical.
func TestDeterministicOneWorker(t *testing.T) {
	for _, seed := range []uint64{7, 8} {
		d := solo.SeedDeck(seed)
		var lines [2]Result
		for i := range lines {
			g, _ := solo.NewGame(d)
			r, err := solve(context.Background(), g, Options{Workers: 1, TableBits: 16}, 400_000)
			if err != nil {
				t.Fatalf("seed %d: solve = %v", seed, err)
			}
			lines[i] = r
		}
		a, _ := json.Marshal(lines[0].Line)
		b, _ := json.Marshal(lines[1].Line)
		if string(a) != string(b) || lines[0].LowerBound != lines[1].LowerBound || lines[0].Nodes != lines[1].Nodes {
			t.Errorf("seed %d: two one-worker runs differ:\n%s (bound %d, %d nodes)\n%s (bound %d, %d nodes)",
				seed, a, lines[0].LowerBound, lines[0].Nodes, b, lines[1].LowerBound, lines[1].Nodes)
		}
	}
}

// TestSolveFromLeavesGameUnchanged checks that a search does not touch the
// game it starts from, and that the returned line extends it.
func TestSolveFromLeavesGameUnchanged(t *testing.T) {
	d := solo.SeedDeck(11)
	src := rand.NewPCG(1, 1)
	l := solo.RandomLine(d, src)
	g, _ := solo.NewGame(d)
	for _, mv := range l.Moves[:5] {
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	before, beforeLine := g.State(), g.Line()
	r, err := SolveFrom(context.Background(), g, Options{Time: 300 * time.Millisecond, Workers: 2, TableBits: 14})
	if err != nil {
		t.Fatalf("SolveFrom = %v", err)
	}
	if g.State() != before {
		t.Errorf("SolveFrom changed the game's position")
	}
	a, _ := json.Marshal(beforeLine)
	b, _ := json.Marshal(g.Line())
	if string(a) != string(b) {
		t.Errorf("SolveFrom changed the game's line: %s, want %s", b, a)
	}
	for i, mv := range beforeLine.Moves {
		if r.Line.Moves[i] != mv {
			t.Errorf("result move %d = %+v, want the game's %+v", i+1, r.Line.Moves[i], mv)
		}
	}
	checkLine(t, r)
}

// TestSolveFromEndPhase1Now checks a position where phase 1 may end: the
// line must replay whichever choice the solver makes.
func TestSolveFromOverAndEndable(t *testing.T) {
	d := solo.SeedDeck(3)
	l := solo.RandomLine(d, rand.NewPCG(9, 9))
	g, _ := solo.Play(l)
	r, err := SolveFrom(context.Background(), g, Options{Workers: 1})
	if err != nil {
		t.Fatalf("SolveFrom(finished game) = %v", err)
	}
	if r.Score != g.Score() || !r.Optimal || r.LowerBound != g.Score().Total() {
		t.Errorf("SolveFrom(finished game) = %+v bound %d optimal %v, want %+v, optimal", r.Score, r.LowerBound, r.Optimal, g.Score())
	}
	// Positions right after phase 1 could end, with one worker and two.
	src := rand.NewPCG(2, 2)
	for seed := uint64(20); seed < 26; seed++ {
		d := solo.SeedDeck(seed)
		l := solo.RandomLine(d, src)
		g, _ := solo.NewGame(d)
		for _, mv := range l.Moves {
			if g.CanEndPhase1() || g.Phase() != solo.Phase1 {
				break
			}
			if err := g.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		for _, workers := range []int{1, 2} {
			r, err := SolveFrom(context.Background(), g, Options{Time: 150 * time.Millisecond, Workers: workers, TableBits: 14})
			if err != nil {
				t.Fatalf("seed %d: SolveFrom = %v", seed, err)
			}
			checkLine(t, r)
			if n := len(g.Moves()); r.Line.Phase1Turns < n && g.Phase() == solo.Phase1 {
				t.Errorf("seed %d: phase1_turns = %d, before the game's %d turns", seed, r.Line.Phase1Turns, n)
			}
		}
	}
}

func TestSolveBadOptions(t *testing.T) {
	d := solo.SeedDeck(1)
	tests := []struct {
		name string
		opts Options
	}{
		{"negative time", Options{Time: -time.Second}},
		{"negative workers", Options{Workers: -1}},
		{"table too small", Options{TableBits: 3}},
		{"table too large", Options{TableBits: 40}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Solve(context.Background(), d, tt.opts); err == nil {
				t.Errorf("Solve(%+v) = nil error, want one", tt.opts)
			}
		})
	}
	if _, err := Solve(context.Background(), solo.Deck{1, 2, 3}, Options{}); err == nil {
		t.Errorf("Solve(3-tile deck) = nil error, want one")
	}
}

// TestCancelledContext checks that a search whose context is already done
// still returns a complete legal line.
func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Solve(ctx, solo.SeedDeck(5), Options{TableBits: 12})
	if err != nil {
		t.Fatalf("Solve(cancelled) = %v", err)
	}
	checkLine(t, r)
}

func TestResultJSON(t *testing.T) {
	g, _ := solo.Play(solo.RandomLine(solo.SeedDeck(4), rand.NewPCG(1, 2)))
	r, err := SolveFrom(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"score", "line", "lower_bound", "optimal", "nodes", "seconds", "s1", "p1", "s2", "p2"} {
		if _, ok := m[k]; !ok {
			t.Errorf("json.Marshal(Result) = %s, missing key %q", data, k)
		}
	}
	line, _ := json.Marshal(m["line"])
	l, err := solo.ParseLine(line)
	if err != nil {
		t.Fatalf("ParseLine(result line) = %v", err)
	}
	if sc, err := solo.Replay(l); err != nil || sc.Total() != int(m["score"].(float64)) {
		t.Errorf("Replay(result line) = %d, %v; want %v", sc.Total(), err, m["score"])
	}
}

func TestEntrySize(t *testing.T) {
	if got := unsafe.Sizeof(entry{}); got != 16 {
		t.Errorf("unsafe.Sizeof(entry{}) = %d, want 16", got)
	}
}

// TestKeySymmetric checks that a display and its mirror image and rotation
// share a key, and that a different display does not.
func TestKeySymmetric(t *testing.T) {
	d := solo.SeedDeck(1)
	play := func(cells [][2]int) solo.State {
		s := solo.NewState(d)
		var acc [3]uint8
		for _, xy := range cells {
			s.Accessible(&acc)
			c, _ := s.CellAt(xy[0], xy[1])
			s.Apply(acc[0], c)
		}
		return s
	}
	a := play([][2]int{{0, 0}, {1, 0}, {1, 1}})
	b := play([][2]int{{0, 0}, {-1, 0}, {-1, 1}}) // mirrored
	c := play([][2]int{{0, 0}, {0, 1}, {-1, 1}})  // rotated
	e := play([][2]int{{0, 0}, {1, 0}, {2, 0}})   // different shape
	if key(&a) != key(&b) || key(&a) != key(&c) {
		t.Errorf("key(mirror) = %x, key(rotation) = %x, want both %x", key(&b), key(&c), key(&a))
	}
	if key(&a) == key(&e) {
		t.Errorf("key(straight display) = key(bent display) = %x, want different", key(&a))
	}
}

// TestSearchAllocatesNothing expands positions and runs a bounded
// depth-first search, asserting that neither allocates. The transposition
// table is emptied before each run, so that every run repeats the first
// (AllocsPerRun's warm-up): the model's lazily built tables
// (takeableSets, p2EndOf) allocate once per key, and a run that went on
// from the last one's table would meet new keys.
func TestSearchAllocatesNothing(t *testing.T) {
	d := solo.SeedDeck(2)
	g, _ := solo.NewGame(d)
	sh := newShared(g, 12)
	w := newWorker(sh)
	w.stack[0] = sh.start
	w.path.p1 = -1
	sh.nodeLimit = 20000
	f := sh.m.bound(&sh.start)
	allocs := testing.AllocsPerRun(20, func() {
		sh.stop.Store(false)
		sh.nodes.Store(0)
		clear(sh.tt.slots)
		w.gen(&w.stack[0], &w.moves[0], &w.stack[1], -1)
		w.dfs(0, f+10, f)
	})
	if allocs != 0 {
		t.Errorf("gen and dfs allocate %v times per run, want 0", allocs)
	}
}

func TestMaxEdges(t *testing.T) {
	// 2x2 square: 4; 2x3: 7; 3x3: 12; a line of two: 1; 22 = 4x5 and 2: 34.
	tests := []struct{ k, want int }{{1, 0}, {2, 1}, {3, 2}, {4, 4}, {5, 5}, {6, 7}, {9, 12}, {22, 34}}
	for _, tt := range tests {
		if got := maxEdges(tt.k); got != tt.want {
			t.Errorf("maxEdges(%d) = %d, want %d", tt.k, got, tt.want)
		}
	}
}

// TestMaxTokensPlacedBoundsPlayouts checks the layout-free bound on
// fulfilled tasks against the tokens of random phase-1 displays.
func TestMaxTokensPlacedBoundsPlayouts(t *testing.T) {
	src := rand.NewPCG(8, 8)
	for seed := uint64(1); seed <= 40; seed++ {
		d := solo.SeedDeck(seed)
		for range 300 {
			l := solo.RandomLine(d, src)
			g, err := solo.NewGame(d)
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range l.Moves[:l.Phase1Turns] {
				if err := g.Play(mv); err != nil {
					t.Fatal(err)
				}
			}
			var ids []uint8
			for _, pt := range g.Display() {
				ids = append(ids, uint8(pt.Tile))
			}
			if got := maxTokensPlaced(ids); got < g.Tokens() {
				t.Fatalf("seed %d: maxTokensPlaced(%v) = %d, but a layout of them fulfils %d", seed, ids, got, g.Tokens())
			}
		}
	}
}

// fulfilledTasks counts the tasks fulfilled in a layout (R10), by flood
// fill, independently of package solo's groups.
func fulfilledTasks(at map[[2]int]uint8) int {
	n := 0
	for cell, id := range at {
		var seen [solo.NumColours]int
		visited := map[[2]int]bool{cell: true}
		var stack [][2]int
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			stack = append(stack, [2]int{cell[0] + d[0], cell[1] + d[1]})
		}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if visited[c] {
				continue
			}
			other, ok := at[c]
			if !ok {
				continue
			}
			visited[c] = true
			col := tiles[other].colour
			seen[col]++
			// Follow the chain of this colour only.
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nc := [2]int{c[0] + d[0], c[1] + d[1]}
				if o, ok := at[nc]; ok && !visited[nc] && tiles[o].colour == col {
					stack = append(stack, nc)
				}
			}
		}
		t := &tiles[id]
		for j := range t.ntasks {
			ok := true
			for c := range solo.NumColours {
				if int(t.tasks[j][c]) > seen[c] {
					ok = false
				}
			}
			if ok {
				n++
			}
		}
	}
	return n
}

// bestLayout tries every connected layout of ids and returns the most
// tasks any of them fulfils.
func bestLayout(ids []uint8) int {
	best := 0
	at := map[[2]int]uint8{}
	used := make([]bool, len(ids))
	var grow func(placed int)
	grow = func(placed int) {
		if placed == len(ids) {
			best = max(best, fulfilledTasks(at))
			return
		}
		cells := map[[2]int]bool{}
		for c := range at {
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nc := [2]int{c[0] + d[0], c[1] + d[1]}
				if _, ok := at[nc]; !ok {
					cells[nc] = true
				}
			}
		}
		for i, id := range ids {
			if used[i] {
				continue
			}
			used[i] = true
			for c := range cells {
				at[c] = id
				grow(placed + 1)
				delete(at, c)
			}
			used[i] = false
		}
	}
	used[0] = true
	at[[2]int{0, 0}] = ids[0]
	grow(1)
	return best
}

// TestMaxTokensPlacedAgainstLayouts compares the layout-free bound with the
// best of every layout of small sets of tiles with many tasks.
func TestMaxTokensPlacedAgainstLayouts(t *testing.T) {
	if testing.Short() {
		t.Skip("tries every layout")
	}
	src := rand.New(rand.NewPCG(4, 4))
	tight := 0
	for trial := range 60 {
		k := 4 + trial%2
		var ids []uint8
		for len(ids) < k {
			id := uint8(1 + src.IntN(solo.NumTiles))
			if tiles[id].ntasks >= 2 && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
		want, got := bestLayout(ids), maxTokensPlaced(ids)
		if got < want {
			t.Errorf("maxTokensPlaced(%v) = %d, but a layout fulfils %d", ids, got, want)
		}
		if got == want {
			tight++
		}
	}
	t.Logf("the bound was exact for %d of 60 sets", tight)
}

// TestReachableNeverDropsACoveredTask plays random games and checks that
// every task covered by the end was still reachable at every earlier
// position where it was open.
func TestReachableNeverDropsACoveredTask(t *testing.T) {
	src := rand.NewPCG(6, 6)
	checked := 0
	for seed := uint64(1); seed <= 40; seed++ {
		d := solo.SeedDeck(seed)
		for range 100 {
			s := solo.NewState(d)
			end := s
			var rec [solo.MaxTurns]solo.Step
			n := solo.Playout(&end, src, &rec)
			p1 := end.Phase1Turns()
			for turn := range n {
				for i := range s.DisplaySize() {
					id, c, open := s.Placed(i)
					_, _, finalOpen := end.Placed(i)
					later := open &^ finalOpen // open now, covered by the end
					if r := reachable(&s, id, c, open); later&^r != 0 {
						t.Fatalf("seed %d, turn %d: reachable(tile %d) = %03b, but tasks %03b get covered later", seed, turn, id, r, later)
					}
					checked += bits.OnesCount8(later)
				}
				s.Apply(rec[turn].Space, rec[turn].Cell)
				if turn+1 == p1 && s.Phase() == solo.Phase1 {
					s.EndPhase1()
				}
			}
		}
	}
	if checked == 0 {
		t.Errorf("no task was covered after being open: the test checked nothing")
	}
}

// TestBoundEndingPhase1MatchesBruteForce checks the bound at the ends of
// phase 1 against trying every move: positions of 13-tile decks, reached by
// moves that are half of the time the one placing the most tokens, where
// phase 1 may end now or must go on because the display holds fewer than 8
// tokens (phase1Ends, nextTokens). On such short decks ending now is never
// the cheaper end, so the value of ending now with the layout known is
// checked by TestBoundEndingPhase1SeesTheLayout instead.
func TestBoundEndingPhase1MatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	endable, short := 0, 0
	for seed := uint64(1); endable < 30 || short < 30; seed++ {
		if seed > 3000 {
			t.Fatalf("only %d endable and %d short phase-1 positions in 3000 decks", endable, short)
		}
		d := solo.SeedDeck(seed)[:13]
		s := solo.NewState(d)
		// Stop with at most 3 tiles left to take in the game: the rest of
		// phase 1 and the tiles the refill brings.
		for s.Phase() == solo.Phase1 && s.TilesOnTrack()+min(s.Turns()+s.TilesOnTrack(), len(d)-solo.SetupTiles) > 3 {
			var acc [3]uint8
			k := s.Accessible(&acc)
			sp, cell := acc[rng.IntN(k)], s.FrontierCell(rng.IntN(s.NumFrontier()))
			if rng.IntN(2) == 0 {
				sp, cell = greedyMove(&s, rng)
			}
			s.Apply(sp, cell)
		}
		if s.Phase() != solo.Phase1 {
			continue
		}
		switch {
		case s.CanEndPhase1() && endable < 30:
			endable++
		case !s.CanEndPhase1() && short < 30:
			short++
		default:
			continue
		}
		m := newModel(d)
		want := brute(t, m, &s)
		// The depth-first proof, whose tile-level cuts (tileAhead,
		// phase2Ahead) act here, must prove the same optimum.
		sh := &shared{m: m, tt: newTable(12), start: s, deck: d, begin: time.Now(), layout: make([]atomic.Uint64, 1<<layoutBits)}
		sh.best.Store(infinity)
		newWorker(sh).prove()
		assert.Equal(t, want, int(sh.best.Load()), "seed %d, turn %d: the proof's best line", seed, s.Turns())
		assert.Equal(t, want, int(sh.lb.Load()), "seed %d, turn %d: the proof's bound", seed, s.Turns())
	}
}

// TestNextTokensBoundsEveryPlacement places every accessible tile on every
// frontier cell of the phase-1 positions of random and token-greedy games:
// the tokens the tile adds never exceed nextTokens.most, and the bound is
// reached often enough to show it is not loose by construction.
func TestNextTokensBoundsEveryPlacement(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checked, tight := 0, 0
	for game := range 120 {
		d := solo.SeedDeck(uint64(game + 1))
		m := newModel(d)
		s := solo.NewState(d)
		for s.Phase() == solo.Phase1 {
			var acc [3]uint8
			k := s.Accessible(&acc)
			var nt nextTokens
			bestSp, bestCell, most := acc[0], s.FrontierCell(0), -1
			for _, sp := range acc[:k] {
				id := uint8(s.TrackTile(int(sp)))
				limit := nt.most(m, &s, id)
				reached := 0
				for q := range s.NumFrontier() {
					c := s
					c.Apply(sp, s.FrontierCell(q))
					got := c.Tokens() - s.Tokens()
					if got > limit {
						t.Fatalf("game %d, turn %d: tile %d adds %d tokens, above nextTokens' %d", game, s.Turns()+1, id, got, limit)
					}
					reached = max(reached, got)
					if n := got*8 + rng.IntN(8); n > most {
						most, bestSp, bestCell = n, sp, s.FrontierCell(q)
					}
				}
				checked++
				if reached == limit {
					tight++
				}
			}
			if game%2 == 1 {
				bestSp, bestCell = acc[rng.IntN(k)], s.FrontierCell(rng.IntN(s.NumFrontier()))
			}
			s.Apply(bestSp, bestCell)
		}
	}
	if checked < 1000 || tight*3 < checked {
		t.Errorf("nextTokens was reached by the best cell for %d of %d tiles; want at least a third (41 %% when written)", tight, checked)
	}
	t.Logf("nextTokens reached for %d of %d tiles", tight, checked)
}

// greedyMove returns the move of s that places the most tokens, ties
// broken at random; s must have a tile to take.
func greedyMove(s *solo.State, rng *rand.Rand) (uint8, solo.Cell) {
	var acc [3]uint8
	k := s.Accessible(&acc)
	most, sp, cell := -1, acc[0], s.FrontierCell(0)
	for _, a := range acc[:k] {
		for q := range s.NumFrontier() {
			c := *s
			c.Apply(a, s.FrontierCell(q))
			if n := 8*c.Tokens() + rng.IntN(8); n > most {
				most, sp, cell = n, a, s.FrontierCell(q)
			}
		}
	}
	return sp, cell
}

// TestWideBeamOnlyInLongRuns checks which time limits run the second
// worker's wide beam: none in a minute (the suite's runs, where it cost
// more bound than it gained in lines), from two minutes on and without a
// limit.
func TestWideBeamOnlyInLongRuns(t *testing.T) {
	for d, want := range map[time.Duration]bool{
		0:                true,
		time.Second:      false,
		time.Minute:      false,
		wideBeamTime - 1: false,
		wideBeamTime:     true,
		10 * time.Minute: true,
	} {
		assert.Equal(t, want, wideRun(d), "time limit %v", d)
	}
}

// TestPricedBeamFindsSuiteLine: the second worker's beam priced at 4
// points a token, pricedWidth wide, finds a line of 82 on seed 11 (the
// suite's deck, testdata/suite/seed-11.json), the deck's optimum (a
// two-worker run proved it in 79 s); 16384 wide, the width before the
// twenty-seventh round, it finds 83, as did a whole minute's two-worker
// run. The line must replay.
func TestPricedBeamFindsSuiteLine(t *testing.T) {
	sh, w := beamWorker(t, 11)
	w.beam(pricedWidth, pricePerToken)
	r, err := sh.result()
	require.NoError(t, err, "the beam found no line")
	assert.LessOrEqual(t, r.Score.Total(), 82, "seed 11: the priced beam of %d", pricedWidth)
	checkLine(t, r)
}

// TestPolishFindsABetterLine: on seed 14 the priced beam of 1024 from the
// start (the second worker's first) ends at 90; polish's beams from that
// line's last phase-1 turn find 89 (the suite's line before the
// thirty-first round was 90).
func TestPolishFindsABetterLine(t *testing.T) {
	sh, w := beamWorker(t, 14)
	w.beam(1024, pricePerToken)
	r, err := sh.result()
	require.NoError(t, err, "the beam found no line")
	require.Equal(t, 90, r.Score.Total(), "seed 14: the priced beam of 1024")
	w.polish()
	r, err = sh.result()
	require.NoError(t, err)
	assert.LessOrEqual(t, r.Score.Total(), 89, "seed 14: polish from the line of 90")
	assert.Equal(t, 10, r.Line.Phase1Turns, "polish keeps the line's phase 1")
	checkLine(t, r)
}

// TestPolishNeedsAPhase1: polish does nothing before there is a line, nor
// when the search started after phase 1 (it would search the start again).
func TestPolishNeedsAPhase1(t *testing.T) {
	sh, w := beamWorker(t, 14)
	w.polish()
	w.flush()
	assert.Zero(t, sh.nodes.Load(), "polish without a line")
	_, err := sh.result()
	assert.Error(t, err, "polish without a line found one")

	// A game after its phase 1, and a line from it.
	w.beam(64, 0)
	r, err := sh.result()
	require.NoError(t, err)
	g2, err := solo.NewGame(r.Line.Deck)
	require.NoError(t, err)
	for _, mv := range r.Line.Moves[:r.Line.Phase1Turns] {
		require.NoError(t, g2.Play(mv))
	}
	if g2.Phase() == solo.Phase1 {
		require.NoError(t, g2.EndPhase1())
	}
	sh2, w2 := gameWorker(g2)
	w2.beam(64, 0)
	w2.flush()
	before := sh2.nodes.Load()
	require.Positive(t, before)
	w2.polish()
	w2.flush()
	assert.Equal(t, before, sh2.nodes.Load(), "polish searched a game that started in phase 2")
}

// beamWorker returns a search of the seed's deck and a worker with the
// schedule's beam settings (run).
func beamWorker(t *testing.T, seed uint64) (*shared, *worker) {
	t.Helper()
	g, err := solo.NewGame(solo.SeedDeck(seed))
	require.NoError(t, err)
	return gameWorker(g)
}

// gameWorker is beamWorker for a game in progress.
func gameWorker(g *solo.Game) (*shared, *worker) {
	sh := newShared(g, 12)
	w := newWorker(sh)
	w.openNum, w.openDen = 0, 1
	return sh, w
}

// TestStraightProvesTheSameOptimum: a straight search (every pass at the
// incumbent less one), and the default one without limits (its last pass
// straight from two under the line, straightNow: 28 of these 40 proofs
// went straight when counted), prove the same optimum as trying every
// move, on endgames of three tiles, with one worker and with two.
func TestStraightProvesTheSameOptimum(t *testing.T) {
	for _, straight := range []bool{true, false} {
		threeTileEndgames(t, rand.NewPCG(9, 10), 20, func(seed uint64, g *solo.Game, want int) {
			for _, workers := range []int{1, 2} {
				r, err := SolveFrom(context.Background(), g, Options{Workers: workers, TableBits: 12, Straight: straight})
				require.NoError(t, err, "straight %v, seed %d, %d workers", straight, seed, workers)
				assert.Equal(t, want, r.Score.Total(), "straight %v, seed %d, %d workers: score", straight, seed, workers)
				assert.True(t, r.Optimal, "straight %v, seed %d, %d workers: not proven (bound %d)", straight, seed, workers, r.LowerBound)
				checkLine(t, r)
			}
		})
	}
}

// TestStraightSkipsTheBoundsOnTheWay: stopped before its proof ends, a
// straight search has proven no more than the start's bound, where the
// usual passes, given the same nodes, raise it.
func TestStraightSkipsTheBoundsOnTheWay(t *testing.T) {
	for _, straight := range []bool{false, true} {
		sh, w := beamWorker(t, 2)
		sh.straight = straight
		w.beam(512, 0)
		require.True(t, sh.found, "the beam found no line")
		f := sh.m.bound(&sh.start)
		sh.nodeLimit = sh.nodes.Load() + 100_000
		w.prove()
		lb := int(sh.lb.Load())
		require.Less(t, lb, int(sh.best.Load()), "straight %v: seed 2 proven in 100k nodes", straight)
		if straight {
			assert.Equal(t, f, lb, "a straight search stopped before its proof raised the bound")
		} else {
			assert.Greater(t, lb, f, "the usual passes did not raise the bound in 100k nodes")
		}
	}
}

// TestStraightNowNeedsRoom: the last pass goes straight only once the
// bound is two under the incumbent, and, with a deadline, only when the
// time left is at least straightRoomFor the last pass's (four and a half
// times it); once gone it stays, and a search with a node limit and no
// deadline never goes.
func TestStraightNowNeedsRoom(t *testing.T) {
	pass := 2 * time.Second
	assert.Equal(t, 9*time.Second, straightRoomFor(pass), "four and a half times the pass")
	cases := []struct {
		name             string
		nodeLimit        int64
		best, lb         int32
		left, passTime   time.Duration
		noDeadline, want bool
	}{
		{"room for it", 0, 85, 83, straightRoomFor(pass) + time.Second, pass, false, true},
		{"too little room", 0, 85, 83, straightRoomFor(pass) - time.Second, pass, false, false},
		{"three under", 0, 86, 83, time.Hour, pass, false, false},
		{"one under: the last pass anyway", 0, 84, 83, time.Hour, pass, false, false},
		{"no pass timed yet", 0, 85, 83, time.Hour, 0, false, false},
		{"no limit", 0, 85, 83, 0, 0, true, true},
		{"a node limit and no deadline", 1_000_000, 85, 83, 0, pass, true, false},
		{"a node limit and a deadline with room", 1_000_000, 85, 83, straightRoomFor(pass) + time.Second, pass, false, true},
	}
	for _, c := range cases {
		sh := &shared{nodeLimit: c.nodeLimit}
		sh.best.Store(c.best)
		sh.lb.Store(c.lb)
		sh.passTime.Store(int64(c.passTime))
		if !c.noDeadline {
			sh.deadline = time.Now().Add(c.left)
		}
		assert.Equal(t, c.want, sh.straightNow(), c.name)
		assert.Equal(t, c.want, sh.goStraight.Load(), "%s: gone straight", c.name)
		if c.want {
			// It stays, even once the room is gone.
			sh.deadline = time.Now()
			assert.True(t, sh.straightNow(), "%s: did not stay straight", c.name)
		}
	}
}
