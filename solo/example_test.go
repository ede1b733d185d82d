package solo_test

import (
	"errors"
	"fmt"

	"github.com/novaluna/novaluna/solo"
)

// A checked game: deal a deck, play moves, read the tokens and the score.
func ExampleNewGame() {
	// Red 17 (cost 7, tasks BT, BY, TY) first, then a blue, a turquoise
	// and a yellow tile around it; the rest of the deck stays on the wheel.
	deck := solo.Deck{17, 18, 35, 52, 60, 61, 62, 63, 64, 65, 66}
	g, err := solo.NewGame(deck)
	if err != nil {
		panic(err)
	}
	for _, m := range []solo.Move{{Tile: 17, X: 0, Y: 0}, {Tile: 18, X: 1, Y: 0}, {Tile: 35, X: -1, Y: 0}, {Tile: 52, X: 0, Y: 1}} {
		if err := g.Play(m); err != nil {
			panic(err)
		}
		fmt.Printf("tile %d on (%d, %d): %d tokens\n", m.Tile, m.X, m.Y, g.Tokens())
	}
	fmt.Println("accessible next:", g.Accessible())
	err = g.Play(solo.Move{Tile: 60, X: 5, Y: 5})
	fmt.Println(err)
	fmt.Println(errors.Is(err, solo.ErrNotAdjacent))
	// Output:
	// tile 17 on (0, 0): 0 tokens
	// tile 18 on (1, 0): 0 tokens
	// tile 35 on (-1, 0): 1 tokens
	// tile 52 on (0, 1): 3 tokens
	// accessible next: [60 61 62]
	// turn 5: cell (5, 5) is not orthogonally next to any tile of the display; free cells next to it are (0, -1), (2, 0), (1, -1), (1, 1), (-2, 0), (-1, -1), and 2 more (rule R9)
	// true
}

// Replaying a complete line gives its score, or the turn and rule it breaks.
func ExamplePlay() {
	l, err := solo.ParseLine([]byte(`{"deck": [1,2,3,4,5,6,7,8,9,10,11],
		"moves": [{"tile": 1, "x": 0, "y": 0}, {"tile": 2, "x": 1, "y": 0}, {"tile": 3, "x": 2, "y": 0},
		          {"tile": 4, "x": 3, "y": 0}, {"tile": 5, "x": 4, "y": 0}, {"tile": 6, "x": 5, "y": 0},
		          {"tile": 7, "x": 6, "y": 0}, {"tile": 8, "x": 7, "y": 0}, {"tile": 9, "x": 8, "y": 0},
		          {"tile": 10, "x": 9, "y": 0}, {"tile": 11, "x": 10, "y": 0}],
		"phase1_turns": 11}`))
	if err != nil {
		panic(err)
	}
	g, err := solo.Play(l)
	if err != nil {
		panic(err)
	}
	// Eleven reds in a row: 2 and 3 (RRRR) and 10 (RRR) see ten other reds.
	sc := g.Score()
	fmt.Printf("S1 %d, P1 %d, S2 %d, P2 %d, tokens %d, score %d\n", sc.S1, sc.P1, sc.S2, sc.P2, sc.Tokens, sc.Total())

	l.Moves[3].Y = 1
	_, err = solo.Replay(l)
	fmt.Println(err)
	// Output:
	// S1 33, P1 50, S2 33, P2 180, tokens 3, score 296
	// turn 4: cell (3, 1) is not orthogonally next to any tile of the display; free cells next to it are (-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (3, 0), and 2 more (rule R9)
}

// A seed names a deck forever.
func ExampleSeedDeck() {
	d := solo.SeedDeck(1)
	fmt.Println(len(d), d[:11])
	// Output:
	// 68 [12 51 3 47 34 62 26 36 63 37 32]
}
