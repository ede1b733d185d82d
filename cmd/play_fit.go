package cmd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/novaluna/novaluna/solo"
)

// The smallest terminal the play screen fits in. Below it, play says so in
// one line instead of drawing the screen, and still takes commands.
const (
	minScreenWidth  = 60
	minScreenHeight = 18
)

// room is the space a screen may take: width columns and height lines.
// Without crop, the screen is drawn whole whatever its height (in a script,
// and for show), and the display is never cut.
type room struct {
	width, height int
	crop          bool
	// final is set for the end of the game, where show no longer draws a
	// cropped display whole.
	final bool
}

// termSize returns the size of the terminal play draws on, read afresh
// each time; 80x24 when it is not known.
func (s *playSession) termSize() (width, height int) {
	width, height = screenWidth, 24
	if s.o.st.Size != nil {
		if w, h := s.o.st.Size(); w > 0 && h > 0 {
			width, height = w, h
		}
	}
	if s.term != nil {
		// The line editor wraps long lines at the terminal's width.
		_ = s.term.SetSize(width, height)
	}
	return width, height
}

// fitStatus breaks the status lines that are wider than width, at their
// " · " first.
func fitStatus(lines []string, width int) []string {
	var out []string
	for _, l := range lines {
		if visibleWidth(l) <= width {
			out = append(out, l)
			continue
		}
		cur := ""
		for _, part := range strings.Split(l, " · ") {
			switch {
			case cur == "":
				cur = part
			case visibleWidth(cur)+3+visibleWidth(part) <= width:
				cur += " · " + part
			default:
				out = append(out, wrapWords(cur, width)...)
				cur = part
			}
		}
		out = append(out, wrapWords(cur, width)...)
	}
	return out
}

// box is a rectangle of display cells, x0..x1 by y0..y1.
type box struct{ x0, x1, y0, y1 int }

func (b box) holds(x, y int) bool { return b.x0 <= x && x <= b.x1 && b.y0 <= y && y <= b.y1 }

// croppedDisplay draws the part of the display that fits r: the columns and
// rows around the tile placed last (where the player is building), grown a
// row or column at a time on alternate sides. A note above the grid says
// what is left out, with the numbers of the free cells left out, since they
// may still be played. With title, the display's title heads it when
// nothing is left out. rowsLeftOut reports whether rows are left out.
func (s *playSession) croppedDisplay(display []solo.PlacedTile, marks map[solo.Point]string, r room, title bool) (lines []string, rowsLeftOut bool) {
	_, minX, maxX, minY, maxY := layOut(display, marks)
	var anchor solo.Point
	if n := len(display); n > 0 {
		anchor = solo.Point{X: display[n-1].X, Y: display[n-1].Y}
	} else {
		for pt := range marks {
			anchor = pt
			break
		}
	}
	draw := func(b box) []string {
		var in []solo.PlacedTile
		inMarks := map[solo.Point]string{}
		var hidden []int
		for _, pt := range display {
			if b.holds(pt.X, pt.Y) {
				in = append(in, pt)
			}
		}
		for pt, m := range marks {
			if b.holds(pt.X, pt.Y) {
				inMarks[pt] = m
			} else if n, err := strconv.Atoi(m); err == nil {
				hidden = append(hidden, n)
			}
		}
		grid := s.p.compactGrid(in, inMarks)
		// The grid leaves out edge rows and columns with nothing in view.
		_, x0, x1, y0, y1 := layOut(in, inMarks)
		var parts []string
		for _, p := range []struct {
			n          int
			unit, side string
		}{
			{y0 - minY, "row", "above"}, {maxY - y1, "row", "below"},
			{x0 - minX, "column", "left"}, {maxX - x1, "column", "right"},
		} {
			if p.n > 0 {
				parts = append(parts, plural(p.n, p.unit)+" "+p.side)
			}
		}
		if len(parts) == 0 {
			if title {
				return append([]string{s.p.faint("Your display")}, grid...)
			}
			return grid
		}
		more := "; type show for all"
		if r.final {
			more = "; score the saved line for all"
		}
		note := "Display cropped: " + strings.Join(parts, ", ") + " not shown" + hiddenCells(hidden) + more
		return append(wrapWords(note, r.width), grid...)
	}
	b := box{anchor.X, anchor.X, anchor.Y, anchor.Y}
	// Columns first, with all the rows, then rows.
	grow(&b.x0, &b.x1, minX, maxX, func(x0, x1 int) bool {
		return maxWidth(draw(box{x0, x1, minY, maxY})) <= r.width
	})
	grow(&b.y0, &b.y1, minY, maxY, func(y0, y1 int) bool {
		lines := draw(box{b.x0, b.x1, y0, y1})
		return len(lines) <= r.height && maxWidth(lines) <= r.width
	})
	return draw(b), b.y0 > minY || b.y1 < maxY
}

// grow widens lo..hi within lim0..lim1 one at a time, at hi and lo in turn,
// while ok allows the wider span.
func grow(lo, hi *int, lim0, lim1 int, ok func(lo, hi int) bool) {
	for grown := true; grown; {
		grown = false
		if *hi < lim1 && ok(*lo, *hi+1) {
			*hi++
			grown = true
		}
		if *lo > lim0 && ok(*lo-1, *hi) {
			*lo--
			grown = true
		}
	}
}

// hiddenCells words the numbers of the free cells a cropped display leaves
// out: " (free cells 1..6, 31..34)", or their count when they are scattered.
func hiddenCells(n []int) string {
	if len(n) == 0 {
		return ""
	}
	slices.Sort(n)
	var ranges []string
	for i := 0; i < len(n); {
		j := i
		for j+1 < len(n) && n[j+1] == n[j]+1 {
			j++
		}
		if i == j {
			ranges = append(ranges, fmt.Sprint(n[i]))
		} else {
			ranges = append(ranges, fmt.Sprintf("%d..%d", n[i], n[j]))
		}
		i = j + 1
	}
	if len(ranges) > 2 {
		return fmt.Sprintf(" (%s)", plural(len(n), "free cell"))
	}
	word := "cells"
	if len(n) == 1 {
		word = "cell"
	}
	return fmt.Sprintf(" (free %s %s)", word, strings.Join(ranges, ", "))
}
