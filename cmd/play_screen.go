package cmd

import (
	"fmt"
	"strings"

	"github.com/fatih/color"
	"github.com/novaluna/novaluna/solo"
)

// screenWidth is the width the play screen keeps within when it can.
const screenWidth = 80

// draw shows the screen, the message of the last command and the prompt on
// a terminal; in a script it does nothing.
func (s *playSession) draw() {
	if !s.screen {
		return
	}
	var b strings.Builder
	if s.clear {
		b.WriteString("\x1b[H\x1b[2J")
	}
	b.WriteString(s.render())
	b.WriteByte('\n')
	if len(s.msg) == 0 {
		s.msg = []string{s.guide()}
	}
	for _, m := range s.msg {
		for _, l := range wrapWords(m, screenWidth) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	s.msg = nil
	if !s.g.Over() {
		b.WriteString(s.p.bold("> "))
	}
	fmt.Fprint(s.o.st.Out, b.String())
}

// guide says what to type when there is nothing else to say.
func (s *playSession) guide() string {
	text := "Your move: a slot and a cell, e.g. " + s.p.bold(fmt.Sprintf("%c %d", 'a'+len(s.g.Accessible())-1, len(s.cells()))) +
		" · undo · hint · help · quit"
	if s.g.CanEndPhase1() {
		text += " · " + s.p.bold("end") + " ends phase 1"
	}
	return text
}

// render draws the whole screen but the message and prompt: the status
// lines, then the wheel beside the display (or above it when both do not fit
// in 80 columns).
func (s *playSession) render() string {
	var b strings.Builder
	for _, l := range s.status() {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	marks := map[solo.Point]string{}
	if !s.g.Over() {
		for i, pt := range s.cells() {
			marks[pt] = fmt.Sprint(i + 1)
		}
	}
	grid := s.p.compactGrid(s.g.Display(), marks)
	var legend []string
	for _, l := range legendText(len(marks)) {
		legend = append(legend, s.p.faint(l))
	}
	wheel := s.wheelColumn()
	ww := maxWidth(wheel)
	const gap = 3
	if ww+gap+maxWidth(grid) <= screenWidth {
		right := append([]string{s.p.faint("Your display")}, grid...)
		// The legend goes under the shorter column, to keep the screen low.
		legend = append([]string{""}, legend...)
		if max(len(wheel)+len(legend), len(right)) < max(len(wheel), len(right)+len(legend)) &&
			maxWidth(legend) <= ww+gap {
			wheel = append(wheel, legend...)
		} else {
			right = append(right, legend...)
		}
		for i := range max(len(wheel), len(right)) {
			left, r := "", ""
			if i < len(wheel) {
				left = wheel[i]
			}
			if i < len(right) {
				r = right[i]
			}
			line := left
			if r != "" {
				line = padRight(left, visibleWidth(left), ww+gap) + r
			}
			b.WriteString(line)
			b.WriteByte('\n')
		}
		return b.String()
	}
	// The display is too wide to stand beside the wheel: the wheel goes
	// above it in rows, its empty spaces left out, and the legend below.
	for _, l := range s.wheelRows() {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	for _, l := range grid {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString(s.p.faint(strings.Join(legendText(len(marks)), " · ")))
	b.WriteByte('\n')
	return b.String()
}

// legendText explains the display grid; free is the number of numbered
// cells.
func legendText(free int) []string {
	l := []string{"CAPITALS: open task", "small letters: covered"}
	if free > 0 {
		l = append(l, fmt.Sprintf("%s: free cells", cellRange(free)))
	}
	return l
}

func maxWidth(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, visibleWidth(l))
	}
	return w
}

// status is the two lines at the top: the puzzle, turn and phase; the
// tokens and the running notes.
func (s *playSession) status() []string {
	g := s.g
	sc := g.Score()
	first := fmt.Sprintf("%s · %s", s.p.bold("Nova Luna solo"), s.label)
	if g.Over() {
		first += fmt.Sprintf(" · %d turns · %s", len(g.Moves()), s.p.bold("game over"))
	} else {
		first += fmt.Sprintf(" · turn %d · %s", g.Turn(), s.p.bold(g.Phase().String()))
	}
	var tokens string
	if g.Phase() == solo.Phase1 {
		tokens = fmt.Sprintf("Tokens %s in phase 1, %d/%d in all", s.count(g.Tokens(), solo.TokensPhase1), g.Tokens(), solo.TokensTotal)
	} else {
		tokens = fmt.Sprintf("Tokens %s (%d in phase 1)", s.count(g.Tokens(), solo.TokensTotal), s.phase1Tokens())
	}
	notes := fmt.Sprintf("S1 %d  P1 %d  S2 %d  P2 %d  = %s", sc.S1, sc.P1, sc.S2, sc.P2, s.p.bold(fmt.Sprint(sc.Total())))
	if !g.Over() {
		notes += " so far"
	}
	return []string{first, tokens + " · " + notes}
}

// phase1Tokens returns the tokens placed by the end of phase 1, replaying
// the turns of phase 1 (the game keeps only the notes).
func (s *playSession) phase1Tokens() int {
	l := s.g.Line()
	g, err := solo.NewGame(s.deck)
	if err != nil {
		return 0
	}
	for _, m := range l.Moves[:l.Phase1Turns] {
		if g.Play(m) != nil {
			return 0
		}
	}
	return g.Tokens()
}

// count writes "n/of", in green once reached.
func (s *playSession) count(n, of int) string {
	text := fmt.Sprintf("%d/%d", n, of)
	if n >= of {
		return s.p.good(text)
	}
	return text
}

// wheelEntry writes one space of the wheel: the moon or the slot letter,
// the space number and its tile.
func (s *playSession) wheelEntry(space, tile, meeple int, slot map[int]int) string {
	mark := " "
	if space == meeple {
		mark = s.p.bold("☾")
	} else if i, ok := slot[space]; ok {
		mark = s.p.paint(string(rune('a'+i)), color.Bold, color.ReverseVideo)
	}
	what := s.p.faint("·")
	if tile != 0 {
		what = s.p.tile(tile)
	}
	return fmt.Sprintf("%s %s %s", mark, s.p.faint(fmt.Sprintf("%2d", space)), what)
}

// wheelOrder returns the spaces from the moon clockwise, with the slot of
// each accessible space.
func (s *playSession) wheelOrder() (spaces [solo.TrackSpaces]int, track [solo.TrackSpaces]int, meeple int, slot map[int]int) {
	track, meeple = s.g.Track()
	slot = map[int]int{}
	st := s.g.State()
	var buf [3]uint8
	for i := range st.Accessible(&buf) {
		if !s.g.Over() {
			slot[int(buf[i])] = i
		}
	}
	for i := range spaces {
		spaces[i] = (meeple + i) % solo.TrackSpaces
	}
	return spaces, track, meeple, slot
}

// wheelColumn draws the wheel as a column: a title, then the 12 spaces from
// the moon clockwise.
func (s *playSession) wheelColumn() []string {
	spaces, track, meeple, slot := s.wheelOrder()
	lines := []string{s.p.faint("Wheel, from the moon ☾")}
	for _, sp := range spaces {
		lines = append(lines, s.wheelEntry(sp, track[sp], meeple, slot))
	}
	return lines
}

// wheelRows draws the wheel in rows of three spaces, the moon's space first
// and the empty spaces left out, for when the display is too wide to stand
// beside the column.
func (s *playSession) wheelRows() []string {
	spaces, track, meeple, slot := s.wheelOrder()
	var entries []string
	for _, sp := range spaces {
		if sp == meeple || track[sp] != 0 {
			entries = append(entries, s.wheelEntry(sp, track[sp], meeple, slot))
		}
	}
	const perRow, colW = 3, 26
	var lines []string
	for r := 0; r < len(entries); r += perRow {
		var b strings.Builder
		for _, e := range entries[r:min(r+perRow, len(entries))] {
			b.WriteString(padRight(e, visibleWidth(e), colW))
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	return lines
}

// wrapWords breaks text into lines of at most width columns at spaces; a
// word longer than width stands alone on its line.
func wrapWords(text string, width int) []string {
	if visibleWidth(text) <= width {
		return []string{text}
	}
	var lines []string
	var cur strings.Builder
	w := 0
	for _, word := range strings.Split(text, " ") {
		ww := visibleWidth(word)
		if w > 0 && w+1+ww > width {
			lines = append(lines, cur.String())
			cur.Reset()
			w = 0
		}
		if w > 0 {
			cur.WriteByte(' ')
			w++
		}
		cur.WriteString(word)
		w += ww
	}
	return append(lines, cur.String())
}
