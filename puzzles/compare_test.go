package puzzles

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
			assert.Equal(t, tt.turn, turn, "Part's turn")
			if !tt.anyOrder {
				assert.Equal(t, tt.kind, kind, "Part's kind")
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
		assert.Equal(t, []any{tt.turn, tt.kind}, []any{turn, kind}, "Part(a, %s)", tt.name)
	}
}

// checkComparison checks the invariants of a comparison of line.
func checkComparison(t *testing.T, line solo.Line, c Comparison) {
	t.Helper()
	sc, err := solo.Replay(line)
	require.NoError(t, err)
	assert.Equal(t, sc, c.UserScore, "UserScore")
	got, err := solo.Replay(c.Best)
	require.NoError(t, err, "Replay(Best)")
	assert.Equal(t, c.BestScore, got, "Replay(Best)")
	assert.LessOrEqual(t, c.BestScore.Total(), sc.Total(), "the user's own line is a candidate")
	require.Len(t, c.Turns, len(line.Moves))
	prev, sum := c.BestScore.Total(), 0
	for _, tr := range c.Turns {
		assert.GreaterOrEqual(t, tr.BestAfter, prev, "turn %d: best after it", tr.Turn)
		assert.Equal(t, tr.BestAfter-prev, tr.Loss, "turn %d: loss", tr.Turn)
		if tr.Loss > 0 {
			// The better move is legal after the user's previous turns and
			// is not what the user did.
			require.NotNil(t, tr.Better, "turn %d cost %d: the better move is named", tr.Turn, tr.Loss)
			g, err := solo.PlayPrefix(line, tr.Turn-1)
			require.NoError(t, err)
			assert.NoError(t, g.Play(*tr.Better), "turn %d: the better move %+v is legal", tr.Turn, *tr.Better)
			assert.False(t, *tr.Better == tr.Move && tr.BetterEndsPhase1 == tr.EndsPhase1,
				"turn %d: the better move %+v is the user's own", tr.Turn, *tr.Better)
		} else {
			assert.Nil(t, tr.Better, "turn %d cost nothing", tr.Turn)
		}
		prev = tr.BestAfter
		sum += tr.Loss
	}
	last := c.Turns[len(c.Turns)-1]
	assert.Equal(t, sc.Total(), last.BestAfter, "the last turn's best is the line's own score")
	assert.True(t, last.Proven, "the last turn's best is proven")
	assert.Equal(t, sc.Total()-c.BestScore.Total(), sum, "the losses add up to user - best")
	assert.LessOrEqual(t, c.LowerBound, c.BestScore.Total(), "LowerBound")
}

func TestCompareTime(t *testing.T) {
	if testing.Short() {
		t.Skip("searches for a few seconds")
	}
	line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(7, 7))
	calls := 0
	c, err := Compare(context.Background(), line, CompareOptions{Time: 1500 * time.Millisecond, Progress: func(done, total int) {
		calls++
		assert.Equal(t, []int{calls, len(line.Moves)}, []int{done, total}, "Progress on call %d", calls)
	}})
	require.NoError(t, err)
	assert.Equal(t, len(line.Moves), calls, "Progress calls")
	checkComparison(t, line, c)
}

// TestCompareNodes checks that a node budget with one worker makes a
// comparison repeatable: two runs agree on everything but the time taken.
func TestCompareNodes(t *testing.T) {
	for _, seed := range []uint64{7, 8, 9} {
		line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(seed, seed))
		opts := CompareOptions{Nodes: 20_000, Workers: 1}
		a, err := Compare(context.Background(), line, opts)
		require.NoError(t, err)
		checkComparison(t, line, a)
		b, err := Compare(context.Background(), line, opts)
		require.NoError(t, err)
		a.Elapsed, b.Elapsed = 0, 0
		assert.Equal(t, a, b, "Compare with %d nodes differs between runs", opts.Nodes)
	}
}

// TestCompareKnown gives Compare a known line better than its own search
// finds: the comparison's best is never worse than it.
func TestCompareKnown(t *testing.T) {
	table, err := ParTable()
	require.NoError(t, err)
	par := table[Launch.Format(DateLayout)]
	line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(7, 7))
	c, err := Compare(context.Background(), line, CompareOptions{Nodes: 1000, Workers: 1, Known: &par.Line})
	require.NoError(t, err)
	checkComparison(t, line, c)
	assert.LessOrEqual(t, c.BestScore.Total(), par.Par, "the best is at most the known line's score")

	other := solo.RandomLine(DailyDeck(Launch.AddDate(0, 0, 1)), rand.NewPCG(1, 1))
	_, err = Compare(context.Background(), line, CompareOptions{Nodes: 1000, Workers: 1, Known: &other})
	assert.ErrorContains(t, err, "the known line is of another deck")
}

func TestAlignTo(t *testing.T) {
	a := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(1, 1))
	turned := mapLine(a, func(x, y int) (int, int) { return -y + 3, x - 2 })
	got, ok := alignTo(a, turned, len(a.Moves))
	require.True(t, ok, "a turned copy of a line agrees with it")
	assert.Equal(t, a, got, "alignTo brings a turned copy back")
	b := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(2, 2))
	turn, _ := Part(a, b)
	_, ok = alignTo(a, b, turn)
	assert.False(t, ok, "lines that part at turn %d do not agree through it", turn)
	if turn > 1 {
		_, ok = alignTo(a, b, turn-1)
		assert.True(t, ok, "lines that part at turn %d agree before it", turn)
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
		want string
	}{
		{"incomplete line", short, CompareOptions{Time: time.Second}, "R12"},
		{"no time", line, CompareOptions{}, "the time budget must be positive"},
		{"negative nodes", line, CompareOptions{Nodes: -1}, "the node budget must be positive"},
		{"time and nodes", line, CompareOptions{Time: time.Second, Nodes: 1000}, "not both"},
	}
	for _, tt := range tests {
		_, err := Compare(context.Background(), tt.line, tt.opts)
		assert.ErrorContains(t, err, tt.want, "Compare(%s)", tt.name)
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
		assert.Equal(t, tt.want, Rate(tt.best), "Rate(%d)", tt.best)
	}
}
