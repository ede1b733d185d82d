package puzzles

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// mapLine applies f to every cell of a line.
func mapLine(l solo.Line, f func(x, y int) (int, int)) solo.Line {
	out := l
	out.Moves = make([]solo.Move, len(l.Moves))
	for i, m := range l.Moves {
		x, y := f(m.X, m.Y)
		out.Moves[i] = solo.Move{Tile: m.Tile, X: x, Y: y}
	}
	return out
}

func TestPart(t *testing.T) {
	deck := DailyDeck(Launch)
	a := solo.RandomLine(deck, rand.NewPCG(1, 1))
	b := solo.RandomLine(deck, rand.NewPCG(2, 2))
	wantB, _ := partUnder(a, b, symmetries[0])
	moved := a
	moved.Phase1Turns = a.Phase1Turns + 1 // not legal, but Part does not replay
	tests := []struct {
		name     string
		a, b     solo.Line
		turn     int
		kind     string
		anyOrder bool
	}{
		{"same line", a, a, 0, PartSame, false},
		{"shifted", a, mapLine(a, func(x, y int) (int, int) { return x + 5, y - 3 }), 0, PartSame, false},
		{"rotated", a, mapLine(a, func(x, y int) (int, int) { return -y, x }), 0, PartSame, false},
		{"mirrored", a, mapLine(a, func(x, y int) (int, int) { return -x, y }), 0, PartSame, false},
		{"phase ends later", a, moved, a.Phase1Turns, PartPhase, false},
		{"other random line", a, b, wantB, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			turn, kind := Part(tt.a, tt.b)
			if turn != tt.turn || (!tt.anyOrder && kind != tt.kind) {
				t.Errorf("Part = %d, %q, want %d, %q", turn, kind, tt.turn, tt.kind)
			}
		})
	}
}

func TestPartSynthetic(t *testing.T) {
	// Part does not replay, so short hand-made lines do.
	line := func(p1 int, cells ...[3]int) solo.Line {
		l := solo.Line{Phase1Turns: p1}
		for _, c := range cells {
			l.Moves = append(l.Moves, solo.Move{Tile: c[0], X: c[1], Y: c[2]})
		}
		return l
	}
	a := line(3, [3]int{1, 0, 0}, [3]int{2, 1, 0}, [3]int{3, 1, 1}, [3]int{4, 2, 1})
	tests := []struct {
		name string
		b    solo.Line
		turn int
		kind string
	}{
		{"same", a, 0, PartSame},
		{"other tile first", line(3, [3]int{2, 0, 0}, [3]int{1, 1, 0}, [3]int{3, 1, 1}, [3]int{4, 2, 1}), 1, PartTile},
		{"other tile third", line(3, [3]int{1, 0, 0}, [3]int{2, 1, 0}, [3]int{4, 1, 1}, [3]int{3, 2, 1}), 3, PartTile},
		// Turn 3 below instead of above is the mirror image so far; turn
		// 4 is where no symmetry explains b.
		{"mirror until turn 4", line(3, [3]int{1, 0, 0}, [3]int{2, 1, 0}, [3]int{3, 1, -1}, [3]int{4, 2, 1}), 4, PartCell},
		{"cell at turn 2", line(3, [3]int{1, 0, 0}, [3]int{2, 2, 0}, [3]int{3, 1, 1}, [3]int{4, 2, 1}), 2, PartCell},
		{"phase ends earlier", line(2, [3]int{1, 0, 0}, [3]int{2, 1, 0}, [3]int{3, 1, 1}, [3]int{4, 2, 1}), 2, PartPhase},
		{"longer", line(3, [3]int{1, 0, 0}, [3]int{2, 1, 0}, [3]int{3, 1, 1}, [3]int{4, 2, 1}, [3]int{5, 3, 1}), 5, PartTile},
	}
	for _, tt := range tests {
		turn, kind := Part(a, tt.b)
		if turn != tt.turn || kind != tt.kind {
			t.Errorf("Part(a, %s) = %d, %q, want %d, %q", tt.name, turn, kind, tt.turn, tt.kind)
		}
	}
}

func TestCompare(t *testing.T) {
	if testing.Short() {
		t.Skip("searches for a few seconds")
	}
	deck := DailyDeck(Launch)
	line := solo.RandomLine(deck, rand.NewPCG(7, 7))
	sc, _ := solo.Replay(line)
	calls := 0
	c, err := Compare(context.Background(), line, CompareOptions{Time: 1500 * time.Millisecond, Progress: func(done, total int) {
		calls++
		if done != calls || total != len(line.Moves) {
			t.Errorf("Progress(%d, %d) on call %d, want (%d, %d)", done, total, calls, calls, len(line.Moves))
		}
	}})
	if err != nil {
		t.Fatalf("Compare = %v", err)
	}
	if calls != len(line.Moves) {
		t.Errorf("Progress called %d times, want %d", calls, len(line.Moves))
	}
	if c.UserScore != sc {
		t.Errorf("Compare UserScore = %+v, want %+v", c.UserScore, sc)
	}
	if got, err := solo.Replay(c.Best); err != nil || got != c.BestScore {
		t.Errorf("Replay(Best) = %+v, %v, want %+v", got, err, c.BestScore)
	}
	if c.BestScore.Total() > sc.Total() {
		t.Errorf("best %d > user %d: the user's own line is a candidate", c.BestScore.Total(), sc.Total())
	}
	if len(c.Turns) != len(line.Moves) {
		t.Fatalf("len(Turns) = %d, want %d", len(c.Turns), len(line.Moves))
	}
	prev, sum := c.BestScore.Total(), 0
	for _, tr := range c.Turns {
		if tr.BestAfter < prev || tr.Loss != tr.BestAfter-prev || tr.Loss < 0 {
			t.Errorf("turn %d: BestAfter %d, Loss %d after best %d, want BestAfter >= best and Loss = the difference", tr.Turn, tr.BestAfter, tr.Loss, prev)
		}
		prev = tr.BestAfter
		sum += tr.Loss
	}
	if last := c.Turns[len(c.Turns)-1]; last.BestAfter != sc.Total() || !last.Proven {
		t.Errorf("last turn BestAfter = %d (proven %v), want the line's own score %d, proven", last.BestAfter, last.Proven, sc.Total())
	}
	if sum != sc.Total()-c.BestScore.Total() {
		t.Errorf("sum of losses = %d, want user - best = %d", sum, sc.Total()-c.BestScore.Total())
	}
	if c.LowerBound > c.BestScore.Total() {
		t.Errorf("LowerBound %d > best %d", c.LowerBound, c.BestScore.Total())
	}
}

// TestCompareNodes checks that a node budget with one worker makes a
// comparison repeatable: two runs agree on everything but the time taken.
func TestCompareNodes(t *testing.T) {
	line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(7, 7))
	opts := CompareOptions{Nodes: 20_000, Workers: 1}
	a, err := Compare(context.Background(), line, opts)
	if err != nil {
		t.Fatalf("Compare = %v", err)
	}
	b, err := Compare(context.Background(), line, opts)
	if err != nil {
		t.Fatalf("Compare = %v", err)
	}
	a.Elapsed, b.Elapsed = 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Errorf("Compare with %d nodes differs between runs:\n%+v\n%+v", opts.Nodes, a, b)
	}
}

func TestCompareErrors(t *testing.T) {
	line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(7, 7))
	short := line
	short.Moves = line.Moves[:5]
	tests := []struct {
		name string
		line solo.Line
		opts CompareOptions
	}{
		{"incomplete line", short, CompareOptions{Time: time.Second}},
		{"no time", line, CompareOptions{}},
		{"negative nodes", line, CompareOptions{Nodes: -1}},
		{"time and nodes", line, CompareOptions{Time: time.Second, Nodes: 1000}},
	}
	for _, tt := range tests {
		if _, err := Compare(context.Background(), tt.line, tt.opts); err == nil {
			t.Errorf("Compare(%s) = nil error, want an error", tt.name)
		}
	}
}

func TestRate(t *testing.T) {
	tests := []struct {
		best int
		want Difficulty
	}{
		{40, Easy}, {89, Easy}, {90, Medium}, {99, Medium}, {100, Hard}, {109, Hard}, {110, VeryHard}, {300, VeryHard},
	}
	for _, tt := range tests {
		if got := Rate(tt.best); got != tt.want {
			t.Errorf("Rate(%d) = %v, want %v", tt.best, got, tt.want)
		}
	}
}
