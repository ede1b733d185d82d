package cmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fatih/color"
	"github.com/novaluna/novaluna/solo"
)

// screenWidth is the width of the screen in a script (where show prints
// it) and on a terminal whose size is unknown.
const screenWidth = 80

// draw shows the screen, the message of the last command and the prompt on
// a terminal; in a script it does nothing. The screen is fitted to the
// terminal's size, read afresh each time so that a resized window is used at
// once; after show it is drawn whole.
func (s *playSession) draw() {
	if !s.screen {
		return
	}
	w, h := s.termSize()
	if len(s.msg) == 0 {
		s.msg = []string{s.guide()}
	}
	var below []string
	for _, m := range s.msg {
		below = append(below, wrapWords(m, w)...)
	}
	s.msg = nil
	promptRows := 1
	if s.game().Over() {
		// lastTurnStands asks its question on the last line.
		promptRows = len(wrapWords(lastTurnQuestion, w))
	}
	var b strings.Builder
	b.WriteString(s.clearCode())
	switch {
	case w < minScreenWidth || h < minScreenHeight:
		fmt.Fprintf(&b, "Terminal too small (%dx%d): need at least %dx%d.\n", w, h, minScreenWidth, minScreenHeight)
	case s.whole:
		b.WriteString(strings.Join(s.render(room{width: w}), "\n") + "\n\n")
	default:
		r := room{width: w, height: h - 1 - len(below) - promptRows, crop: true}
		b.WriteString(strings.Join(s.render(r), "\n") + "\n\n")
	}
	s.whole = false
	for _, l := range below {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if !s.game().Over() {
		b.WriteString(s.p.bold("> "))
	}
	fmt.Fprint(s.o.st.Out, b.String())
}

// guide says what to type when there is nothing else to say.
func (s *playSession) guide() string {
	text := "Your move: a slot and a cell, e.g. " + s.p.bold(fmt.Sprintf("%c %d", 'a'+len(s.game().Accessible())-1, len(s.cells()))) +
		" · undo · hint · help · quit"
	if s.game().CanEndPhase1() {
		text += " · " + s.p.bold("end") + " ends phase 1"
	}
	return text
}

// render draws the whole screen but the message and prompt: the status
// lines, then the wheel beside the display (or above it when both do not fit
// in the width), made smaller when r asks for it (see body).
func (s *playSession) render(r room) []string {
	lines := s.status()
	if s.screen {
		lines = fitStatus(lines, r.width)
	}
	r.height -= len(lines)
	return append(lines, s.body(r)...)
}

// body draws the wheel and the display. When r crops and they do not fit
// it, body tries more compact forms, each losing a little more: the legend
// on one line, the wheel without its empty spaces, no legend; then it crops
// the display around the tile placed last (see croppedDisplay) and cuts the
// wheel short, but never before the last tile that may be taken.
func (s *playSession) body(r room) []string {
	marks := map[solo.Point]string{}
	if !s.game().Over() {
		for i, pt := range s.cells() {
			marks[pt] = fmt.Sprint(i + 1)
		}
	}
	display := s.game().Display()
	grid := s.p.compactGrid(display, marks)
	var legend []string
	for _, l := range legendText(len(marks)) {
		legend = append(legend, s.p.faint(l))
	}
	oneLine := s.faintLines(wrapWords(strings.Join(legendText(len(marks)), " · "), r.width))
	wheel := s.wheelColumn(false)
	ww := maxWidth(wheel)
	const gap = 3
	if ww+gap+maxWidth(grid) <= r.width {
		short := s.wheelColumn(true)
		right := append([]string{s.p.faint("Your display")}, grid...)
		for _, way := range []struct {
			wheel  []string
			legend legendForm
		}{
			{wheel, legendInColumn},
			{wheel, legendOneLine},
			{short, legendOneLine},
			{wheel, legendNone},
			{short, legendNone},
		} {
			lines := sideBySide(way.wheel, right, ww+gap, legend, oneLine, way.legend)
			if !r.crop || len(lines) <= r.height {
				return lines
			}
		}
		right, _ = s.croppedDisplay(display, marks, room{width: r.width - ww - gap, height: r.height, crop: true}, true)
		return sideBySide(s.cutWheelColumn(r.height), right, ww+gap, nil, nil, legendNone)
	}
	// The display is too wide to stand beside the wheel: the wheel goes
	// above it in rows, its empty spaces left out, and the legend below.
	rows := s.wheelRows(r.width, false)
	if !r.crop {
		return slices.Concat(rows, grid, oneLine)
	}
	if maxWidth(grid) <= r.width {
		if lines := slices.Concat(rows, grid, oneLine); len(lines) <= r.height {
			return lines
		}
		if lines := slices.Concat(rows, grid); len(lines) <= r.height {
			return lines
		}
	}
	cropped, rowsLeftOut := s.croppedDisplay(display, marks, room{width: r.width, height: r.height - len(rows), crop: true}, false)
	if rowsLeftOut {
		// The wheel keeps only the tiles that may be taken now, to leave
		// the display as many rows as it can.
		rows = s.wheelRows(r.width, true)
		cropped, _ = s.croppedDisplay(display, marks, room{width: r.width, height: r.height - len(rows), crop: true}, false)
	}
	return slices.Concat(rows, cropped)
}

// legendForm is where the legend goes beside the wheel and the display.
type legendForm int

const (
	legendInColumn legendForm = iota // under the shorter column, a line each
	legendOneLine                    // under both, on one line
	legendNone
)

// sideBySide writes the wheel's lines beside right's, right starting at
// column at, with the legend where form says.
func sideBySide(wheel, right []string, at int, legend, oneLine []string, form legendForm) []string {
	if form == legendInColumn {
		// The legend goes under the shorter column, to keep the screen low.
		legend = append([]string{""}, legend...)
		if max(len(wheel)+len(legend), len(right)) < max(len(wheel), len(right)+len(legend)) &&
			maxWidth(legend) <= at {
			wheel = append(wheel[:len(wheel):len(wheel)], legend...)
		} else {
			right = append(right[:len(right):len(right)], legend...)
		}
	}
	var lines []string
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
			line = padRight(left, visibleWidth(left), at) + r
		}
		lines = append(lines, line)
	}
	if form == legendOneLine {
		lines = append(lines, oneLine...)
	}
	return lines
}

func (s *playSession) faintLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = s.p.faint(l)
	}
	return out
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
	g := s.game()
	sc := g.Score()
	first := fmt.Sprintf("%s · %s", s.p.bold("Nova Luna solo"), s.label)
	if g.Over() {
		first += fmt.Sprintf(" · %s · %s", plural(len(g.Moves()), "turn"), s.p.bold("game over"))
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
	l := s.game().Line()
	g, err := solo.NewGame(s.sess.Deck())
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
	track, meeple = s.game().Track()
	slot = map[int]int{}
	st := s.game().State()
	var buf [3]uint8
	for i := range st.Accessible(&buf) {
		if !s.game().Over() {
			slot[int(buf[i])] = i
		}
	}
	for i := range spaces {
		spaces[i] = (meeple + i) % solo.TrackSpaces
	}
	return spaces, track, meeple, slot
}

// wheelEntries writes the spaces of the wheel from the moon clockwise;
// skipEmpty leaves out the empty spaces but the moon's. upToSlots is the
// number of entries up to the last accessible tile, which the player needs
// to move.
func (s *playSession) wheelEntries(skipEmpty bool) (entries []string, upToSlots int) {
	spaces, track, meeple, slot := s.wheelOrder()
	for _, sp := range spaces {
		if skipEmpty && sp != meeple && track[sp] == 0 {
			continue
		}
		entries = append(entries, s.wheelEntry(sp, track[sp], meeple, slot))
		if _, ok := slot[sp]; ok || sp == meeple {
			upToSlots = len(entries)
		}
	}
	return entries, upToSlots
}

// wheelColumn draws the wheel as a column: a title, then the 12 spaces from
// the moon clockwise, or with skipEmpty only the moon's and those that hold
// a tile.
func (s *playSession) wheelColumn(skipEmpty bool) []string {
	entries, _ := s.wheelEntries(skipEmpty)
	return append([]string{s.p.faint("Wheel, from the moon ☾")}, entries...)
}

// cutWheelColumn draws the wheel as a column of at most height lines (its
// empty spaces left out), keeping at least the moon and the accessible
// tiles; a last line says how many tiles are left out.
func (s *playSession) cutWheelColumn(height int) []string {
	entries, upToSlots := s.wheelEntries(true)
	lines := []string{s.p.faint("Wheel, from the moon ☾")}
	if 1+len(entries) <= height {
		return append(lines, entries...)
	}
	keep := max(upToSlots, height-2)
	return append(append(lines, entries[:keep]...), s.p.faint(fmt.Sprintf("  … %d more", len(entries)-keep)))
}

// wheelRows draws the wheel in rows of up to three spaces, as many as fit
// in width, the moon's space first and the empty spaces left out, for when
// the display is too wide to stand beside the column. short keeps only the
// moon and the accessible tiles.
func (s *playSession) wheelRows(width int, short bool) []string {
	entries, upToSlots := s.wheelEntries(true)
	if short && upToSlots < len(entries) {
		more := s.p.faint(fmt.Sprintf("  … %d more", len(entries)-upToSlots))
		entries = append(entries[:upToSlots], more)
	}
	const colW = 26
	perRow := min(3, max(1, 1+(width-maxWidth(entries))/colW))
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
