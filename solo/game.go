package solo

import (
	"fmt"
	"strings"
)

// Move is one turn of a line: the tile taken and the cell it is placed on,
// in the coordinates of FORMATS.md (x to the right, y downward; any origin).
type Move struct {
	Tile int `json:"tile"`
	X    int `json:"x"`
	Y    int `json:"y"`
}

// Point is a cell in line coordinates.
type Point struct{ X, Y int }

// Game is a checked solo game: every move is validated against the rules and
// an illegal one is refused with a [*RuleError] that explains it.
type Game struct {
	deck  Deck
	s     State
	moves []Move
}

// NewGame validates the deck and deals it (R5).
func NewGame(d Deck) (*Game, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	g := &Game{deck: append(Deck(nil), d...)}
	g.s.Reset(d)
	return g, nil
}

// State returns a copy of the current position, for search.
func (g *Game) State() State { return g.s }

// Deck returns a copy of the deck.
func (g *Game) Deck() Deck { return append(Deck(nil), g.deck...) }

// Moves returns a copy of the moves played so far.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Turn returns the number of the next turn (1-based).
func (g *Game) Turn() int { return len(g.moves) + 1 }

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.s.phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.s.Over() }

// Tokens returns the number of tokens placed.
func (g *Game) Tokens() int { return g.s.Tokens() }

// Score returns the notes so far; they are final when the game is over.
func (g *Game) Score() Score { return g.s.Score() }

// CanEndPhase1 reports whether the player may end phase 1 now (R12).
func (g *Game) CanEndPhase1() bool { return g.s.CanEndPhase1() }

// Accessible returns the ids of the accessible tiles, nearest first (R6).
func (g *Game) Accessible() []int {
	var buf [3]uint8
	n := g.s.Accessible(&buf)
	ids := make([]int, n)
	for i := range n {
		ids[i] = int(g.s.track[buf[i]])
	}
	return ids
}

// Track returns the tile id on each of the 12 spaces (0 for empty) and the
// moon figure's space.
func (g *Game) Track() (spaces [TrackSpaces]int, meeple int) {
	for i, id := range g.s.track {
		spaces[i] = int(id)
	}
	return spaces, int(g.s.meeple)
}

// LegalCells returns the cells the next tile may go on (R9). Before the first
// tile any cell is legal; then it returns (0, 0) alone.
func (g *Game) LegalCells() []Point {
	var buf [MaxFrontier]Cell
	n := g.s.Frontier(&buf)
	pts := make([]Point, 0, n)
	for i := range n {
		x, y := g.s.XY(buf[i])
		// Next to a tile on the largest or smallest int a neighbour has no
		// coordinates: XY wraps around and CellAt refuses the result.
		if c, ok := g.s.CellAt(x, y); ok && c == buf[i] {
			pts = append(pts, Point{x, y})
		}
	}
	return pts
}

// PlacedTile is a tile of the display: its id, cell and which of its tasks
// are covered by a token.
type PlacedTile struct {
	Tile    int
	X, Y    int
	Covered []bool // one per task of the tile
}

// Display returns the tiles of the display in the order they were placed.
func (g *Game) Display() []PlacedTile { return DisplayOf(&g.s) }

// DisplayOf returns the display of a position in placement order.
func DisplayOf(s *State) []PlacedTile {
	out := make([]PlacedTile, s.n)
	for i := range s.n {
		id, c, open := s.Placed(int(i))
		x, y := s.XY(c)
		td := &tileTable[id]
		cov := make([]bool, td.ntasks)
		for j := range td.ntasks {
			cov[j] = open&(1<<j) == 0
		}
		out[i] = PlacedTile{Tile: id, X: x, Y: y, Covered: cov}
	}
	return out
}

// CheckMove reports whether m is legal now, with the reason if not, without
// playing it. It returns the space of the tile and the grid cell.
func (g *Game) CheckMove(m Move) (sp uint8, c Cell, err error) {
	turn := g.Turn()
	s := &g.s
	if s.Over() {
		return 0, 0, ruleErr(turn, "R15", ErrGameOver, "the game is already over after %d turns; no more tiles may be taken", len(g.moves))
	}
	var buf [3]uint8
	n := s.Accessible(&buf)
	found := false
	for i := range n {
		if int(s.track[buf[i]]) == m.Tile {
			sp, found = buf[i], true
		}
	}
	if !found {
		return 0, 0, ruleErr(turn, "R6", ErrNotAccessible, "tile %d is not accessible%s; take one of %s (the first three tiles clockwise after the moon figure)",
			m.Tile, g.whereIs(m.Tile), joinInts(g.Accessible()))
	}
	if s.n == 0 {
		if m.X < MinCoord || m.X > MaxCoord || m.Y < MinCoord || m.Y > MaxCoord {
			return 0, 0, ruleErr(turn, "R9", ErrOutOfRange, "the first tile goes on (%d, %d), too near the end of the whole numbers: the display may spread %d cells from its first tile, so the first tile's x and y must be from %d to %d; move the whole line (where it lies does not change the game)",
				m.X, m.Y, gridW/2, MinCoord, MaxCoord)
		}
		return sp, gridCentre, nil
	}
	c, ok := s.CellAt(m.X, m.Y)
	if ok && s.Occupied(c) {
		other, _, _ := s.Placed(int(s.board[c]) - 1)
		return 0, 0, ruleErr(turn, "R9", ErrCellOccupied, "cell (%d, %d) already holds tile %d; place tile %d on an empty cell next to the display", m.X, m.Y, other, m.Tile)
	}
	if !ok || !s.Adjacent(c) {
		return 0, 0, ruleErr(turn, "R9", ErrNotAdjacent, "cell (%d, %d) is not orthogonally next to any tile of the display; free cells next to it are %s", m.X, m.Y, g.cellList(6))
	}
	return sp, c, nil
}

// Play validates and plays a move.
func (g *Game) Play(m Move) error {
	sp, c, err := g.CheckMove(m)
	if err != nil {
		return err
	}
	if g.s.n == 0 {
		g.s.SetOrigin(m.X, m.Y)
	}
	g.s.Apply(sp, c)
	g.moves = append(g.moves, m)
	return nil
}

// EndPhase1 ends phase 1 by the player's choice (R12), which needs at least 8
// tokens placed.
func (g *Game) EndPhase1() error {
	switch {
	case g.s.phase == GameOver:
		return ruleErr(len(g.moves), "R15", ErrGameOver, "the game is already over")
	case g.s.phase != Phase1:
		return ruleErr(len(g.moves), "R12", ErrCannotEndPhase1, "phase 1 has already ended")
	case len(g.moves) == 0 || g.s.tokens < TokensPhase1:
		return ruleErr(len(g.moves), "R12", ErrCannotEndPhase1, "phase 1 cannot end with %d tokens placed while tiles remain on the wheel; it needs %d", g.s.tokens, TokensPhase1)
	}
	g.s.EndPhase1()
	return nil
}

// Undo takes back the last turn, and with it the end of phase 1 if that came
// after it. It reports false when there is nothing to undo.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	moves := g.moves[:len(g.moves)-1]
	p1 := int(g.s.p1turns)
	g.s.Reset(g.deck)
	g.moves = nil
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			panic("solo: replay of a checked game failed: " + err.Error())
		}
		if i+1 == p1 && g.s.phase == Phase1 {
			g.s.EndPhase1()
		}
	}
	return true
}

// Line returns the game as a line. Phase1Turns is 0 while phase 1 goes on.
func (g *Game) Line() Line {
	return Line{Deck: g.Deck(), Moves: g.Moves(), Phase1Turns: int(g.s.p1turns)}
}

func (g *Game) whereIs(id int) string {
	if !ValidTileID(id) {
		return fmt.Sprintf(" (%d is not a tile id: ids run 1..%d)", id, NumTiles)
	}
	for sp, t := range g.s.track {
		if int(t) == id {
			return fmt.Sprintf(" (it lies on space %d, too far from the moon figure on space %d)", sp, g.s.meeple)
		}
	}
	return " (it is not on the wheel)"
}

func (g *Game) cellList(most int) string {
	pts := g.LegalCells()
	var parts []string
	for i, p := range pts {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(pts)-most))
			break
		}
		parts = append(parts, fmt.Sprintf("(%d, %d)", p.X, p.Y))
	}
	return strings.Join(parts, ", ")
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}
