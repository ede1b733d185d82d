package solo

import (
	"flag"
	"math/rand/v2"
	"testing"
)

// update rewrites the golden files under testdata instead of comparing with
// them: go test ./solo -run Golden -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// randomGames returns n random complete legal lines, each of its own seeded
// deck, from fixed seeds so that every run sees the same games.
func randomGames(n int) []Line {
	src := rand.NewPCG(2026, 11)
	lines := make([]Line, n)
	for i := range lines {
		lines[i] = RandomLine(SeedDeck(uint64(i)), src)
	}
	return lines
}

// numGames is the number of random games the property tests look at:
// fewer with -short.
func numGames(t *testing.T) int {
	if testing.Short() {
		return 200
	}
	return 2000
}

// recount is a second, deliberately plain reading of R10 that shares nothing
// with State: from a display as Game.Display reports it (tile ids and line
// coordinates), it works out by flood fill which tasks of every tile are
// fulfilled. fulfilled[i][j] is task j of display[i].
func recount(display []PlacedTile) (fulfilled [][]bool) {
	at := make(map[Point]int, len(display))
	for i, pt := range display {
		at[Point{pt.X, pt.Y}] = i
	}
	colourOf := func(i int) Colour { t, _ := TileByID(display[i].Tile); return t.Colour }
	near := func(p Point) [4]Point {
		return [4]Point{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}}
	}
	// sees counts the tiles of colour c reachable from tile i through
	// orthogonal steps onto tiles of colour c; i itself is never counted.
	sees := func(i int, c Colour) int {
		start := Point{display[i].X, display[i].Y}
		seen := map[Point]bool{start: true}
		stack := []Point{start}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, q := range near(p) {
				if j, ok := at[q]; ok && !seen[q] && colourOf(j) == c {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		return len(seen) - 1
	}
	fulfilled = make([][]bool, len(display))
	for i, pt := range display {
		t, _ := TileByID(pt.Tile)
		fulfilled[i] = make([]bool, len(t.Tasks))
		for j, task := range t.Tasks {
			ok := true
			for c := range Colour(NumColours) {
				if task[c] > 0 && sees(i, c) < int(task[c]) {
					ok = false
				}
			}
			fulfilled[i][j] = ok
		}
	}
	return fulfilled
}

// covered counts the covered tasks of a display.
func coveredCount(display []PlacedTile) int {
	n := 0
	for _, pt := range display {
		for _, c := range pt.Covered {
			if c {
				n++
			}
		}
	}
	return n
}

// deckOf returns a valid 11-tile deck that starts with ids, in that order,
// and is filled up with the lowest ids not in ids. Taking the nearest tile
// (the one on the space after the moon figure) every turn then takes the
// tiles of ids in order.
func deckOf(ids ...int) Deck {
	d := append(Deck(nil), ids...)
	used := map[int]bool{}
	for _, id := range ids {
		used[id] = true
	}
	for id := NumTiles; len(d) < SetupTiles; id-- {
		if !used[id] {
			d = append(d, id)
		}
	}
	return d
}
