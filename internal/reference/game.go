package reference

import "strings"

// game is the state of one solo game in progress: the track, the display
// and the tokens. Every method is the most literal reading of RULES.md.
type game struct {
	deck   []int
	next   int     // index in deck of the next tile to draw
	track  [12]int // tile id on each space 0..11 (R4), 0 if empty
	meeple int     // space the moon figure stands on

	display map[[2]int]int  // cell {x, y} -> tile id
	covered map[[3]int]bool // {x, y, task index} -> task has a token (R11)
	tokens  int             // tokens placed so far, 0..21
}

// newGame deals deck[0..10] onto spaces 1..11 with the meeple on space 0
// (R4, R5). The deck must already be valid.
func newGame(deck []int) *game {
	g := &game{
		deck:    deck,
		display: map[[2]int]int{},
		covered: map[[3]int]bool{},
	}
	for space := 1; space <= 11; space++ {
		g.track[space] = deck[g.next]
		g.next++
	}
	return g
}

// accessible returns the spaces of the first three occupied spaces clockwise
// after the meeple, skipping empty ones (R6).
func (g *game) accessible() []int {
	var spaces []int
	for step := 1; step < 12 && len(spaces) < 3; step++ {
		space := (g.meeple + step) % 12
		if g.track[space] != 0 {
			spaces = append(spaces, space)
		}
	}
	return spaces
}

// trackEmpty reports whether no tile is left on the track.
func (g *game) trackEmpty() bool {
	for _, id := range g.track {
		if id != 0 {
			return false
		}
	}
	return true
}

// play takes m.Tile from the track and places it at (m.X, m.Y), then covers
// newly fulfilled tasks. It returns the id of the rule m breaks, or "" if m
// is legal; an illegal move leaves the game unchanged.
func (g *game) play(m Move) string {
	// R6, R7: the tile must be on one of the accessible spaces.
	from := -1
	for _, space := range g.accessible() {
		if g.track[space] == m.Tile {
			from = space
		}
	}
	if from < 0 {
		return "R6"
	}

	// R9: any cell first, then an empty cell next to a placed tile.
	cell := [2]int{m.X, m.Y}
	if len(g.display) > 0 {
		if _, taken := g.display[cell]; taken {
			return "R9"
		}
		touches := false
		for _, n := range neighbours(cell) {
			if _, ok := g.display[n]; ok {
				touches = true
			}
		}
		if !touches {
			return "R9"
		}
	}

	g.track[from] = 0
	g.meeple = from
	g.display[cell] = m.Tile
	g.cover()
	return ""
}

// cover puts a token on every fulfilled, uncovered task of every tile in the
// display while tokens remain (R11). It looks at all tasks, not just those
// near the new tile, so that nothing depends on knowing what can change.
func (g *game) cover() {
	for cell, id := range g.display {
		for i, task := range tiles[id].tasks {
			key := [3]int{cell[0], cell[1], i}
			if g.covered[key] || g.tokens >= 21 {
				continue
			}
			if g.fulfilled(cell, task) {
				g.covered[key] = true
				g.tokens++
			}
		}
	}
}

// fulfilled reports whether task, on the tile at cell, is fulfilled (R10):
// for every colour, the tile sees at least as many tiles of that colour as
// the task asks for.
func (g *game) fulfilled(cell [2]int, task string) bool {
	for _, c := range []byte(colours) {
		need := strings.Count(task, string(c))
		if need > 0 && g.sees(cell, c) < need {
			return false
		}
	}
	return true
}

// sees counts the tiles of colour c that the tile at cell sees (R10): every
// colour-c tile reachable from it through orthogonal steps onto colour-c
// tiles. The flood starts at the tile itself whatever its colour, so groups
// touching it are all counted (and joined through it if it has colour c,
// which changes nothing in the count); the tile itself is never counted.
func (g *game) sees(cell [2]int, c byte) int {
	seen := map[[2]int]bool{cell: true}
	stack := [][2]int{cell}
	for len(stack) > 0 {
		here := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range neighbours(here) {
			id, ok := g.display[n]
			if ok && !seen[n] && tiles[id].colour == c {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) - 1
}

// displayCost is the sum of the costs of all tiles in the display (R13, R16).
func (g *game) displayCost() int {
	sum := 0
	for _, id := range g.display {
		sum += tiles[id].cost
	}
	return sum
}

// refill fills every empty space but the meeple's from the deck, starting
// clockwise after the meeple, until the deck runs out (R14).
func (g *game) refill() {
	for step := 1; step < 12; step++ {
		space := (g.meeple + step) % 12
		if g.track[space] == 0 && g.next < len(g.deck) {
			g.track[space] = g.deck[g.next]
			g.next++
		}
	}
}

// neighbours returns the four orthogonal neighbours of cell.
func neighbours(cell [2]int) [4][2]int {
	x, y := cell[0], cell[1]
	return [4][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}}
}
