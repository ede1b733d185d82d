package cmd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/novaluna/novaluna/solo"
)

type playCmdKind int

const (
	cmdNone playCmdKind = iota // a blank line or a comment
	cmdMove
	cmdEnd
	cmdUndo
	cmdHint
	cmdHelp
	cmdShow
	cmdQuit
)

type playCmd struct {
	kind playCmdKind
	move solo.Move
}

var playWords = map[string]playCmdKind{
	"end": cmdEnd, "e": cmdEnd,
	"undo": cmdUndo, "u": cmdUndo,
	"hint": cmdHint, "h": cmdHint,
	"help": cmdHelp, "?": cmdHelp,
	"show": cmdShow, "s": cmdShow,
	"quit": cmdQuit, "q": cmdQuit, "exit": cmdQuit,
}

// parsePlayCommand reads one line of play input. slots are the accessible
// tile ids in slot order (a, b, c) and cells the legal cells in label order
// (1, 2, ...). A move is checked only for its form and its labels; the rules
// are the game's to check.
func parsePlayCommand(line string, slots []int, cells []solo.Point) (playCmd, error) {
	line = strings.TrimSpace(line)
	if line == "" || line == "#" || strings.HasPrefix(line, "# ") {
		return playCmd{kind: cmdNone}, nil
	}
	f := strings.Fields(strings.ToLower(strings.ReplaceAll(line, ",", " ")))
	if k, ok := playWords[f[0]]; ok {
		if len(f) > 1 {
			return playCmd{}, fmt.Errorf("%q takes no arguments; type help for the commands", f[0])
		}
		return playCmd{kind: k}, nil
	}
	// "b3" is "b 3".
	if len(f[0]) > 1 && f[0][0] >= 'a' && f[0][0] <= 'z' && isNumber(f[0][1:]) {
		f = append([]string{f[0][:1], f[0][1:]}, f[1:]...)
	}
	tile, err := parseTileWord(f[0], slots)
	if err != nil {
		return playCmd{}, err
	}
	m := solo.Move{Tile: tile}
	switch len(f) {
	case 1:
		if len(cells) != 1 {
			return playCmd{}, fmt.Errorf("where should tile #%d go? Add a cell number from the grid (1..%d) or x and y, e.g. %q", tile, len(cells), f[0]+" 1")
		}
		m.X, m.Y = cells[0].X, cells[0].Y
	case 2:
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return playCmd{}, fmt.Errorf("%q is not a cell number; give a cell number from the grid (1..%d) or x and y", f[1], len(cells))
		}
		if n < 1 || n > len(cells) {
			return playCmd{}, fmt.Errorf("no cell is numbered %d: the numbered cells are 1..%d, the empty cells next to your display (rule R9)", n, len(cells))
		}
		m.X, m.Y = cells[n-1].X, cells[n-1].Y
	case 3:
		x, errX := strconv.Atoi(f[1])
		y, errY := strconv.Atoi(f[2])
		if errX != nil || errY != nil {
			return playCmd{}, fmt.Errorf("%q: want the cell as two whole numbers x y, e.g. %q", line, f[0]+" 0 -1")
		}
		m.X, m.Y = x, y
	default:
		return playCmd{}, fmt.Errorf("%q: too many words; a move is a slot or tile and a cell, e.g. %q; type help for the commands", line, "b 3")
	}
	return playCmd{kind: cmdMove, move: m}, nil
}

// parseTileWord reads the tile of a move: a slot letter (a, b, c) or a tile
// id, with or without "#".
func parseTileWord(w string, slots []int) (int, error) {
	if len(w) == 1 && w[0] >= 'a' && w[0] <= 'z' {
		i := int(w[0] - 'a')
		if i >= len(slots) {
			return 0, fmt.Errorf("there is no slot %s: the tiles you may take are %s (rule R6)", w, slotNames(len(slots)))
		}
		return slots[i], nil
	}
	id, err := strconv.Atoi(strings.TrimPrefix(w, "#"))
	if err != nil {
		return 0, fmt.Errorf("%q is not a command or a move; a move is a slot and a cell, e.g. %q; type help for the commands", w, "b 3")
	}
	return id, nil
}

func slotNames(n int) string {
	names := []string{"a", "b", "c"}[:min(n, 3)]
	return orList(names)
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil && s != ""
}
