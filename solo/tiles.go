package solo

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

// Colour is the colour of a tile (R1).
type Colour uint8

// The four colours, in the order tasks list them.
const (
	Red Colour = iota
	Blue
	Turquoise
	Yellow
	NumColours = 4
)

var colourLetters = [NumColours]byte{'R', 'B', 'T', 'Y'}
var colourNames = [NumColours]string{"red", "blue", "turquoise", "yellow"}

// String returns the colour's letter: R, B, T or Y.
func (c Colour) String() string {
	if c < NumColours {
		return string(colourLetters[c])
	}
	return "Colour(" + strconv.Itoa(int(c)) + ")"
}

// Name returns the colour's English name.
func (c Colour) Name() string {
	if c < NumColours {
		return colourNames[c]
	}
	return c.String()
}

// ParseColour reads a colour letter (R, B, T or Y, either case).
func ParseColour(s string) (Colour, error) {
	if len(s) == 1 {
		for i, l := range colourLetters {
			if s[0] == l || s[0] == l+'a'-'A' {
				return Colour(i), nil
			}
		}
	}
	return 0, fmt.Errorf("unknown colour %q: want one of R, B, T, Y", s)
}

// Task is a multiset of colours (R2): Task[c] is how many tiles of colour c
// it needs.
type Task [NumColours]uint8

// Size is the number of colours in the task.
func (t Task) Size() int {
	return int(t[0]) + int(t[1]) + int(t[2]) + int(t[3])
}

// String writes the task in R, B, T, Y order, e.g. "RRB".
func (t Task) String() string {
	var b strings.Builder
	for c := range NumColours {
		for range t[c] {
			b.WriteByte(colourLetters[c])
		}
	}
	return b.String()
}

// ParseTask reads a task written as colour letters, e.g. "RTY".
func ParseTask(s string) (Task, error) {
	var t Task
	if len(s) < 1 || len(s) > 4 {
		return t, fmt.Errorf("task %q: want 1 to 4 colour letters", s)
	}
	for i := range len(s) {
		c, err := ParseColour(s[i : i+1])
		if err != nil {
			return t, fmt.Errorf("task %q: %w", s, err)
		}
		t[c]++
	}
	return t, nil
}

// Tile is one of the 68 tiles (R1). ID is the public id 1..68 used in every
// file format.
type Tile struct {
	ID     int
	Colour Colour
	Cost   int
	Tasks  []Task
}

// NumTiles is the number of tiles in the game.
const NumTiles = 68

// MaxTasks is the most tasks any tile has.
const MaxTasks = 3

//go:embed tiles.tsv
var tilesTSV string

// tileData is the compact, fixed-size form of a tile that the fast path
// reads; index 0 is unused so that tile ids index it directly.
type tileData struct {
	colour Colour
	cost   uint8
	ntasks uint8
	tasks  [MaxTasks]Task
	needs  uint8 // bit c set: some task needs colour c
}

var tileTable [NumTiles + 1]tileData

func init() {
	if err := loadTiles(tilesTSV); err != nil {
		panic("solo: embedded tiles.tsv is corrupt: " + err.Error())
	}
}

func loadTiles(src string) error {
	seen := 0
	for n, line := range strings.Split(src, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] == '#' || strings.HasPrefix(line, "id\t") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return fmt.Errorf("line %d: want 4 tab-separated fields, got %d", n+1, len(f))
		}
		id, err := strconv.Atoi(f[0])
		if err != nil || id < 1 || id > NumTiles {
			return fmt.Errorf("line %d: bad id %q", n+1, f[0])
		}
		if tileTable[id].cost != 0 {
			return fmt.Errorf("line %d: duplicate id %d", n+1, id)
		}
		col, err := ParseColour(f[1])
		if err != nil {
			return fmt.Errorf("line %d: %w", n+1, err)
		}
		cost, err := strconv.Atoi(f[2])
		if err != nil || cost < 1 || cost > 7 {
			return fmt.Errorf("line %d: bad cost %q", n+1, f[2])
		}
		td := tileData{colour: col, cost: uint8(cost)}
		for _, ts := range strings.Fields(f[3]) {
			if td.ntasks == MaxTasks {
				return fmt.Errorf("line %d: more than %d tasks", n+1, MaxTasks)
			}
			task, err := ParseTask(ts)
			if err != nil {
				return fmt.Errorf("line %d: %w", n+1, err)
			}
			td.tasks[td.ntasks] = task
			for c := range NumColours {
				if task[c] > 0 {
					td.needs |= 1 << c
				}
			}
			td.ntasks++
		}
		tileTable[id] = td
		seen++
	}
	if seen != NumTiles {
		return fmt.Errorf("want %d tiles, got %d", NumTiles, seen)
	}
	return nil
}

// ValidTileID reports whether id is a tile id (1..68).
func ValidTileID(id int) bool { return id >= 1 && id <= NumTiles }

// TileByID returns the tile with the given public id.
func TileByID(id int) (Tile, bool) {
	if !ValidTileID(id) {
		return Tile{}, false
	}
	td := &tileTable[id]
	t := Tile{ID: id, Colour: td.colour, Cost: int(td.cost), Tasks: make([]Task, td.ntasks)}
	copy(t.Tasks, td.tasks[:td.ntasks])
	return t, true
}

// Tiles returns all 68 tiles in id order. The slice is a fresh copy.
func Tiles() []Tile {
	ts := make([]Tile, 0, NumTiles)
	for id := 1; id <= NumTiles; id++ {
		t, _ := TileByID(id)
		ts = append(ts, t)
	}
	return ts
}

// String describes a tile as "#12 R5 BBB B".
func (t Tile) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "#%d %s%d", t.ID, t.Colour, t.Cost)
	for _, task := range t.Tasks {
		b.WriteByte(' ')
		b.WriteString(task.String())
	}
	return b.String()
}
