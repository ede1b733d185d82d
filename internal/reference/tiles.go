package reference

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed tiles.tsv
var tilesTSV string

// colours lists the tile colours in the order tiles.tsv writes task letters.
const colours = "RBTY"

// tile is one row of tiles.tsv.
type tile struct {
	id     int
	colour byte     // one of 'R', 'B', 'T', 'Y'
	cost   int      // 1..7
	tasks  []string // each a multiset of colour letters, e.g. "BB" or "RTY"
}

// tiles maps a tile id (1..68) to its tile.
var tiles = mustParseTiles(tilesTSV)

// mustParseTiles parses tiles.tsv. The data is embedded, so any error is a
// programming error and panics at start-up rather than being returned.
func mustParseTiles(text string) map[int]tile {
	out := map[int]tile{}
	for n, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			panic(fmt.Sprintf("tiles.tsv line %d: %d fields, want 4", n+1, len(fields)))
		}
		id, err := strconv.Atoi(fields[0])
		if err != nil {
			panic(fmt.Sprintf("tiles.tsv line %d: id: %v", n+1, err))
		}
		cost, err := strconv.Atoi(fields[2])
		if err != nil {
			panic(fmt.Sprintf("tiles.tsv line %d: cost: %v", n+1, err))
		}
		if len(fields[1]) != 1 || !strings.Contains(colours, fields[1]) {
			panic(fmt.Sprintf("tiles.tsv line %d: bad colour %q", n+1, fields[1]))
		}
		t := tile{id: id, colour: fields[1][0], cost: cost}
		for _, task := range strings.Fields(fields[3]) {
			for _, c := range task {
				if !strings.ContainsRune(colours, c) {
					panic(fmt.Sprintf("tiles.tsv line %d: bad task %q", n+1, task))
				}
			}
			t.tasks = append(t.tasks, task)
		}
		if _, dup := out[id]; dup {
			panic(fmt.Sprintf("tiles.tsv line %d: duplicate id %d", n+1, id))
		}
		out[id] = t
	}
	if len(out) != 68 {
		panic(fmt.Sprintf("tiles.tsv: %d tiles, want 68", len(out)))
	}
	return out
}
