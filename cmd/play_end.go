package cmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// finish shows the end of the game: the final display beside the score and
// the solver's best (on a terminal, when they fit side by side), how they
// compare, the share line of a daily puzzle; then it saves the line.
func (s *playSession) finish(ctx context.Context) error {
	out := s.o.st.Out
	sc := s.g.Score()
	over := fmt.Sprintf("%s after %s (%d in phase 1).", s.p.bold("The game is over"), plural(len(s.g.Moves()), "turn"), s.g.Line().Phase1Turns)
	if s.screen && s.o.hintTime > 0 {
		fmt.Fprintf(out, "%s%s\n%s\nThe solver is looking for the best line (up to %v)...\n",
			s.clearCode(), strings.Join(s.status(), "\n"), over, s.o.hintTime)
	}
	best, haveBest := s.solverBest(ctx)

	var b strings.Builder
	if s.screen {
		b.WriteString(s.clearCode() + strings.Join(s.status(), "\n") + "\n")
	}
	b.WriteString("\n" + over + "\n")
	grid := append([]string{"Your display at the end:"}, s.p.compactGrid(s.g.Display(), nil)...)
	table := s.scoreTable(sc, best, haveBest, false)
	const gap = 4
	width := screenWidth
	if s.screen {
		width, _ = s.termSize()
	}
	if s.screen && maxWidth(grid)+gap+maxWidth(table) <= width {
		gw := maxWidth(grid)
		for i := range max(len(grid), len(table)+1) {
			left, right := "", ""
			if i < len(grid) {
				left = grid[i]
			}
			if i >= 1 && i-1 < len(table) {
				right = table[i-1]
			}
			if right != "" {
				left = padRight(left, visibleWidth(left), gw+gap)
			}
			b.WriteString(strings.TrimRight(left+right, " ") + "\n")
		}
	} else {
		b.WriteString(strings.Join(grid, "\n") + "\n\n")
		b.WriteString(strings.Join(s.scoreTable(sc, best, haveBest, true), "\n") + "\n")
	}
	if haveBest {
		b.WriteString(strings.Join(wrapWords(s.verdict(sc, best), width), "\n") + "\n")
	}
	if s.daily {
		bestScore := 0
		if haveBest {
			bestScore = best.Score.Total()
		}
		share, err := playShareLine(s.date, s.g.Line(), bestScore, s.hints, s.undos)
		if err != nil {
			return fmt.Errorf("internal error: the share line: %w", err)
		}
		fmt.Fprintf(&b, "\nShare it (no spoilers):\n  %s\n", share)
	}
	fmt.Fprint(out, b.String())

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
