package cmd

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// finish shows the end of the game: the final display beside the score and
// the solver's best (on a terminal, when they fit side by side), how they
// compare, the share line of a daily puzzle; then it saves the line.
func (s *playSession) finish(ctx context.Context) error {
	out := s.o.st.Out
	sc := s.game().Score()
	over := s.overLine()
	if s.screen && s.o.hintTime > 0 {
		w, _ := s.termSize()
		fmt.Fprintf(out, "%s%s\n%s\nThe solver is looking for the best line (up to %v)...\n",
			s.clearCode(), strings.Join(fitStatus(s.status(), w), "\n"), strings.Join(wrapWords(over, w), "\n"), s.o.hintTime)
	}
	best, haveBest := s.solverBest(ctx)

	share := ""
	par := 0
	if s.daily {
		if p, err := puzzles.Par(ctx, s.date, nil); err != nil {
			fmt.Fprintf(s.o.st.Err, "novaluna: the par of %s: %v\n", s.date.Format(puzzles.DateLayout), err)
		} else {
			par = p.Par
		}
		var err error
		if share, err = puzzles.ShareLine(s.date, s.sess.Line(), par); err != nil {
			return fmt.Errorf("internal error: the share line: %w", err)
		}
	}
	s.par = par
	s.recorded = s.record(par)
	r := room{width: screenWidth}
	if s.screen {
		w, h := s.termSize()
		// Two lines are left for the save question and the blank line
		// above it, or for the two lines that say where the line is saved.
		r = room{width: w, height: h - 2, crop: w >= minScreenWidth && h >= minScreenHeight, final: true}
	}
	lines := s.endScreen(r, sc, best, haveBest, share)
	fmt.Fprint(out, s.clearCode()+strings.Join(lines, "\n")+"\n")

	path := s.o.save
	switch {
	case path != "":
		if err := s.saveTo(path); err != nil {
			return err
		}
	case s.screen:
		fmt.Fprintln(out)
		path = s.offerSave("Save your line? File name (Enter for no): ")
	}
	if path != "" {
		fmt.Fprintf(out, "Saved your line to %s.\nCheck it with: novaluna score %s\n", path, path)
	}
	return nil
}

func (s *playSession) overLine() string {
	return fmt.Sprintf("%s after %s (%d in phase 1).", s.p.bold("The game is over"), plural(len(s.game().Moves()), "turn"), s.game().Line().Phase1Turns)
}

// endGap is the gap between the final display and the score beside it.
const endGap = 4

// endScreen draws the end of the game, above the save question: the status
// (on a terminal), the final display beside the score (or above it when
// they do not fit side by side), how the score compares with the solver's
// best, and the share line when share is not empty. When r crops and the
// screen is too tall, the final display is cropped around the tile placed
// last, as in the game, beside the score or above it; and if that is not
// enough the status goes (the score table repeats it). The score, the
// comparison and the share line are always shown whole.
func (s *playSession) endScreen(r room, sc solo.Score, best solver.Result, haveBest bool, share string) []string {
	head := []string{""}
	if s.screen {
		head = append(fitStatus(s.status(), r.width), "")
	}
	over := []string{s.overLine()}
	if s.screen {
		over = wrapWords(over[0], r.width)
	}
	var tail []string
	if s.par > 0 {
		tail = append(tail, wrapWords(parVerdict(sc.Total(), s.par), r.width)...)
	}
	if haveBest {
		tail = append(tail, wrapWords(s.verdict(sc, best), r.width)...)
	}
	if s.recorded != "" {
		tail = append(tail, wrapWords(s.recorded, r.width)...)
	}
	// The share line is copied whole, so it is not broken: the terminal
	// wraps it when it is wider, on rows that count in the height.
	shareRows := 0
	if share != "" {
		tail = append(tail, "", "Share it (no spoilers):")
		shareRows = termRows("  "+share, r.width)
	}
	const title = "Your display at the end:"
	table := s.scoreTable(sc, best, haveBest, false)
	notes := s.scoreTable(sc, best, haveBest, true)
	if maxWidth(notes) > r.width {
		notes = table
	}
	beside := func(grid []string) []string { return besideTable(append([]string{title}, grid...), table) }
	above := func(grid []string) []string {
		return slices.Concat([]string{title}, grid, []string{""}, notes)
	}
	fits := func(lines []string) bool { return len(lines)+shareRows <= r.height && maxWidth(lines) <= r.width }
	withShare := func(lines []string) []string {
		if share == "" {
			return lines
		}
		return append(lines, "  "+share)
	}

	display := s.game().Display()
	grid := s.p.compactGrid(display, nil)
	whole := above(grid)
	if s.screen && maxWidth(grid)+endGap+maxWidth(table) <= r.width {
		whole = beside(grid)
	}
	lines := slices.Concat(head, over, whole, tail)
	if !r.crop || fits(lines) {
		return withShare(lines)
	}
	for _, head := range [][]string{head, nil} {
		fixed := len(head) + len(over) + len(tail) + shareRows
		narrow := room{width: r.width - endGap - maxWidth(table), height: r.height - fixed - 1, crop: true, final: true}
		cropped, _ := s.croppedDisplay(display, nil, narrow, false)
		if lines = slices.Concat(head, over, beside(cropped), tail); fits(lines) {
			return withShare(lines)
		}
		wide := room{width: r.width, height: r.height - fixed - 2 - len(notes), crop: true, final: true}
		cropped, _ = s.croppedDisplay(display, nil, wide, false)
		if lines = slices.Concat(head, over, above(cropped), tail); fits(lines) {
			return withShare(lines)
		}
	}
	return withShare(lines)
}

// termRows returns the rows line takes on a terminal width columns wide,
// which wraps it; emoji (the share line's squares) take two columns.
func termRows(line string, width int) int {
	w := 0
	for _, r := range ansiCodes.ReplaceAllString(line, "") {
		w++
		if r >= 0x1F000 {
			w++
		}
	}
	return max(1, (w+width-1)/width)
}

// besideTable writes the score table beside the display's lines, from the
// display's second line.
func besideTable(grid, table []string) []string {
	gw := maxWidth(grid)
	var lines []string
	for i := range max(len(grid), len(table)+1) {
		left, right := "", ""
		if i < len(grid) {
			left = grid[i]
		}
		if i >= 1 && i-1 < len(table) {
			right = table[i-1]
		}
		if right != "" {
			left = padRight(left, visibleWidth(left), gw+endGap)
		}
		lines = append(lines, strings.TrimRight(left+right, " "))
	}
	return lines
}

func (s *playSession) clearCode() string {
	if s.clear {
		return "\x1b[H\x1b[2J"
	}
	return ""
}

// scoreTable writes the notes of the game, beside the solver's best line's
// when there is one; notes adds what each row means.
func (s *playSession) scoreTable(sc solo.Score, best solver.Result, haveBest, notes bool) []string {
	bs := best.Score
	rows := []struct {
		name   string
		you, s int
		what   string
	}{
		{"S1", sc.S1, bs.S1, "tile costs at the end of phase 1"},
		{"P1", sc.P1, bs.P1, "10 x tokens short of 8 in phase 1"},
		{"S2", sc.S2, bs.S2, "tile costs at the end"},
		{"P2", sc.P2, bs.P2, "10 x tokens short of 21"},
		{"tokens", sc.Tokens, bs.Tokens, "placed of 21"},
		{"Score", sc.Total(), bs.Total(), "lower is better; the rulebook's mark is 100"},
	}
	var lines []string
	if haveBest {
		lines = append(lines, fmt.Sprintf("  %-6s  %4s  %6s", "", "you", "solver"))
	}
	for _, r := range rows {
		line := fmt.Sprintf("  %-6s  %4d", r.name, r.you)
		if haveBest {
			line += fmt.Sprintf("  %6d", r.s)
		}
		if notes {
			line += "   " + s.p.faint(r.what)
		}
		if r.name == "Score" {
			line = s.p.bold(line)
		}
		lines = append(lines, line)
	}
	return lines
}
