package cmd

import (
	"fmt"
	"strings"

	"github.com/fatih/color"
	"github.com/novaluna/novaluna/solo"
)

// painter draws tiles, tasks and displays as text, coloured or plain.
type painter struct{ on bool }

var (
	fgColours = [solo.NumColours]color.Attribute{color.FgRed, color.FgBlue, color.FgCyan, color.FgYellow}
	bgColours = [solo.NumColours][2]color.Attribute{
		{color.BgRed, color.FgHiWhite},
		{color.BgBlue, color.FgHiWhite},
		{color.BgCyan, color.FgBlack},
		{color.BgYellow, color.FgBlack},
	}
)

func (p painter) paint(s string, attrs ...color.Attribute) string {
	if !p.on || s == "" {
		return s
	}
	c := color.New(attrs...)
	c.EnableColor()
	return c.Sprint(s)
}

func (p painter) bold(s string) string  { return p.paint(s, color.Bold) }
func (p painter) faint(s string) string { return p.paint(s, color.Faint) }
func (p painter) good(s string) string  { return p.paint(s, color.FgGreen, color.Bold) }
func (p painter) bad(s string) string   { return p.paint(s, color.FgRed, color.Bold) }

// fg writes s in the foreground colour of c.
func (p painter) fg(c solo.Colour, s string) string { return p.paint(s, fgColours[c], color.Bold) }

// badge writes s on the background colour of c, as a tile face.
func (p painter) badge(c solo.Colour, s string) string {
	return p.paint(s, bgColours[c][0], bgColours[c][1])
}

// task writes a task's letters each in its colour, with a check mark when it
// is covered.
func (p painter) task(t solo.Task, covered bool) string {
	var b strings.Builder
	for c := range solo.NumColours {
		for range t[c] {
			b.WriteString(p.fg(solo.Colour(c), solo.Colour(c).String()))
		}
	}
	if covered {
		b.WriteString(p.good("✓"))
	}
	return b.String()
}

// tileLabel writes "#12 R5" on the tile's colour.
func (p painter) tileLabel(id int) string {
	t, _ := solo.TileByID(id)
	return p.badge(t.Colour, fmt.Sprintf("#%d %s%d", t.ID, t.Colour, t.Cost))
}

// tile writes a tile on one line: "#12 R5 BBB B".
func (p painter) tile(id int) string {
	t, _ := solo.TileByID(id)
	var b strings.Builder
	b.WriteString(p.tileLabel(id))
	for _, task := range t.Tasks {
		b.WriteByte(' ')
		b.WriteString(p.task(task, false))
	}
	if len(t.Tasks) == 0 {
		b.WriteString(p.faint(" (no tasks)"))
	}
	return b.String()
}

const cellWidth = 11

// padRight pads s, whose visible width is w, to n columns.
func padRight(s string, w, n int) string {
	if w >= n {
		return s
	}
	return s + strings.Repeat(" ", n-w)
}

// cellLines draws one display tile as three lines of cellWidth columns: the
// tile face, then its tasks (covered ones checked) on two lines.
func (p painter) cellLines(pt solo.PlacedTile) [3]string {
	t, _ := solo.TileByID(pt.Tile)
	head := fmt.Sprintf("#%d %s%d", t.ID, t.Colour, t.Cost)
	var out [3]string
	out[0] = p.badge(t.Colour, padRight(" "+head, len(head)+1, cellWidth))
	var lines [2]string
	var widths [2]int
	for j, task := range t.Tasks {
		row := 0
		if j == 2 || (j == 1 && widths[0]+1+task.Size()+1 > cellWidth-1) {
			row = 1
		}
		if widths[row] > 0 {
			lines[row] += " "
			widths[row]++
		}
		lines[row] += p.task(task, pt.Covered[j])
		widths[row] += task.Size()
		if pt.Covered[j] {
			widths[row]++
		}
	}
	if len(t.Tasks) == 0 {
		lines[0], widths[0] = p.faint("no tasks"), 8
	}
	for r := range 2 {
		out[r+1] = padRight(" "+lines[r], widths[r]+1, cellWidth)
	}
	return out
}

// grid draws a display as a grid with x coordinates above and y coordinates
// on the left (y grows downward). marks, if not nil, labels empty cells (for
// example legal cells in play).
func (p painter) grid(display []solo.PlacedTile, marks map[solo.Point]string) string {
	if len(display) == 0 && len(marks) == 0 {
		return p.faint("  (no tiles placed yet)") + "\n"
	}
	at, minX, maxX, minY, maxY := layOut(display, marks)
	// Each line is built in line and written without its trailing blanks
	// (a tile face's padding is coloured, and ends in a colour code).
	var b, line strings.Builder
	endLine := func() {
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
		line.Reset()
	}
	line.WriteString("     ")
	for x := range span(minX, maxX) {
		label := fmt.Sprintf("x=%d", x)
		line.WriteString(padRight(p.faint(label), len(label), cellWidth+1))
	}
	endLine()
	for y := range span(minY, maxY) {
		for row := range 3 {
			if row == 0 {
				label := fmt.Sprintf("y=%d", y)
				line.WriteString(padRight(p.faint(label), len(label), 5))
			} else {
				line.WriteString("     ")
			}
			for x := range span(minX, maxX) {
				pt, ok := at[solo.Point{X: x, Y: y}]
				switch {
				case ok:
					line.WriteString(p.cellLines(pt)[row])
				case row == 1 && marks[solo.Point{X: x, Y: y}] != "":
					m := marks[solo.Point{X: x, Y: y}]
					line.WriteString(padRight("   "+p.faint(m), 3+len(m), cellWidth))
				default:
					line.WriteString(strings.Repeat(" ", cellWidth))
				}
				line.WriteString(" ")
			}
			endLine()
		}
	}
	return b.String()
}

// layOut indexes a display by cell and returns the box that holds its
// tiles and the marked cells.
func layOut(display []solo.PlacedTile, marks map[solo.Point]string) (at map[solo.Point]solo.PlacedTile, minX, maxX, minY, maxY int) {
	at = make(map[solo.Point]solo.PlacedTile, len(display))
	first := true
	extend := func(x, y int) {
		if first {
			minX, maxX, minY, maxY, first = x, x, y, y, false
			return
		}
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	for _, pt := range display {
		at[solo.Point{X: pt.X, Y: pt.Y}] = pt
		extend(pt.X, pt.Y)
	}
	for pt := range marks {
		extend(pt.X, pt.Y)
	}
	return at, minX, maxX, minY, maxY
}

// span yields lo..hi. A plain x <= hi; x++ loop never ends when hi is the
// largest int, and a legal display may lie there.
func span(lo, hi int) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		for x := lo; yield(x) && x != hi; x++ {
		}
	}
}

// scoreLines writes the four notes and the total.
func (p painter) scoreLines(sc solo.Score) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  S1 %3d   tile costs at the end of phase 1\n", sc.S1)
	fmt.Fprintf(&b, "  P1 %3d   10 x missing phase-1 tokens (%d missing of 8)\n", sc.P1, sc.P1/10)
	fmt.Fprintf(&b, "  S2 %3d   tile costs at the end\n", sc.S2)
	fmt.Fprintf(&b, "  P2 %3d   10 x missing tokens (%d placed of 21)\n", sc.P2, sc.Tokens)
	fmt.Fprintf(&b, "  %s\n", p.bold(fmt.Sprintf("Score %d", sc.Total())))
	return b.String()
}

// moveTable writes a legal line turn by turn: the tile, the cell, and the
// tokens placed after the turn, with the end of phase 1 marked.
func (p painter) moveTable(l solo.Line) string {
	var b strings.Builder
	g, err := solo.NewGame(l.Deck)
	if err != nil {
		return ""
	}
	fmt.Fprintf(&b, "  %-4s  %-22s  %-9s  %s\n", "turn", "tile", "cell", "tokens")
	for i, m := range l.Moves {
		if err := g.Play(m); err != nil {
			fmt.Fprintf(&b, "  %s\n", err)
			break
		}
		plain := painter{}.tile(m.Tile)
		fmt.Fprintf(&b, "  %4d  %s  %-9s  %2d\n", i+1, padRight(p.tile(m.Tile), len([]rune(plain)), 22),
			fmt.Sprintf("(%d, %d)", m.X, m.Y), g.Tokens())
		if i+1 == l.Phase1Turns {
			if g.Phase() == solo.Phase1 {
				_ = g.EndPhase1()
			}
			fmt.Fprintf(&b, "  %s\n", p.faint(fmt.Sprintf("---- end of phase 1: S1 = %d, %s; the wheel is refilled ----", g.Score().S1, plural(g.Tokens(), "token"))))
		}
	}
	return b.String()
}
