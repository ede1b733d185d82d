package solo

import (
	"reflect"
	"testing"
)

// TestRulebookExamples plays the rulebook's eight fulfilment examples (R10,
// R11) through a checked Game. Each deck starts with the example's tiles in
// the order they are placed, so taking the tile on the space just after the
// moon figure every turn takes them in that order; the rest of the deck is
// filler that never leaves the wheel. tokens is the count after each turn;
// covered is, for each tile that has tasks, which of them carry a token at
// the end.
func TestRulebookExamples(t *testing.T) {
	type place struct{ tile, x, y int }
	tests := []struct {
		name    string
		places  []place
		tokens  []int
		covered map[int][]bool
	}{
		{
			// 1. Tile 13 (red, tasks BB and Y) with a blue tile on each
			// side: both blues touch it, so BB is fulfilled. Blue 19's own
			// task BBBB sees no other blue (13 is red, between them).
			name:    "1 two blues both adjacent",
			places:  []place{{13, 0, 0}, {18, 1, 0}, {19, -1, 0}},
			tokens:  []int{0, 0, 1},
			covered: map[int][]bool{13: {true, false}, 19: {false}},
		},
		{
			// 2. Blue 18 touches 13; blue 19 touches only 18. The chain of
			// two blues reaches 13, so 13 sees two blues and BB is
			// fulfilled. 19 (BBBB) sees one other blue only.
			name:    "2 chain of two blues, one touches",
			places:  []place{{13, 0, 0}, {18, 1, 0}, {19, 2, 0}},
			tokens:  []int{0, 0, 1},
			covered: map[int][]bool{13: {true, false}, 19: {false}},
		},
		{
			// 3. Blue 19 touches 13 on the left; blue 18 lies diagonally
			// below right of 13, placed next to red 1 (below 13). The
			// diagonal blue does not count, and 18 is not in a chain with
			// 19, so 13 sees one blue: BB stays open.
			name:    "3 diagonal never counts",
			places:  []place{{13, 0, 0}, {19, -1, 0}, {1, 0, 1}, {18, 1, 1}},
			tokens:  []int{0, 0, 0, 0},
			covered: map[int][]bool{13: {false, false}, 19: {false}},
		},
		{
			// 4. One blue tile fulfils tasks on two tiles in one turn. Red
			// 13 (BB Y) already sees blue 19; red 12 (BBB B) sees no blue.
			// They are linked through a row of task-free tiles above (T 35,
			// Y 52, R 1; the yellow sits where 13 cannot see it). Blue 18
			// goes in the gap between them and touches both: 13 now sees
			// two blues (BB) and 12 one (B), two tokens at once.
			name: "4 two tasks fulfilled at once",
			places: []place{
				{35, -1, -1}, {52, 0, -1}, {1, 1, -1},
				{13, -1, 0}, {12, 1, 0}, {19, -2, 0}, {18, 0, 0},
			},
			tokens:  []int{0, 0, 0, 0, 0, 0, 2},
			covered: map[int][]bool{13: {true, false}, 12: {false, true}, 19: {false}},
		},
		{
			// 4b. The same three blues serve both tasks of one tile: red 12
			// (BBB B) is placed last next to a chain of three blues and
			// covers BBB and B in one turn. Blues 19 and 20 (BBBB) see two
			// other blues each.
			name:    "4b two tasks of one tile at once",
			places:  []place{{18, 0, 0}, {19, 1, 0}, {20, 2, 0}, {12, 0, 1}},
			tokens:  []int{0, 0, 0, 2},
			covered: map[int][]bool{12: {true, true}, 19: {false}, 20: {false}},
		},
		{
			// 5. Red 17 costs 7 and asks BT, BY and TY. A blue, a
			// turquoise and a yellow tile next to it fulfil all three: BT
			// with the second tile, BY and TY with the third.
			name:    "5 cost-7 tile, three tasks, three tiles",
			places:  []place{{17, 0, 0}, {18, 1, 0}, {35, -1, 0}, {52, 0, 1}},
			tokens:  []int{0, 0, 1, 3},
			covered: map[int][]bool{17: {true, true, true}},
		},
		{
			// 6. Red 13 asks Y; yellow 63 asks R (and RRR). Placed side by
			// side they fulfil each other's task in the same turn.
			name:    "6 two tiles fulfil each other's tasks",
			places:  []place{{13, 0, 0}, {63, 1, 0}},
			tokens:  []int{0, 2},
			covered: map[int][]bool{13: {false, true}, 63: {false, true}},
		},
		{
			// 7. Red 2 costs 2 and asks RRRR. A chain of reds grows from it;
			// with three other reds (four reds in the group, 2 included)
			// the task stays open: 2 never counts itself. The fourth other
			// red fulfils it. The other reds' tasks need other colours.
			name:    "7 red RRRR needs four other reds",
			places:  []place{{2, 0, 0}, {1, 1, 0}, {7, 2, 0}, {8, 3, 0}, {9, 4, 0}},
			tokens:  []int{0, 0, 0, 0, 1},
			covered: map[int][]bool{2: {true}, 7: {false}, 8: {false, false}, 9: {false, false, false}},
		},
		{
			// 8. Blue 25 asks RRRR and RR. Four reds in a chain, the last
			// one touching 25: the same four reds fulfil both tasks, two
			// tokens in one turn.
			name:    "8 four reds fulfil RR and RRRR on one tile",
			places:  []place{{1, 0, 0}, {7, 1, 0}, {8, 2, 0}, {9, 3, 0}, {25, 4, 0}},
			tokens:  []int{0, 0, 0, 0, 2},
			covered: map[int][]bool{25: {true, true}, 7: {false}, 8: {false, false}, 9: {false, false, false}},
		},
		{
			// A red tile joins red groups on both of its sides (R10: X
			// joins its c-neighbours into one group). Blue 25 (RRRR RR)
			// touches red 1 only; red 7 lies diagonally to 1 (behind
			// turquoise 35) and is not in sight until red 8 touches both 1
			// and 7 and makes one group of three reds that touches 25.
			name:    "own colour links groups",
			places:  []place{{25, 0, 0}, {1, 1, 0}, {35, 1, 1}, {7, 2, 1}, {8, 2, 0}},
			tokens:  []int{0, 0, 0, 0, 1},
			covered: map[int][]bool{25: {false, true}, 7: {false}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ids := make([]int, len(tt.places))
			for i, p := range tt.places {
				ids[i] = p.tile
			}
			g, err := NewGame(deckOf(ids...))
			if err != nil {
				t.Fatalf("NewGame(%v) = %v", deckOf(ids...), err)
			}
			for i, p := range tt.places {
				if err := g.Play(Move{p.tile, p.x, p.y}); err != nil {
					t.Fatalf("turn %d: Play(%v) = %v", i+1, p, err)
				}
				if got := g.Tokens(); got != tt.tokens[i] {
					t.Errorf("after turn %d (tile %d on (%d, %d)): Tokens() = %d, want %d", i+1, p.tile, p.x, p.y, got, tt.tokens[i])
				}
				// The independent recount must agree on every task.
				d := g.Display()
				for k, f := range recount(d) {
					if !reflect.DeepEqual(f, d[k].Covered) {
						t.Errorf("after turn %d: tile %d covered %v, recount says fulfilled %v", i+1, d[k].Tile, d[k].Covered, f)
					}
				}
			}
			for _, pt := range g.Display() {
				if want, ok := tt.covered[pt.Tile]; ok && !reflect.DeepEqual(pt.Covered, want) {
					t.Errorf("tile %d: covered %v, want %v", pt.Tile, pt.Covered, want)
				}
			}
		})
	}
}
