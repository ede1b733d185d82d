package reference

import (
	"fmt"
	"slices"
	"testing"
)

// Tile colours by id, for reading the examples below: 1..17 red (R),
// 18..34 blue (B), 35..51 turquoise (T), 52..68 yellow (Y). The four cost-1
// tiles 1, 18, 35 and 52 have no tasks.

func TestTiles(t *testing.T) {
	perColour := map[byte]int{}
	for id := 1; id <= 68; id++ {
		perColour[tiles[id].colour]++
		if tiles[id].id != id {
			t.Errorf("tiles[%d].id = %d, want %d", id, tiles[id].id, id)
		}
	}
	for _, c := range []byte(colours) {
		if perColour[c] != 17 {
			t.Errorf("tiles of colour %c = %d, want 17", c, perColour[c])
		}
	}
	tests := []struct {
		id     int
		colour byte
		cost   int
		tasks  []string
	}{
		{1, 'R', 1, nil},
		{2, 'R', 2, []string{"RRRR"}},
		{17, 'R', 7, []string{"BT", "BY", "TY"}},
		{25, 'B', 4, []string{"RRRR", "RR"}},
		{50, 'T', 6, []string{"BB", "YY", "R"}},
		{68, 'Y', 7, []string{"RB", "RT", "BT"}},
	}
	for _, tt := range tests {
		got := tiles[tt.id]
		if got.colour != tt.colour || got.cost != tt.cost || !slices.Equal(got.tasks, tt.tasks) {
			t.Errorf("tiles[%d] = %c %d %q, want %c %d %q",
				tt.id, got.colour, got.cost, got.tasks, tt.colour, tt.cost, tt.tasks)
		}
	}
}

// pad returns ids followed by unused tile ids, so that it is a valid deck of
// at least 11 tiles.
func pad(ids []int) []int {
	deck := slices.Clone(ids)
	for id := 68; len(deck) < 11; id-- {
		if !slices.Contains(deck, id) {
			deck = append(deck, id)
		}
	}
	return deck
}

// playInOrder deals pad(ids) and takes ids in deck order, which is always
// legal (the next tile is the first occupied space after the meeple),
// placing ids[i] on cells[i]. It returns the game and the tokens placed
// after each turn.
func playInOrder(t *testing.T, ids []int, cells [][2]int) (*game, []int) {
	t.Helper()
	g := newGame(pad(ids))
	var tokens []int
	for i, id := range ids {
		m := Move{Tile: id, X: cells[i][0], Y: cells[i][1]}
		if rule := g.play(m); rule != "" {
			t.Fatalf("turn %d: play(%+v) broke %s, want legal", i+1, m, rule)
		}
		tokens = append(tokens, g.tokens)
	}
	return g, tokens
}

// coveredTasks lists "task@id" for every covered task, sorted, so a test can say
// exactly which tasks carry tokens.
func coveredTasks(g *game) []string {
	var out []string
	for key, ok := range g.covered {
		if ok {
			id := g.display[[2]int{key[0], key[1]}]
			out = append(out, fmt.Sprintf("%s@%d", tiles[id].tasks[key[2]], id))
		}
	}
	slices.Sort(out)
	return out
}

// TestRulebookExamples builds the rulebook's eight fulfilment examples (R10,
// R11) from real tiles. Cells are {x, y}; tokens[i] is the number of tokens
// placed after turn i+1, worked out by hand in the comments.
func TestRulebookExamples(t *testing.T) {
	tests := []struct {
		name    string
		ids     []int
		cells   [][2]int
		tokens  []int
		covered []string // task@id of every covered task
	}{
		{
			// Example 1. 42 (T, tasks BBBB BB) at the centre, blue 18 to its
			// right, blue 19 (BBBB) to its left: two separate blue groups of
			// one tile each touch 42, so 42 sees 2 blues: BB is fulfilled on
			// turn 3, BBBB is not. 18 and 19 touch no blue: 19's BBBB sees 0.
			name:    "1 two blues both adjacent",
			ids:     []int{42, 18, 19},
			cells:   [][2]int{{0, 0}, {1, 0}, {-1, 0}},
			tokens:  []int{0, 0, 1},
			covered: []string{"BB@42"},
		},
		{
			// Example 2. 42 at {0,0}, 18 at {1,0}, 19 at {2,0}: only 18
			// touches 42, but 19 joins it through the blue chain 18-19, so 42
			// sees 2 blues and BB is fulfilled on turn 3. 19 sees only 18
			// (1 blue) for its BBBB.
			name:    "2 chain of two blues, one touching",
			ids:     []int{42, 18, 19},
			cells:   [][2]int{{0, 0}, {1, 0}, {2, 0}},
			tokens:  []int{0, 0, 1},
			covered: []string{"BB@42"},
		},
		{
			// Example 3. 42 at {0,0}, blue 18 at {1,0}, red 1 at {0,1}, blue
			// 19 at {-1,1}: 19 is diagonal to 42 and joined to no blue that
			// touches it, so 42 sees 1 blue and BB stays open (turns 1-4: 0).
			// Turn 5: blue 20 (BBBB) at {-1,0} touches 42 and 19, so the
			// group {20,19} now touches 42: 42 sees 1+2 = 3 blues, BB is
			// fulfilled, BBBB (4) is not. 20 and 19 each see 1 other blue.
			name:    "3 diagonal never counts",
			ids:     []int{42, 18, 1, 19, 20},
			cells:   [][2]int{{0, 0}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}},
			tokens:  []int{0, 0, 0, 0, 1},
			covered: []string{"BB@42"},
		},
		{
			// Example 4. 13 (R, tasks BB Y) at {0,0}, red 1 at {0,1}, 46 (T,
			// tasks YYY Y) at {1,1}; no yellow yet, so no token. Turn 4:
			// yellow 52 at {1,0} touches both 13 and 46: the one tile
			// fulfils Y on 13 and Y on 46 at once, 2 tokens. 13's BB (no
			// blue) and 46's YYY (1 yellow) stay open.
			name:    "4 one tile fulfils tasks on two tiles",
			ids:     []int{13, 1, 46, 52},
			cells:   [][2]int{{0, 0}, {0, 1}, {1, 1}, {1, 0}},
			tokens:  []int{0, 0, 0, 2},
			covered: []string{"Y@13", "Y@46"},
		},
		{
			// Example 5. 17 (R, cost 7, tasks BT BY TY) with blue 18 right,
			// yellow 52 left, turquoise 35 below: after 18 no task (each
			// needs two colours); after 52 BY (1 token); after 35 BT and TY
			// together (3 tokens). All three by three tiles.
			name:    "5 cost-7 tile, three tasks by three tiles",
			ids:     []int{17, 18, 52, 35},
			cells:   [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}},
			tokens:  []int{0, 0, 1, 3},
			covered: []string{"BT@17", "BY@17", "TY@17"},
		},
		{
			// Example 6. 13 (R, tasks BB Y) and 65 (Y, tasks TT R) side by
			// side: 13 sees the yellow 65 (Y done), 65 sees the red 13 (R
			// done), both on turn 2. BB and TT stay open.
			name:    "6 two tiles fulfil each other's tasks",
			ids:     []int{13, 65},
			cells:   [][2]int{{0, 0}, {1, 0}},
			tokens:  []int{0, 2},
			covered: []string{"R@65", "Y@13"},
		},
		{
			// Example 7. Red 2 (cost 2, task RRRR) at the end of a red row
			// 2-1-7-5-8 (1: no tasks, 7: TTY, 5: RBT, 8: YYYY YY, none of
			// which can be fulfilled with only red around). After turn 4 the
			// red group has 4 tiles, 2 included, so 2 sees 3: not enough.
			// Turn 5 makes the group 5 tiles: 2 sees 4 other reds, 1 token.
			name:    "7 red RRRR needs four other reds",
			ids:     []int{2, 1, 7, 5, 8},
			cells:   [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}},
			tokens:  []int{0, 0, 0, 0, 1},
			covered: []string{"RRRR@2"},
		},
		{
			// Example 8. 25 (B, tasks RRRR RR) with a red on each side: red
			// 1 right, 7 left (2 reds: RR, turn 3), 5 below (3 reds), 8
			// above (4 reds: RRRR, turn 5). The same reds serve both tasks.
			// 5 (RBT) sees blue 25 but no turquoise.
			name:    "8 four reds fulfil RR and RRRR on one tile",
			ids:     []int{25, 1, 7, 5, 8},
			cells:   [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}},
			tokens:  []int{0, 0, 1, 1, 2},
			covered: []string{"RR@25", "RRRR@25"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, tokens := playInOrder(t, tt.ids, tt.cells)
			if !slices.Equal(tokens, tt.tokens) {
				t.Errorf("tokens after each turn = %v, want %v", tokens, tt.tokens)
			}
			if got := coveredTasks(g); !slices.Equal(got, tt.covered) {
				t.Errorf("covered tasks = %q, want %q", got, tt.covered)
			}
		})
	}
}

// TestSees checks the visibility counts behind the examples directly (R10).
func TestSees(t *testing.T) {
	// Row 2-1-7-5 (all red) then blue 18 below 1, blue 19 below 18, and
	// turquoise 35 below 7.
	g, _ := playInOrder(t, []int{2, 1, 7, 5, 18, 19, 35},
		[][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {1, 1}, {1, 2}, {2, 1}})
	tests := []struct {
		cell   [2]int
		colour byte
		want   int
	}{
		{[2]int{0, 0}, 'R', 3}, // red group of 4, minus itself
		{[2]int{3, 0}, 'R', 3},
		{[2]int{1, 1}, 'R', 4}, // blue 18 touches 1: the whole red group
		{[2]int{1, 2}, 'R', 0}, // 19 touches only 18: no red
		{[2]int{1, 2}, 'B', 1}, // 18
		{[2]int{1, 1}, 'B', 1}, // 19, never itself
		{[2]int{2, 0}, 'B', 0}, // 7 touches 1, 5 and 35, not 18 (diagonal)
		{[2]int{2, 0}, 'T', 1}, // 35
		{[2]int{2, 1}, 'B', 2}, // 35 touches 18, which chains to 19
		{[2]int{2, 1}, 'R', 4}, // 35 touches 7: the whole red group
		{[2]int{0, 0}, 'Y', 0},
	}
	for _, tt := range tests {
		if got := g.sees(tt.cell, tt.colour); got != tt.want {
			t.Errorf("sees(%v, %c) = %d, want %d", tt.cell, tt.colour, got, tt.want)
		}
	}
}

// row places ids on {0,0}, {1,0}, {2,0}, ... in the order given.
func row(ids ...int) []Move {
	var moves []Move
	for i, id := range ids {
		moves = append(moves, Move{Tile: id, X: i, Y: 0})
	}
	return moves
}

// quiet is an 11-tile deck whose tiles, taken in deck order and laid in a row
// 1R 18B 35T 52Y 2R 3R 19B 20B 36T 37T 53Y, fulfil nothing: 2 and 3 (RRRR)
// see one red each, 19 and 20 (BBBB) one blue, 36 and 37 (TTTT) one
// turquoise, 53 (YYYY) no yellow. Costs: four 1s and seven 2s, 18.
var quiet = []int{1, 18, 35, 52, 2, 3, 19, 20, 36, 37, 53}

// wheel is quiet taken in the space order 3, 6, 9, 10, 11, 1, 2, 4, 5, 7, 8:
// from the meeple on 9 the next occupied spaces are 10, 11 and (0 being
// empty) 1, so the track wraps round. Laid in a row: 35T 3R 36T 37T 53Y 1R
// 18B 52Y 2R 19B 20B. 3 and 2 (RRRR) see no red, 36 and 37 one turquoise,
// 53 no yellow, 19 and 20 one blue: no token.
var wheel = []int{35, 3, 36, 37, 53, 1, 18, 52, 2, 19, 20}

// sevens is a 17-tile deck. Turns 1-6 build, around red 17 at {0,0}:
//
//	52Y 17R 34B        y=0
//	    51T 68Y        y=1
//	    18B            y=2
//
// Tokens by hand: turn 3 (51 below 17) gives 17 its BT: 1. Turn 4 (68)
// gives 68 BT (sees 51 T, 34 B), 34 RY (17 R, 68 Y), 51 RY (17 R, 68 Y): 4.
// Turn 5 (52 left of 17) gives 17 BY and TY: 6. Turn 6 (18 below 51) gives
// 51 RB and BY: 8. 34's RT, TY and 68's RB, RT stay open for good: no tile
// is placed next to 34 or 68 later. Cost so far 7+7+7+7+1+1 = 30.
//
// The remaining 11 tiles go in a column below 18, at {0,3} .. {0,13}:
// 1R 2R 3R 19B 20B 35T 36T 37T 53Y 54Y 46T. 2 and 3 (RRRR) see 2 reds, 19
// and 20 (BBBB) 1 blue (18 is cut off by 1), 36 and 37 (TTTT) 2 turquoise,
// 53 and 54 (YYYY) 1 yellow, and 46 (YYY Y) sees the yellow group {53,54}:
// Y is fulfilled, YYY is not. 9 tokens at the end. Their cost is
// 1+2+2+2+2+1+2+2+2+2+5 = 23.
var sevens = []int{17, 34, 51, 68, 52, 18, 1, 2, 3, 19, 20, 35, 36, 37, 53, 54, 46}

func sevensMoves() []Move {
	moves := []Move{{17, 0, 0}, {34, 1, 0}, {51, 0, 1}, {68, 1, 1}, {52, -1, 0}, {18, 0, 2}}
	for i, id := range sevens[6:] {
		moves = append(moves, Move{Tile: id, X: 0, Y: 3 + i})
	}
	return moves
}

// full21 is laid out, in deck order, as
//
//	    47T 63Y 16R     y=0
//	13R 17R 68Y 51T     y=1
//	64Y 33B 30B 34B     y=2
//
// Groups: red {13,17}, {16}; yellow {64}, {63,68}; blue {33,30,34};
// turquoise {47}, {51}. Fulfilled tasks, by hand:
//
//	17 (BT BY TY) sees B3 T1 Y2: 3     13 (BB Y)    sees Y: 1
//	64 (RR BB YY) sees R2 B3 Y0: 2     33 (RR TT Y) sees R2 T0 Y1: 2
//	47 (RR TT YY) sees R2 T0 Y2: 2     63 (RRR R)   sees R1: 1
//	68 (RB RT BT) sees R B T:   3      30 (BB TT YY) sees B2 T0 Y2: 2
//	16 (BB YY T)  sees B0 Y2 T1: 2     51 (RB RY BY) sees R B Y: 3
//	34 (RT RY TY) sees R0 T1 Y0: 0
//
// That is 21 tokens. Turn by turn: 17, 13: none. 64: its RR, 13's Y (2).
// 33: its RR and Y (4). 47: its RR, 17's BT (6). 63: none (6). 68: 17's BY
// and TY, 47's YY (9). 30: its YY, 68's RB, 64's BB (12). 16: its YY, 63's
// R (14). 51: its RY, 68's RT and BT, 16's T (18). 34: 51's RB and BY, 30's
// BB (21). Costs: 7+5+5+6+5+5+7+5+6+7+7 = 65; turns 1-7 cost 40. Tiles 1
// and 18 are left in the deck.
var full21 = []int{17, 13, 64, 33, 47, 63, 68, 30, 16, 51, 34, 1, 18}

var full21Moves = []Move{
	{17, 1, 1}, {13, 0, 1}, {64, 0, 2}, {33, 1, 2}, {47, 1, 0}, {63, 2, 0},
	{68, 2, 1}, {30, 2, 2}, {16, 3, 0}, {51, 3, 1}, {34, 3, 2},
}

// early21 reaches 21 tokens with 10 tiles, laid out in deck order as
//
//	    50T 31B         y=0
//	13R 17R 68Y 65Y     y=1
//	67Y 34B 51T 15R     y=2
//
// Groups: red {13,17}, {15}; yellow {67}, {68,65}; blue {34}, {31};
// turquoise {50}, {51}. Fulfilled tasks, by hand:
//
//	13 (BB Y)     sees B0 Y1: 1         67 (RR TT B)  sees R2 T0 B1: 2
//	50 (BB YY R)  sees B1 Y0 R2: 1      17 (BT BY TY) sees B T Y: 3
//	34 (RT RY TY) sees R T Y: 3         31 (YY T)     sees Y2 T1: 2
//	68 (RB RT BT) sees R B T: 3         51 (RB RY BY) sees R B Y: 3
//	65 (TT R)     sees T0 R1: 1         15 (TTT TY YY) sees T1 Y2: 2
//
// That is 21, first on turn 10: before 15 arrives 51 sees no red (RB, RY
// open). Costs: 5+6+6+7+7+5+7+7+5+6 = 61. Tile 1 stays on space 11.
var early21 = []int{17, 13, 67, 34, 50, 31, 68, 51, 65, 15, 1, 18}

var early21Moves = []Move{
	{17, 1, 1}, {13, 0, 1}, {67, 0, 2}, {34, 1, 2}, {50, 1, 0},
	{31, 2, 0}, {68, 2, 1}, {51, 2, 2}, {65, 3, 1}, {15, 3, 2},
}

// TestTokensByTurn checks the turn-by-turn counts worked out above.
func TestTokensByTurn(t *testing.T) {
	cells := func(moves []Move) [][2]int {
		var out [][2]int
		for _, m := range moves {
			out = append(out, [2]int{m.X, m.Y})
		}
		return out
	}
	_, got := playInOrder(t, full21[:11], cells(full21Moves))
	if want := []int{0, 0, 2, 4, 6, 6, 9, 12, 14, 18, 21}; !slices.Equal(got, want) {
		t.Errorf("full21 tokens = %v, want %v", got, want)
	}
	_, got = playInOrder(t, early21[:10], cells(early21Moves))
	if got[8] > 19 || got[9] != 21 {
		t.Errorf("early21 tokens = %v, want at most 19 after turn 9, 21 after turn 10", got)
	}
}

func TestScoreLegal(t *testing.T) {
	tests := []struct {
		name        string
		deck        []int
		moves       []Move
		phase1Turns int
		want        Result
	}{
		{
			// Phase 1 runs the track empty at turn 11 with 0 tokens; the
			// refill finds the deck used up, so the game ends there.
			// S1 = S2 = 18, P1 = 80, P2 = 210.
			name: "quiet deck, track runs empty", deck: quiet,
			moves: row(quiet...), phase1Turns: 11,
			want: Result{Legal: true, Score: 326, S1: 18, P1: 80, S2: 18, P2: 210},
		},
		{
			name: "track wraps round past space 0", deck: quiet,
			moves: row(wheel...), phase1Turns: 11,
			want: Result{Legal: true, Score: 326, S1: 18, P1: 80, S2: 18, P2: 210},
		},
		{
			// As the first case, plus two refill tiles: the meeple is on
			// space 11, so 54 goes on space 0 and 46 on space 1. Turn 12:
			// 54 (YYYY) next to 53 sees 1 yellow. Turn 13: 46 (YYY Y) at
			// {11,1} touches 54, sees the group {53,54}: Y done, 1 token.
			// S2 = 18+2+5 = 25, P2 = 200.
			name:  "phase 2 after a full track",
			deck:  append(slices.Clone(quiet), 54, 46),
			moves: append(row(quiet...), Move{54, 11, 0}, Move{46, 11, 1}), phase1Turns: 11,
			want: Result{Legal: true, Score: 323, S1: 18, P1: 80, S2: 25, P2: 200, Tokens: 1},
		},
		{
			// Space 1 (46) is the second accessible tile, so it may go
			// first: 46 at {11,0} sees 53 (Y done, 1 token); 54 at {12,0}
			// then sees no yellow (46 is turquoise). Same totals.
			name:  "phase 2 taking the second accessible tile",
			deck:  append(slices.Clone(quiet), 54, 46),
			moves: append(row(quiet...), Move{46, 11, 0}, Move{54, 12, 0}), phase1Turns: 11,
			want: Result{Legal: true, Score: 323, S1: 18, P1: 80, S2: 25, P2: 200, Tokens: 1},
		},
		{
			// Phase 1 ends by choice after turn 6 with 8 tokens: S1 = 30,
			// P1 = 0. The refill puts deck[11..16] on spaces 0..5 (space 6
			// is the meeple's); all 11 are taken clockwise from space 7.
			// S2 = 30+23 = 53, P2 = 10*(21-9) = 120.
			name: "phase 1 ended by choice at 8 tokens", deck: sevens,
			moves: sevensMoves(), phase1Turns: 6,
			want: Result{Legal: true, Score: 203, S1: 30, P1: 0, S2: 53, P2: 120, Tokens: 9},
		},
		{
			// One more phase-1 turn: tile 1 is in S1 too (31), the meeple
			// ends on 7 and the refill runs out of deck after spaces 0..5,
			// leaving space 6 empty; the same moves then empty the track.
			name: "phase 1 continued past 8 tokens", deck: sevens,
			moves: sevensMoves(), phase1Turns: 7,
			want: Result{Legal: true, Score: 204, S1: 31, P1: 0, S2: 53, P2: 120, Tokens: 9},
		},
		{
			// 21 tokens on turn 11 end the game at once: no refill, even
			// though tiles 1 and 18 are left in the deck. S2 = S1 = 65.
			name: "all 21 tokens in phase 1", deck: full21,
			moves: full21Moves, phase1Turns: 11,
			want: Result{Legal: true, Score: 130, S1: 65, S2: 65, Tokens: 21},
		},
		{
			// 21 tokens on turn 10, with tile 1 still on the track: the
			// game (and phase 1 with it) ends there. S1 = S2 = 61.
			name: "all 21 tokens in phase 1, track not empty", deck: early21,
			moves: early21Moves, phase1Turns: 10,
			want: Result{Legal: true, Score: 122, S1: 61, S2: 61, Tokens: 21},
		},
		{
			// Phase 1 ends after turn 7 with 9 tokens (S1 = 40). The refill
			// puts 1 and 18 on spaces 0 and 1; turns 8-11 take spaces 8-11
			// and the 21st token on turn 11 ends the game with 1 and 18
			// still on the track. S2 = 65, P2 = 0.
			name: "all 21 tokens in phase 2", deck: full21,
			moves: full21Moves, phase1Turns: 7,
			want: Result{Legal: true, Score: 105, S1: 40, S2: 65, Tokens: 21},
		},
	}
	for _, tt := range tests {
		if got := Score(tt.deck, tt.moves, tt.phase1Turns); got != tt.want {
			t.Errorf("%s: Score = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestScoreIllegal(t *testing.T) {
	withMove := func(moves []Move, i int, m Move) []Move {
		out := slices.Clone(moves)
		out[i] = m
		return out
	}
	tests := []struct {
		name        string
		deck        []int
		moves       []Move
		phase1Turns int
		turn        int
		rule        string
	}{
		{"deck too short", quiet[:10], row(quiet[:10]...), 10, 0, "R5"},
		{"deck repeats a tile", append(slices.Clone(quiet), 1), row(quiet...), 11, 0, "R5"},
		{"deck has tile 0", append([]int{0}, quiet...), row(quiet...), 11, 0, "R5"},
		{"deck has tile 69", append(slices.Clone(quiet), 69), row(quiet...), 11, 0, "R5"},
		{"phase1Turns 0", quiet, row(quiet...), 0, 0, "R12"},
		{"phase1Turns past the moves", quiet, row(quiet[:5]...), 6, 0, "R12"},
		{"phase1Turns above 11", append(slices.Clone(quiet), 54, 46),
			append(row(quiet...), Move{54, 11, 0}, Move{46, 11, 1}), 12, 0, "R12"},
		{"phase 1 ended under 8 tokens", quiet, row(quiet...), 10, 10, "R12"},
		{"phase 1 ended at 6 tokens", sevens, sevensMoves(), 5, 5, "R12"},
		// Space 4 (52) is the fourth occupied space after the meeple.
		{"fourth space", quiet, withMove(row(quiet...), 0, Move{52, 0, 0}), 11, 1, "R6"},
		{"tile not in the deck", quiet, withMove(row(quiet...), 0, Move{60, 0, 0}), 11, 1, "R6"},
		{"tile already taken", quiet, withMove(row(quiet...), 1, Move{1, 1, 0}), 11, 2, "R6"},
		// After spaces 3, 6, 9 the choices are 10, 11, 1; 18 is on space 2.
		{"behind the wrap", quiet, withMove(row(wheel...), 3, Move{18, 3, 0}), 11, 4, "R6"},
		// Taking space 3 first puts spaces 1 and 2 behind the meeple.
		{"behind the meeple", quiet, withMove(row(wheel...), 1, Move{1, 1, 0}), 11, 2, "R6"},
		{"cell taken", quiet, withMove(row(quiet...), 1, Move{18, 0, 0}), 11, 2, "R9"},
		{"cell diagonal", quiet, withMove(row(quiet...), 1, Move{18, 1, 1}), 11, 2, "R9"},
		{"cell apart", quiet, withMove(row(quiet...), 4, Move{2, 6, 0}), 11, 5, "R9"},
		{"move after the track ran empty", quiet,
			append(row(quiet...), Move{54, 11, 0}), 11, 12, "R15"},
		{"line stops in phase 2", sevens, sevensMoves()[:16], 6, 17, "R15"},
		{"line stops before the refill is used", append(slices.Clone(quiet), 54, 46),
			row(quiet...), 11, 12, "R15"},
		{"move after 21 tokens", full21,
			append(slices.Clone(full21Moves), Move{1, 4, 2}), 11, 12, "R15"},
		{"move after 21 tokens in phase 2", full21,
			append(slices.Clone(full21Moves), Move{1, 4, 2}), 7, 12, "R15"},
		{"phase 1 ended at 6 tokens, full21", full21, full21Moves, 6, 6, "R12"},
		{"move after 21 tokens on turn 10", early21,
			append(slices.Clone(early21Moves), Move{1, 4, 1}), 10, 11, "R15"},
		// The game ended on turn 10, so phase 1 cannot go on to turn 11:
		// the move is after the end.
		{"phase 1 claimed past 21 tokens", early21,
			append(slices.Clone(early21Moves), Move{1, 4, 1}), 11, 11, "R15"},
	}
	for _, tt := range tests {
		got := Score(tt.deck, tt.moves, tt.phase1Turns)
		want := Result{Turn: tt.turn, Rule: tt.rule}
		if got != want {
			t.Errorf("%s: Score = %+v, want %+v", tt.name, got, want)
		}
	}
}

// TestTokenCap checks that covering stops at 21 tokens (R3, R11): as in
// rulebook example 5, turquoise 35 completes BT and TY on 17 at once, but
// with 20 tokens already placed only one of them gets a token.
func TestTokenCap(t *testing.T) {
	g, _ := playInOrder(t, []int{17, 18, 52}, [][2]int{{0, 0}, {1, 0}, {-1, 0}})
	g.tokens = 20
	g.track[4] = 35 // the next space after the meeple (on 3) gets turquoise 35
	if rule := g.play(Move{Tile: 35, X: 0, Y: 1}); rule != "" {
		t.Fatalf("play(35 at {0,1}) broke %s, want legal", rule)
	}
	if g.tokens != 21 {
		t.Errorf("tokens = %d, want 21", g.tokens)
	}
	if got := coveredTasks(g); len(got) != 2 || !slices.Contains(got, "BY@17") {
		t.Errorf("covered tasks = %q, want BY@17 and one of BT@17, TY@17", got)
	}
}
