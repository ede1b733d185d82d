package cmd

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"
	"github.com/novaluna/novaluna/solo"
)

// compactCell is the width of a tile in the compact grid. Two lines of six
// columns hold every tile of the game: the colour and cost ("R5") and up to
// three columns of tasks, then up to six more (a test checks all 68 tiles).
const compactCell = 6

// compactTasks splits a tile's tasks over the two lines of a compact cell,
// keeping their order where it can. It returns the task indices of each line.
func compactTasks(t solo.Tile) (first, second []int) {
	n := len(t.Tasks)
	width := func(idx []int) int {
		w := 0
		for i, j := range idx {
			if i > 0 {
				w++
			}
			w += t.Tasks[j].Size()
		}
		return w
	}
	// Masks in order of preference: a prefix of the tasks on the first line
	// (the most first), then any other split.
	var masks []int
	for k := n; k >= 0; k-- {
		masks = append(masks, 1<<k-1)
	}
	for m := range 1 << n {
		masks = append(masks, m)
	}
	for _, m := range masks {
		first, second = first[:0], second[:0]
		for j := range n {
			if m&(1<<j) != 0 {
				first = append(first, j)
			} else {
				second = append(second, j)
			}
		}
		if width(first) <= compactCell-3 && width(second) <= compactCell {
			return first, second
		}
	}
	// No tile needs this; keep every task visible even if the cell overflows.
	first = first[:0]
	second = second[:0]
	for j := range n {
		second = append(second, j)
	}
	return first, second
}

// compactTask writes a task for the compact grid: open tasks in capitals in
// their colours, covered ones in small letters, faint.
func (p painter) compactTask(t solo.Task, covered bool) string {
	var b strings.Builder
	for c := range solo.NumColours {
		for range t[c] {
			letter := solo.Colour(c).String()
			if covered {
				b.WriteString(p.paint(strings.ToLower(letter), fgColours[c], color.Faint))
			} else {
				b.WriteString(p.fg(solo.Colour(c), letter))
			}
		}
	}
	return b.String()
}

// compactCellLines draws one display tile as two lines of compactCell
// columns: the colour and cost on the tile's colour and some tasks, then the
// other tasks.
func (p painter) compactCellLines(pt solo.PlacedTile) [2]string {
	t, _ := solo.TileByID(pt.Tile)
	first, second := compactTasks(t)
	var out [2]string
	for line, idx := range [2][]int{first, second} {
		var b strings.Builder
		w := 0
		if line == 0 {
			b.WriteString(p.badge(t.Colour, fmt.Sprintf("%s%d", t.Colour, t.Cost)))
			w = 2
		}
		for _, j := range idx {
			if w > 0 {
				b.WriteByte(' ')
				w++
			}
			covered := j < len(pt.Covered) && pt.Covered[j]
			b.WriteString(p.compactTask(t.Tasks[j], covered))
			w += t.Tasks[j].Size()
		}
		out[line] = padRight(b.String(), w, compactCell)
	}
	return out
}

// compactGrid draws a display in little room, for play: each tile takes two
// lines of compactCell columns (see compactCellLines), and a row or column
// that holds no tile, only marks, takes one line or the width of its marks.
// x coordinates are written above, y coordinates on the left (y grows
// downward). marks label empty cells, for example the legal cells in play.
// It returns the lines without line ends.
func (p painter) compactGrid(display []solo.PlacedTile, marks map[solo.Point]string) []string {
	if len(display) == 0 && len(marks) == 0 {
		return []string{p.faint("(no tiles placed yet)")}
	}
	at, minX, maxX, minY, maxY := layOut(display, marks)
	colTile := map[int]bool{}
	rowTile := map[int]bool{}
	colW := map[int]int{}
	for _, pt := range display {
		colTile[pt.X], rowTile[pt.Y] = true, true
	}
	for pt, m := range marks {
		colW[pt.X] = max(colW[pt.X], len(m))
	}
	yw := max(len(fmt.Sprint(minY)), len(fmt.Sprint(maxY)))
	for x := range span(minX, maxX) {
		w := max(colW[x], len(fmt.Sprint(x)))
		if colTile[x] {
			w = max(w, compactCell)
		}
		colW[x] = w
	}
	var lines []string
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", yw+1))
	for x := range span(minX, maxX) {
		label := fmt.Sprint(x)
		b.WriteString(padRight(p.faint(label), len(label), colW[x]))
		if x < maxX {
			b.WriteByte(' ')
		}
	}
	lines = append(lines, strings.TrimRight(b.String(), " "))
	for y := range span(minY, maxY) {
		height := 1
		if rowTile[y] {
			height = 2
		}
		for line := range height {
			b.Reset()
			if line == 0 {
				label := fmt.Sprint(y)
				b.WriteString(strings.Repeat(" ", yw-len(label)) + p.faint(label) + " ")
			} else {
				b.WriteString(strings.Repeat(" ", yw+1))
			}
			for x := range span(minX, maxX) {
				cell := solo.Point{X: x, Y: y}
				pt, ok := at[cell]
				m := marks[cell]
				switch {
				case ok:
					b.WriteString(p.compactCellLines(pt)[line])
				case line == 0 && m != "":
					// Centred, so that a number beside a tile stands apart from its tasks.
					left := (colW[x] - len(m)) / 2
					b.WriteString(padRight(strings.Repeat(" ", left)+p.bold(m), left+len(m), colW[x]))
				default:
					b.WriteString(strings.Repeat(" ", colW[x]))
				}
				if x < maxX {
					b.WriteByte(' ')
				}
			}
			lines = append(lines, strings.TrimRight(b.String(), " "))
		}
	}
	return lines
}

var ansiCodes = regexp.MustCompile("\x1b\\[[0-9;?]*[A-Za-z]")

// visibleWidth is the number of terminal columns s takes: its runes without
// the colour codes. Every glyph the commands write is one column wide.
func visibleWidth(s string) int {
	return utf8.RuneCountInString(ansiCodes.ReplaceAllString(s, ""))
}

// sortedPoints returns the points in reading order: by row, then column.
func sortedPoints(pts []solo.Point) []solo.Point {
	out := append([]solo.Point(nil), pts...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Y != out[j].Y {
			return out[i].Y < out[j].Y
		}
		return out[i].X < out[j].X
	})
	return out
}
