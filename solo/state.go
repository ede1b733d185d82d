package solo

import "math"

// The display lives on a fixed grid. The first tile goes on the centre cell;
// at most 21 more follow, so no tile is ever more than 21 cells from the
// centre and no neighbour of a tile ever leaves the grid.
const (
	gridW      = 45
	gridCells  = gridW * gridW
	gridCentre = (gridW/2)*gridW + gridW/2
	// MaxFrontier bounds the number of empty cells next to a display of at
	// most 22 tiles.
	MaxFrontier = 4 * MaxTurns
	// GridCells is the number of cells of the grid: every Cell is below it.
	GridCells = gridCells
)

// MinCoord and MaxCoord bound the coordinates of the first tile of a line:
// every cell a display and its neighbours can reach from there has
// coordinates on the int line, so no sum of a coordinate and an offset
// overflows (R9).
const (
	MinCoord = math.MinInt + gridW/2
	MaxCoord = math.MaxInt - gridW/2
)

var neighbourOffsets = [4]int{-1, 1, -gridW, gridW}

// Phase is the phase of a game.
type Phase uint8

// The phases of a game.
const (
	Phase1 Phase = iota + 1
	Phase2
	GameOver
)

func (p Phase) String() string {
	switch p {
	case Phase1:
		return "phase 1"
	case Phase2:
		return "phase 2"
	case GameOver:
		return "game over"
	}
	return "no phase"
}

// Token counts (R3, R12).
const (
	TokensPhase1 = 8
	TokensTotal  = 21
)

// Cell is a cell of the internal display grid. Use [State.CellAt] and
// [State.XY] to convert from and to the coordinates of the line format.
type Cell uint16

// State is a position of a solo game: the wheel, the display and the counts.
// It is a plain value without pointers: copying it copies the position, and
// nothing in it allocates. Its methods do not check their arguments; use
// [Game] for a checked game.
type State struct {
	meta
	board [gridCells]uint8 // placed index + 1, or 0 for empty
}

// meta is everything in a State but the grid, so Reset can clear it at once.
type meta struct {
	deck     [MaxTurns]uint8 // the drawable part of the deck
	deckLen  uint8
	next     uint8 // deck index of the next tile to draw
	track    [TrackSpaces]uint8
	meeple   uint8
	onTrack  uint8
	phase    Phase
	turns    uint8 // turns played
	p1turns  uint8 // turns played in phase 1, set when phase 1 ends
	tokens   uint8
	tokensP1 uint8 // tokens placed at the end of phase 1
	s1       uint16
	sum      uint16 // cost of the display
	n        uint8  // tiles in the display
	placed   [MaxTurns]uint8
	cells    [MaxTurns]Cell
	open     [MaxTurns]uint8 // bit j set: task j of placed tile i is not covered
	originX  int             // line coordinates of the first tile
	originY  int
	// Colour groups (R10): group[i] is the label of the group of placed tile
	// i, and members[l] the placed indices in the group labelled l.
	group   [MaxTurns]uint8
	members [MaxTurns]uint32
	// adj[i] has bit j set when placed tiles i and j are neighbours, and
	// seen[i] is what placed tile i sees (R10), kept up to date by cover.
	adj  [MaxTurns]uint32
	seen [MaxTurns][NumColours]uint8
	// frontier lists the empty cells next to the display (R9).
	frontier [MaxFrontier]Cell
	nfront   uint8
}

// NewState deals a deck (R5) and returns the opening position. The deck must
// be valid (see [Deck.Validate]).
func NewState(d Deck) State {
	var s State
	s.Reset(d)
	return s
}

// Reset sets s to the opening position of d without touching more of the
// grid than the previous game used.
func (s *State) Reset(d Deck) {
	for i := range s.n {
		s.board[s.cells[i]] = 0
	}
	s.meta = meta{}
	s.deckLen = uint8(min(len(d), MaxTurns))
	for i := range s.deckLen {
		s.deck[i] = uint8(d[i])
	}
	for i := range SetupTiles {
		s.track[i+1] = s.deck[i]
	}
	s.next = SetupTiles
	s.onTrack = SetupTiles
	s.phase = Phase1
}

// Phase returns the phase: Phase1, Phase2 or GameOver.
func (s *State) Phase() Phase { return s.phase }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == GameOver }

// Turns returns the number of turns played.
func (s *State) Turns() int { return int(s.turns) }

// Phase1Turns returns the number of turns of phase 1 once it has ended, else 0.
func (s *State) Phase1Turns() int { return int(s.p1turns) }

// Tokens returns the number of tokens placed.
func (s *State) Tokens() int { return int(s.tokens) }

// DisplayCost returns the sum of the costs of the tiles in the display.
func (s *State) DisplayCost() int { return int(s.sum) }

// DisplaySize returns the number of tiles in the display.
func (s *State) DisplaySize() int { return int(s.n) }

// Meeple returns the space (0..11) of the moon figure.
func (s *State) Meeple() int { return int(s.meeple) }

// TrackTile returns the tile id on a space, or 0 if it is empty.
func (s *State) TrackTile(space int) int { return int(s.track[space]) }

// TilesOnTrack returns the number of tiles on the wheel.
func (s *State) TilesOnTrack() int { return int(s.onTrack) }

// DeckDrawn returns how many deck tiles have been dealt onto the wheel.
func (s *State) DeckDrawn() int { return int(s.next) }

// DeckTile returns the id of the i-th tile of the drawable deck (i < 22).
func (s *State) DeckTile(i int) int { return int(s.deck[i]) }

// DeckLen returns the length of the drawable deck (at most 22).
func (s *State) DeckLen() int { return int(s.deckLen) }

// Placed returns the id, cell and uncovered-task mask of the i-th tile placed.
func (s *State) Placed(i int) (id int, c Cell, open uint8) {
	return int(s.placed[i]), s.cells[i], s.open[i]
}

// CanEndPhase1 reports whether the player may end phase 1 now (R12).
func (s *State) CanEndPhase1() bool {
	return s.phase == Phase1 && s.tokens >= TokensPhase1
}

// Accessible writes the spaces of the accessible tiles (R6), nearest first,
// into buf and returns how many there are (0..3).
func (s *State) Accessible(buf *[3]uint8) int {
	k := 0
	sp := s.meeple
	for range TrackSpaces - 1 {
		sp++
		if sp == TrackSpaces {
			sp = 0
		}
		if s.track[sp] != 0 {
			buf[k] = sp
			k++
			if k == 3 {
				break
			}
		}
	}
	return k
}

// Frontier writes the cells a tile may be placed on (R9) into buf and returns
// how many there are, in the order of [State.FrontierCell].
func (s *State) Frontier(buf *[MaxFrontier]Cell) int {
	if s.n == 0 {
		buf[0] = gridCentre
		return 1
	}
	copy(buf[:], s.frontier[:s.nfront])
	return int(s.nfront)
}

// NumFrontier returns how many cells a tile may be placed on (R9).
func (s *State) NumFrontier() int {
	if s.n == 0 {
		return 1
	}
	return int(s.nfront)
}

// FrontierCell returns the i-th cell a tile may be placed on, i <
// NumFrontier(). The order depends only on the moves played.
func (s *State) FrontierCell(i int) Cell {
	if s.n == 0 {
		return gridCentre
	}
	return s.frontier[i]
}

// updateFrontier removes the cell just filled from the frontier and adds its
// empty neighbours that touch no other tile.
func (s *State) updateFrontier(c Cell) {
	for i := range s.nfront {
		if s.frontier[i] == c {
			copy(s.frontier[i:s.nfront-1], s.frontier[i+1:s.nfront])
			s.nfront--
			break
		}
	}
	for _, d := range neighbourOffsets {
		nc := int(c) + d
		if s.board[nc] != 0 {
			continue
		}
		touches := 0
		for _, e := range neighbourOffsets {
			if s.board[nc+e] != 0 {
				touches++
			}
		}
		if touches == 1 {
			s.frontier[s.nfront] = Cell(nc)
			s.nfront++
		}
	}
}

// Occupied reports whether a tile lies on c.
func (s *State) Occupied(c Cell) bool { return s.board[c] != 0 }

// Neighbours returns the four cells orthogonally next to c (R9): left,
// right, above, below. Every cell next to the display has its own
// neighbours on the grid.
func (s *State) Neighbours(c Cell) [4]Cell {
	return [4]Cell{c - 1, c + 1, c - gridW, c + gridW}
}

// Inner reports whether the four neighbours of c are on the grid, so that
// Neighbours(c) may be followed further. Cells next to the display always
// are; cells far out on an empty part of the grid may not be.
func (s *State) Inner(c Cell) bool {
	x, y := int(c)%gridW, int(c)/gridW
	return x > 0 && y > 0 && x < gridW-1 && y < gridW-1
}

// TileAt returns the id of the tile on cell c, or 0 when c is empty.
func (s *State) TileAt(c Cell) int {
	if b := s.board[c]; b != 0 {
		return int(s.placed[b-1])
	}
	return 0
}

// Adjacent reports whether c is orthogonally next to a tile of the display.
func (s *State) Adjacent(c Cell) bool {
	for _, d := range neighbourOffsets {
		if s.board[int(c)+d] != 0 {
			return true
		}
	}
	return false
}

// CellAt converts line coordinates to a grid cell. Before the first tile is
// placed every (x, y) maps to the centre. ok is false when (x, y) is too far
// from the display for any legal move.
func (s *State) CellAt(x, y int) (c Cell, ok bool) {
	if s.n == 0 {
		return gridCentre, true
	}
	dx, okx := offset(x, s.originX)
	dy, oky := offset(y, s.originY)
	const reach = gridW/2 - 1 // keeps a cell's neighbours on the grid
	if !okx || !oky || dx < -reach || dx > reach || dy < -reach || dy > reach {
		return 0, false
	}
	gx, gy := dx+gridW/2, dy+gridW/2
	return Cell(gy*gridW + gx), true
}

// offset returns x - o, and false if that overflows an int: then x is far
// from o, not next to it in the other end of the number line.
func offset(x, o int) (int, bool) {
	d := x - o
	return d, (d < x) == (o > 0)
}

// XY converts a grid cell to line coordinates. Before the first tile is
// placed, the centre maps to (0, 0).
func (s *State) XY(c Cell) (x, y int) {
	gx, gy := int(c)%gridW, int(c)/gridW
	return gx - gridW/2 + s.originX, gy - gridW/2 + s.originY
}

// SetOrigin fixes the line coordinates of the centre cell, where the first
// tile goes. It only has an effect before the first tile is placed.
func (s *State) SetOrigin(x, y int) {
	if s.n == 0 {
		s.originX, s.originY = x, y
	}
}

// Apply plays a turn without checking it (R7, R9, R11, R12, R15): it takes
// the tile on space sp, places it on cell c, covers every task that is now
// fulfilled, and ends the phase or the game when the rules say so.
func (s *State) Apply(sp uint8, c Cell) {
	id := s.track[sp]
	s.track[sp] = 0
	s.onTrack--
	s.meeple = sp
	s.turns++
	s.Lay(id, c)

	switch {
	case s.tokens >= TokensTotal:
		if s.phase == Phase1 {
			s.notePhase1()
		}
		s.phase = GameOver
	case s.onTrack == 0 && s.phase == Phase1:
		s.EndPhase1()
	case s.onTrack == 0:
		s.phase = GameOver
	}
}

// Rewind sets s back to p, a position that s was reached from by turns
// (Apply), the end of phase 1 and tiles laid (Lay) alone, or one with the
// same display as such a position. It clears only the cells laid since p,
// so it costs far less than copying p: a search that tries many moves
// from one position copies it once and rewinds to it after each move.
// Used on any other pair of positions, it leaves s corrupt.
func (s *State) Rewind(p *State) {
	for i := p.n; i < s.n; i++ {
		s.board[s.cells[i]] = 0
	}
	s.meta = p.meta
}

// Lay puts tile id on the empty cell c next to the display and covers the
// tasks it fulfils (R9, R10, R11), as Apply does with a tile it takes, but
// takes no turn: the wheel, the meeple, the turn count and the phase stay
// as they are. The solver lays tiles still to come on a copy of a position
// to try their layouts.
func (s *State) Lay(id uint8, c Cell) {
	k := s.n
	s.n++
	s.placed[k] = id
	s.cells[k] = c
	s.board[c] = k + 1
	td := &tileTable[id]
	s.open[k] = uint8(1)<<td.ntasks - 1
	s.sum += uint16(td.cost)
	s.updateFrontier(c)
	s.cover(k)
}

// Touched returns the placed tiles whose sight a tile of colour col laid
// on the empty cell c would change (R10), bit i for the i-th placed tile:
// the tiles next to c, the tiles of the groups of colour col next to c
// (the new tile joins them), and the tiles next to those groups. No other
// tile's task can be fulfilled by that tile.
func (s *State) Touched(c Cell, col Colour) uint32 {
	var t uint32
	for _, d := range neighbourOffsets {
		b := s.board[int(c)+d]
		if b == 0 {
			continue
		}
		t |= 1 << (b - 1)
		if tileTable[s.placed[b-1]].colour != col {
			continue
		}
		t |= s.around(s.group[b-1])
	}
	return t
}

// around returns the tiles of the group labelled g and their neighbours.
func (s *State) around(g uint8) uint32 {
	var a uint32
	for m := s.members[g]; m != 0; m &= m - 1 {
		i := trailingZeros(m)
		a |= 1<<i | s.adj[i]
	}
	return a
}

// GroupsNextTo returns the tiles of the groups of colour col next to the
// empty cell c, which a tile of colour col laid on c joins (R10).
func (s *State) GroupsNextTo(c Cell, col Colour) uint32 {
	var t uint32
	for _, d := range neighbourOffsets {
		b := s.board[int(c)+d]
		if b != 0 && tileTable[s.placed[b-1]].colour == col {
			t |= s.members[s.group[b-1]]
		}
	}
	return t
}

// TouchedAll writes Touched(c, col) for each empty cell c of cells to
// out (which must be as long), working out each group of colour col next
// to them once.
func (s *State) TouchedAll(cells []Cell, col Colour, out []uint32) {
	var around [MaxTurns]uint32 // a group's tiles and their neighbours
	var done uint32             // bit l: around[l] is worked out
	for k, c := range cells {
		var t uint32
		for _, d := range neighbourOffsets {
			b := s.board[int(c)+d]
			if b == 0 {
				continue
			}
			t |= 1 << (b - 1)
			if tileTable[s.placed[b-1]].colour != col {
				continue
			}
			g := s.group[b-1]
			if done&(1<<g) == 0 {
				around[g] = s.around(g)
				done |= 1 << g
			}
			t |= around[g]
		}
		out[k] = t
	}
}

// SightAfter returns Touched(c, col) and writes to after[i], for each
// tile i it names, what that tile would see of colour col once a tile of
// colour col is laid on the empty cell c (R10): the new tile joins the
// groups of colour col next to c into one, which every touched tile sees
// whole in place of the joined groups it saw (a tile of colour col is in
// it and sees it less itself).
func (s *State) SightAfter(c Cell, col Colour, after *[MaxTurns]uint8) uint32 {
	var joined [4]uint8 // labels of the groups of colour col next to c
	var around [4]uint32
	var t uint32
	nj, size := 0, 1
outer:
	for _, d := range neighbourOffsets {
		b := s.board[int(c)+d]
		if b == 0 {
			continue
		}
		t |= 1 << (b - 1)
		if tileTable[s.placed[b-1]].colour != col {
			continue
		}
		g := s.group[b-1]
		for _, l := range joined[:nj] {
			if l == g {
				continue outer
			}
		}
		a := s.around(g)
		joined[nj], around[nj] = g, a
		nj++
		size += popcount(s.members[g])
		t |= a
	}
	for m := t; m != 0; m &= m - 1 {
		i := trailingZeros(m)
		if tileTable[s.placed[i]].colour == col {
			after[i] = uint8(size - 1)
			continue
		}
		v := int(s.seen[i][col]) + size
		for k := range nj {
			if around[k]&(1<<i) != 0 {
				v -= popcount(s.members[joined[k]])
			}
		}
		after[i] = uint8(v)
	}
	return t
}

// EndPhase1 ends phase 1 (R12), notes S1 (R13) and refills the wheel (R14).
// It does not check [State.CanEndPhase1].
func (s *State) EndPhase1() {
	s.notePhase1()
	s.phase = Phase2
	sp := s.meeple
	for range TrackSpaces - 1 {
		sp++
		if sp == TrackSpaces {
			sp = 0
		}
		if s.track[sp] == 0 && s.next < s.deckLen {
			s.track[sp] = s.deck[s.next]
			s.next++
			s.onTrack++
		}
	}
	if s.onTrack == 0 {
		s.phase = GameOver
	}
}

func (s *State) notePhase1() {
	s.s1 = s.sum
	s.tokensP1 = s.tokens
	s.p1turns = s.turns
}

// join puts the k-th placed tile into the colour groups of its neighbours,
// merging them (R10), and notes it as their neighbour. The merged group
// takes the label k.
func (s *State) join(k uint8, col Colour) {
	s.group[k] = k
	s.members[k] = 1 << k
	s.adj[k] = 0
	c := int(s.cells[k])
	for _, d := range neighbourOffsets {
		b := s.board[c+d]
		if b == 0 {
			continue
		}
		s.adj[k] |= 1 << (b - 1)
		s.adj[b-1] |= 1 << k
		if tileTable[s.placed[b-1]].colour != col {
			continue
		}
		g := s.group[b-1]
		if g == k {
			continue
		}
		s.members[k] |= s.members[g]
		for m := s.members[g]; m != 0; m &= m - 1 {
			s.group[trailingZeros(m)] = k
		}
	}
}

// cover covers the tasks that the tile just placed as the k-th one fulfils or
// helps fulfil (R10, R11). Only the counts of the new tile's colour change,
// and only for the tiles of its group and the tiles next to that group, so
// only those can have a task newly fulfilled; their sights of that colour
// are counted again first: a tile of the group sees the group less
// itself (every tile of the colour next to it is in the group), a tile
// next to the group the groups of the colour next to it.
func (s *State) cover(k uint8) {
	colour := tileTable[s.placed[k]].colour
	s.join(k, colour)
	group := s.members[k]
	touched := group
	for m := group; m != 0; m &= m - 1 {
		touched |= s.adj[trailingZeros(m)]
	}
	s.seen[k] = s.countSeen(k)
	size := uint8(popcount(group) - 1)
	for m := group &^ (1 << k); m != 0; m &= m - 1 {
		s.seen[trailingZeros(m)][colour] = size
	}
	for m := touched &^ group; m != 0; m &= m - 1 {
		i := uint8(trailingZeros(m))
		s.seen[i][colour] = s.colourSeen(i, colour)
	}
	for m := touched; m != 0; m &= m - 1 {
		i := uint8(trailingZeros(m))
		if s.open[i] == 0 {
			continue
		}
		td := &tileTable[s.placed[i]]
		if i != k && td.needs&(1<<colour) == 0 {
			continue
		}
		seen := &s.seen[i]
		for j := range td.ntasks {
			if s.open[i]&(1<<j) == 0 || !fulfils(seen, td.tasks[j]) {
				continue
			}
			if s.tokens >= TokensTotal {
				return
			}
			s.open[i] &^= 1 << j
			s.tokens++
		}
	}
}

func fulfils(seen *[NumColours]uint8, t Task) bool {
	return seen[0] >= t[0] && seen[1] >= t[1] && seen[2] >= t[2] && seen[3] >= t[3]
}

// Seen returns, for each colour, the tiles that the i-th placed tile sees
// (R10): the tiles of every colour group next to it, never itself.
func (s *State) Seen(i uint8) [NumColours]uint8 { return s.seen[i] }

// CellSees returns what a tile placed on the empty cell c would see (R10),
// whatever its colour: the tiles of every colour group next to c. A tile of
// a colour joins the groups of that colour next to it, and sees them as one
// group without itself, which is the same count.
func (s *State) CellSees(c Cell) [NumColours]uint8 {
	var seen [NumColours]uint8
	s.addGroupsAround(int(c), noGroup, &seen)
	return seen
}

// noGroup is a group label no tile has.
const noGroup = 0xff

// addGroupsAround adds to seen the tiles of every colour group next to
// cell c but the group labelled skip, each group once.
func (s *State) addGroupsAround(c int, skip uint8, seen *[NumColours]uint8) {
	var labels [4]uint8
	nl := 0
outer:
	for _, d := range neighbourOffsets {
		b := s.board[c+d]
		if b == 0 {
			continue
		}
		g := s.group[b-1]
		if g == skip {
			continue
		}
		for _, l := range labels[:nl] {
			if l == g {
				continue outer
			}
		}
		labels[nl] = g
		nl++
		seen[tileTable[s.placed[b-1]].colour] += uint8(popcount(s.members[g]))
	}
}

// colourSeen counts the tiles of colour col that the i-th placed tile, of
// another colour, sees: those of the groups of colour col next to it.
func (s *State) colourSeen(i uint8, col Colour) uint8 {
	var labels [4]uint8
	nl := 0
	n := 0
	c := int(s.cells[i])
outer:
	for _, d := range neighbourOffsets {
		b := s.board[c+d]
		if b == 0 || tileTable[s.placed[b-1]].colour != col {
			continue
		}
		g := s.group[b-1]
		for _, l := range labels[:nl] {
			if l == g {
				continue outer
			}
		}
		labels[nl] = g
		nl++
		n += popcount(s.members[g])
	}
	return uint8(n)
}

// countSeen counts what the i-th placed tile sees. The tile's own colour
// group already holds its same-coloured neighbours.
func (s *State) countSeen(i uint8) [NumColours]uint8 {
	var seen [NumColours]uint8
	own := s.group[i]
	seen[tileTable[s.placed[i]].colour] = uint8(popcount(s.members[own]) - 1)
	s.addGroupsAround(int(s.cells[i]), own, &seen)
	return seen
}

// Score returns the notes so far (R13, R16, R17). They are final once the
// game is over.
func (s *State) Score() Score {
	sc := Score{S1: int(s.s1), S2: int(s.sum), Tokens: int(s.tokens)}
	if s.phase == Phase1 {
		sc.S1 = int(s.sum)
		sc.P1 = 10 * max(0, TokensPhase1-int(s.tokens))
	} else {
		sc.P1 = 10 * max(0, TokensPhase1-int(s.tokensP1))
	}
	sc.P2 = 10 * (TokensTotal - int(s.tokens))
	return sc
}

// Score is the result of a game (R13, R16, R17).
type Score struct {
	S1, P1, S2, P2 int
	Tokens         int
}

// Total is S1 + P1 + S2 + P2; lower is better.
func (sc Score) Total() int { return sc.S1 + sc.P1 + sc.S2 + sc.P2 }
