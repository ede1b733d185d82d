package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/session"
	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playRun runs "novaluna play args..." with input on stdin, as a script (no
// terminal), and returns the exit status and both outputs.
func playRun(t *testing.T, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := Streams{In: strings.NewReader(input), Out: &out, Err: &errb}
	code = Main(append([]string{"play", "--hint-time", "0"}, args...), st)
	return code, out.String(), errb.String()
}

// playScript writes a line as play commands in the line format's form, with
// "end" where phase 1 ends by choice.
func playScript(l solo.Line) string {
	var b strings.Builder
	for i, m := range l.Moves {
		fmt.Fprintf(&b, "%d %d %d\n", m.Tile, m.X, m.Y)
		if i+1 == l.Phase1Turns && i+1 < solo.SetupTiles {
			b.WriteString("end\n")
		}
	}
	return b.String()
}

func playReadSaved(t *testing.T, path string) solo.Line {
	t.Helper()
	l, err := readLineFile(path)
	if err != nil {
		t.Fatalf("reading the saved line: %v", err)
	}
	return l
}

func playFixture(t *testing.T) solo.Line {
	t.Helper()
	l, err := readLineFile(filepath.Join("testdata", "play", "seed7-by-choice.json"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Phase1Turns >= solo.SetupTiles {
		t.Fatalf("fixture: phase1_turns = %d, want phase 1 ended by choice (< %d)", l.Phase1Turns, solo.SetupTiles)
	}
	return l
}

// TestPlayScriptedGames plays whole lines as scripts: the saved line is the
// intended line exactly, and it scores as the line does.
func TestPlayScriptedGames(t *testing.T) {
	lines := map[string]solo.Line{"phase 1 ended by choice": playFixture(t)}
	for _, ps := range []uint64{1, 2, 3} {
		lines[fmt.Sprintf("random seed 7 play %d", ps)] = solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(ps, 0))
	}
	for name, want := range lines {
		t.Run(name, func(t *testing.T) {
			deck := filepath.Join(t.TempDir(), "deck.json")
			data := fmt.Sprintf(`{"deck": %s}`, playDeckJSON(t, want.Deck))
			if err := os.WriteFile(deck, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			save := filepath.Join(t.TempDir(), "line.json")
			code, out, errOut := playRun(t, playScript(want), "--deck", deck, "--save", save)
			if code != 0 {
				t.Fatalf("play = exit %d, want 0; stderr:\n%s", code, errOut)
			}
			got := playReadSaved(t, save)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("saved line = %+v, want %+v", got, want)
			}
			wantScore, err := solo.Replay(want)
			if err != nil {
				t.Fatal(err)
			}
			gotScore, err := solo.Replay(got)
			if err != nil || gotScore != wantScore {
				t.Errorf("Replay(saved) = %+v, %v, want %+v", gotScore, err, wantScore)
			}
			var scoreOut bytes.Buffer
			Main([]string{"score", "--json", save}, Streams{In: strings.NewReader(""), Out: &scoreOut, Err: io.Discard})
			wantJSON, _ := wantScore.MarshalJSON()
			if strings.TrimSpace(scoreOut.String()) != string(wantJSON) {
				t.Errorf("novaluna score --json (saved line) = %s, want %s", scoreOut.String(), wantJSON)
			}
			if re := regexp.MustCompile(fmt.Sprintf(`Score +%d\b`, wantScore.Total())); !re.MatchString(out) {
				t.Errorf("output does not match %s:\n%s", re, out)
			}
		})
	}
}

func playDeckJSON(t *testing.T, d solo.Deck) string {
	t.Helper()
	data, err := d.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Seed 7 opens with #13, #6, #37 in slots a, b, c; after a, slots a, b, c
// hold #6, #37, #68.
func TestPlayFriendlyForms(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []solo.Move
	}{
		{"slot alone on the first turn", "a\n", []solo.Move{playMove(13, 0, 0)}},
		{"slot and cell number", "a 1\nb 2\n", []solo.Move{playMove(13, 0, 0), playMove(37, -1, 0)}},
		{"slot glued to the number", "A1\nc4\n", []solo.Move{playMove(13, 0, 0), playMove(68, 0, 1)}},
		{"slot and x y", "a 5 5\nb 5,6\n", []solo.Move{playMove(13, 5, 5), playMove(37, 5, 6)}},
		{"tile id and x y", "13 0 0\n#6 -1 0\n", []solo.Move{playMove(13, 0, 0), playMove(6, -1, 0)}},
		{"tile id and cell number", "13 1\n6 4\n", []solo.Move{playMove(13, 0, 0), playMove(6, 0, 1)}},
		{"comments and blank lines", "# opening\n\na 1\n", []solo.Move{playMove(13, 0, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "line.json")
			code, _, errOut := playRun(t, tt.input, "--seed", "7", "--save", save)
			if code != exitError || !strings.Contains(errOut, "unfinished") {
				t.Errorf("play(%q) = exit %d, stderr %q; want exit 1 and an unfinished game", tt.input, code, errOut)
			}
			got := playReadSaved(t, save)
			if !reflect.DeepEqual(got.Moves, tt.want) || got.Phase1Turns != 0 {
				t.Errorf("play(%q) saved moves %v, phase1_turns %d; want %v, 0", tt.input, got.Moves, got.Phase1Turns, tt.want)
			}
		})
	}
}

// TestPlayRefusals: each bad command is refused with the rule and what is
// legal instead, and the game goes on: the next legal move is played.
func TestPlayRefusals(t *testing.T) {
	tests := []struct {
		name  string
		input string // one bad command after "a 1"
		want  []string
	}{
		{"tile not accessible", "5 1 0", []string{"rule R6", "tile 5 is not accessible", "Legal now: take a (#6 R3), b (#37 T2) or c (#68 Y7)"}},
		{"tile not on the wheel", "13 1 0", []string{"rule R6", "not on the wheel"}},
		{"no such tile", "99 1 0", []string{"rule R6", "not a tile id"}},
		{"cell not adjacent", "a 3 3", []string{"rule R9", "not orthogonally next to", "on cell 1..4"}},
		{"cell occupied", "a 0 0", []string{"rule R9", "already holds tile 13"}},
		{"no such cell number", "a 9", []string{"no cell is numbered 9", "1..4"}},
		{"no such slot", "d 1", []string{"there is no slot d", "a, b or c"}},
		{"end too early", "end", []string{"rule R12", "0 tokens placed", "needs 8"}},
		{"nothing to undo after undo", "undo\nundo", []string{"nothing to take back"}},
		{"unknown word", "jump", []string{`"jump" is not a command or a move`}},
		{"cell missing", "b", []string{"where should tile #37 go?"}},
		{"too many words", "a 1 2 3", []string{"too many words"}},
		{"words after a command", "end now", []string{`"end" takes no arguments`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "line.json")
			in := "a 1\n" + tt.input + "\n6 0 -1\n"
			code, _, errOut := playRun(t, in, "--seed", "7", "--save", save)
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("play(%q) stderr = %q, want it to contain %q", tt.input, errOut, w)
				}
			}
			line := 1 + strings.Count(tt.input, "\n") + 1
			if wl := fmt.Sprintf("line %d: refused", line); !strings.Contains(errOut, wl) {
				t.Errorf("play(%q) stderr = %q, want the input line number (%s)", tt.input, errOut, wl)
			}
			if code != exitError {
				t.Errorf("play(%q) = exit %d, want %d (input ended)", tt.input, code, exitError)
			}
			got := playReadSaved(t, save)
			want := []solo.Move{playMove(13, 0, 0), playMove(6, 0, -1)}
			if tt.name == "nothing to undo after undo" {
				want = []solo.Move{playMove(6, 0, -1)}
			}
			if !reflect.DeepEqual(got.Moves, want) {
				t.Errorf("play(%q) saved moves %v, want %v", tt.input, got.Moves, want)
			}
		})
	}
}

// TestPlayUndoAndEnd undoes turns and the end of phase 1 and checks the
// line that results.
func TestPlayUndoAndEnd(t *testing.T) {
	full := playFixture(t)
	p1 := full.Phase1Turns
	var phase1 strings.Builder
	for _, m := range full.Moves[:p1] {
		fmt.Fprintf(&phase1, "%d %d %d\n", m.Tile, m.X, m.Y)
	}
	rest := playScript(solo.Line{Moves: full.Moves[p1:]})
	tests := []struct {
		name  string
		input string
		want  solo.Line // deck left out
	}{
		{"undo a turn and play it again",
			phase1.String() + "undo\n" + fmt.Sprintf("%d %d %d\n", full.Moves[p1-1].Tile, full.Moves[p1-1].X, full.Moves[p1-1].Y) + "end\n" + rest,
			full},
		{"undo the end of phase 1 only", phase1.String() + "end\nundo\n", solo.Line{Moves: full.Moves[:p1]}},
		{"undo the end and end again", phase1.String() + "end\nundo\nend\n" + rest, full},
		{"undo everything", phase1.String() + strings.Repeat("undo\n", p1), solo.Line{Moves: nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "line.json")
			playRun(t, tt.input, "--seed", "7", "--save", save)
			got := playReadSaved(t, save)
			if len(got.Moves) != len(tt.want.Moves) || len(got.Moves) > 0 && !reflect.DeepEqual(got.Moves, tt.want.Moves) {
				t.Errorf("moves = %v, want %v", got.Moves, tt.want.Moves)
			}
			if got.Phase1Turns != tt.want.Phase1Turns {
				t.Errorf("phase1_turns = %d, want %d", got.Phase1Turns, tt.want.Phase1Turns)
			}
		})
	}
}

// TestPlayInputEnds: the game is saved, the exit status is 1 and --resume
// goes on to the same line as playing in one go.
func TestPlayInputEnds(t *testing.T) {
	full := playFixture(t)
	all := strings.SplitAfter(playScript(full), "\n")
	for _, cut := range []int{0, 3, full.Phase1Turns, full.Phase1Turns + 1, full.Phase1Turns + 3} {
		t.Run(fmt.Sprintf("after %d lines", cut), func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "line.json")
			code, _, errOut := playRun(t, strings.Join(all[:cut], ""), "--seed", "7", "--save", save)
			if code != exitError || !strings.Contains(errOut, "unfinished") || !strings.Contains(errOut, "saved to "+save) {
				t.Errorf("play = exit %d, stderr %q; want exit 1, unfinished, saved", code, errOut)
			}
			final := filepath.Join(t.TempDir(), "final.json")
			code, _, errOut = playRun(t, strings.Join(all[cut:], ""), "--resume", save, "--save", final)
			if code != 0 {
				t.Fatalf("play --resume = exit %d, stderr %q", code, errOut)
			}
			if got := playReadSaved(t, final); !reflect.DeepEqual(got, full) {
				t.Errorf("resumed line = %+v, want %+v", got, full)
			}
		})
	}
}

func TestPlayQuit(t *testing.T) {
	save := filepath.Join(t.TempDir(), "line.json")
	code, out, errOut := playRun(t, "a 1\nquit\nb 2\n", "--seed", "7", "--save", save)
	if code != 0 || !strings.Contains(out, "unfinished after 1 turn (") || !strings.Contains(out, "--resume "+save) {
		t.Errorf("play with quit = exit %d, stdout %q, stderr %q; want 0, unfinished, saved", code, out, errOut)
	}
	if got := playReadSaved(t, save); len(got.Moves) != 1 {
		t.Errorf("saved %d moves, want 1 (nothing after quit)", len(got.Moves))
	}
}

func TestPlayBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{nil, exitError, "the input ended before the game did"}, // play alone plays today's daily
		{[]string{"--seed", "7", "--daily"}, exitUsage, "give only one"},
		{[]string{"--seed", "7", "--hint-time", "-1s"}, exitUsage, "--hint-time"},
		{[]string{"--resume", "no-such-file.json"}, exitError, "cannot read line file"},
		{[]string{"--seed", "7", "--save", filepath.Join("no-such-folder", "line.json")}, exitError, "there is no folder no-such-folder"},
		{[]string{"--seed", "8", "--resume", filepath.Join("testdata", "play", "seed7-by-choice.json")}, exitError, "deck differs"},
	}
	for _, tt := range tests {
		code, _, errOut := playRun(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("play %v = exit %d, stderr %q; want %d and %q", tt.args, code, errOut, tt.code, tt.want)
		}
	}
}

func TestParsePlayCommand(t *testing.T) {
	slots := []int{13, 6, 37}
	cells := []solo.Point{{X: 0, Y: -1}, {X: -1, Y: 0}, {X: 1, Y: 0}}
	tests := []struct {
		in   string
		want playCmd
		err  string
	}{
		{"", playCmd{kind: cmdNone}, ""},
		{"# a comment", playCmd{kind: cmdNone}, ""},
		{"END", playCmd{kind: cmdEnd}, ""},
		{"u", playCmd{kind: cmdUndo}, ""},
		{"?", playCmd{kind: cmdHelp}, ""},
		{"hint", playCmd{kind: cmdHint}, ""},
		{"q", playCmd{kind: cmdQuit}, ""},
		{"b 3", playCmd{cmdMove, playMove(6, 1, 0)}, ""},
		{"c1", playCmd{cmdMove, playMove(37, 0, -1)}, ""},
		{" a  -4  7 ", playCmd{cmdMove, playMove(13, -4, 7)}, ""},
		{"#40 2", playCmd{cmdMove, playMove(40, -1, 0)}, ""},
		{"40 2 2", playCmd{cmdMove, playMove(40, 2, 2)}, ""},
		{"b 4", playCmd{}, "no cell is numbered 4"},
		{"b 0", playCmd{}, "no cell is numbered 0"},
		{"b x", playCmd{}, `"x" is not a cell number`},
		{"b 1 y", playCmd{}, "two whole numbers"},
		{"b", playCmd{}, "where should tile #6 go?"},
		{"z 1", playCmd{}, "there is no slot z"},
		{"hello", playCmd{}, "not a command or a move"},
	}
	for _, tt := range tests {
		got, err := parsePlayCommand(tt.in, slots, cells)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("parsePlayCommand(%q) = %+v, %v, want %+v", tt.in, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("parsePlayCommand(%q) error = %v, want one containing %q", tt.in, err, tt.err)
		}
	}
}

// TestCompactCellsHoldEveryTile: every tile's tasks fit the two lines of a
// compact cell, all tasks shown.
func TestCompactCellsHoldEveryTile(t *testing.T) {
	for _, tile := range solo.Tiles() {
		covered := make([]bool, len(tile.Tasks))
		lines := painter{}.compactCellLines(solo.PlacedTile{Tile: tile.ID, Covered: covered})
		for i, l := range lines {
			if w := visibleWidth(l); w != compactCell {
				t.Errorf("compactCellLines(#%d)[%d] = %q, width %d, want %d", tile.ID, i, l, w, compactCell)
			}
		}
		letters := strings.Join(strings.Fields(lines[0][2:]+" "+lines[1]), "")
		want := 0
		for _, task := range tile.Tasks {
			want += task.Size()
		}
		if len(letters) != want {
			t.Errorf("compactCellLines(#%d) = %q, shows %d task letters, want %d", tile.ID, lines, len(letters), want)
		}
	}
}

// TestPlayScreen plays the fixture on a "terminal" (plain, no colour) and
// checks what the screens show and that they stay within 80 columns.
func TestPlayScreen(t *testing.T) {
	full := playFixture(t)
	var out, errb bytes.Buffer
	st := Streams{In: strings.NewReader(playScript(full) + "\n"), Out: &out, Err: &errb, InTTY: true}
	if code := Main([]string{"play", "--seed", "7", "--hint-time", "0"}, st); code != 0 {
		t.Fatalf("play = exit %d, stderr %q", code, errb.String())
	}
	screens := strings.Split(out.String(), "Nova Luna solo · seed 7 · ")
	// One per turn, one after "end", the last turn's and the final one.
	if len(screens) != len(full.Moves)+4 {
		t.Errorf("play drew %d screens, want %d", len(screens)-1, len(full.Moves)+3)
	}
	wants := []struct {
		screen int
		want   []string
	}{
		{1, []string{"turn 1 · phase 1", "Tokens 0/8 in phase 1, 0/21 in all", "S1 0  P1 80  S2 0  P2 210  = 290 so far",
			"☾  0 ·", "a  1 #13 R5 BB Y", "b  2 #6 R3 RRB", "c  3 #37 T2 TTTT", "   4 #68 Y7 RB RT BT", "1: free cells", "> "}},
		{2, []string{"turn 2 · phase 1", "☾  3 ·", "a  4 #68 Y7", "1..4: free cells", "Turn 1: #37 T2 to (0, 0)"}},
		{10, []string{"turn 10 · phase 1", "Tokens 8/8 in phase 1", "you may end phase 1 now"}},
		{11, []string{"turn 10 · phase 2", "Tokens 8/21 (8 in phase 1)", "Phase 1 is over after 9 turns: S1 34, P1 0"}},
		{len(full.Moves) + 2, []string{"15 turns · game over", "That was the last turn. Enter to see how you did, or undo to take it back"}},
		{len(full.Moves) + 3, []string{"15 turns · game over", "Tokens 21/21 (8 in phase 1)", "S1 34  P1 0  S2 66  P2 0  = 100", "Score    100"}},
	}
	for _, w := range wants {
		if w.screen >= len(screens) {
			continue
		}
		for _, s := range w.want {
			if !strings.Contains(screens[w.screen], s) {
				t.Errorf("screen %d does not show %q:\n%s", w.screen, s, screens[w.screen])
			}
		}
	}
	for i, scr := range screens[1 : len(screens)-1] {
		if h := strings.Count(scr, "\n") + 1; h > 24 {
			t.Errorf("screen %d is %d lines high, want at most 24:\n%s", i+1, h, scr)
		}
	}
	for i, l := range strings.Split(out.String(), "\n") {
		if w := visibleWidth(l); w > screenWidth {
			t.Errorf("output line %d is %d columns wide, want at most %d: %q", i+1, w, screenWidth, l)
		}
	}
}

func playMove(tile, x, y int) solo.Move { return solo.Move{Tile: tile, X: x, Y: y} }

// TestPlaySavesEveryTurn: with --save the file follows the game turn by
// turn, before the game ends or the input does.
func TestPlaySavesEveryTurn(t *testing.T) {
	save := filepath.Join(t.TempDir(), "line.json")
	r, w := io.Pipe()
	var out, errb bytes.Buffer
	done := make(chan int)
	go func() {
		done <- Main([]string{"play", "--seed", "7", "--hint-time", "0", "--save", save}, Streams{In: r, Out: &out, Err: &errb})
	}()
	for i, move := range []string{"a 1", "b 2", "undo"} {
		fmt.Fprintln(w, move)
		want := []int{1, 2, 1}[i]
		deadline := time.Now().Add(10 * time.Second)
		for {
			l, err := readLineFile(save)
			if err == nil && len(l.Moves) == want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after %q the saved game has not %d moves (%v, %v)", move, want, l.Moves, err)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	w.Close()
	if code := <-done; code != exitError {
		t.Errorf("play = exit %d, want %d (input ended)", code, exitError)
	}
}

// TestPlayHint asks for a hint on the first turn: it names an accessible
// tile by its slot, the only cell, and a score.
func TestPlayHint(t *testing.T) {
	var out, errb bytes.Buffer
	st := Streams{In: strings.NewReader("hint\n"), Out: &out, Err: &errb}
	Main([]string{"play", "--seed", "7", "--hint-time", "300ms"}, st)
	re := regexp.MustCompile(`Hint: ([abc]) 1 \(#(\d+) [RBTY]\d to \(0, 0\)\)\. The best line found from here scores (\d+)`)
	m := re.FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("play hint = %q, want a line matching %s; stderr %q", out.String(), re, errb.String())
	}
	slots := map[string]string{"a": "13", "b": "6", "c": "37"}
	if slots[m[1]] != m[2] {
		t.Errorf("hint names slot %s and tile #%s, want slot %s to hold #%s", m[1], m[2], m[1], slots[m[1]])
	}

	out.Reset()
	errb.Reset()
	st = Streams{In: strings.NewReader("hint\n"), Out: &out, Err: &errb}
	Main([]string{"play", "--seed", "7", "--hint-time", "0"}, st)
	if !strings.Contains(errb.String(), "hints are off") {
		t.Errorf("play --hint-time 0 with hint: stderr = %q, want \"hints are off\"", errb.String())
	}
}

// TestPlayComparison: at the end the score stands beside the solver's.
func TestPlayComparison(t *testing.T) {
	full := playFixture(t)
	var out, errb bytes.Buffer
	st := Streams{In: strings.NewReader(playScript(full)), Out: &out, Err: &errb}
	if code := Main([]string{"play", "--seed", "7", "--hint-time", "300ms"}, st); code != 0 {
		t.Fatalf("play = exit %d, stderr %q", code, errb.String())
	}
	re := regexp.MustCompile(`Score +100 +(\d+) .*\n(You beat|A perfect game|As good|The solver's best line in 300ms scores|The best possible line scores)`)
	if !re.MatchString(out.String()) {
		t.Errorf("play output = %q, want the comparison matching %s", out.String(), re)
	}
}

// TestPlayDailyShareLine: a scripted daily game ends with a share line that
// names the score and the date's par, and nothing of the moves.
func TestPlayDailyShareLine(t *testing.T) {
	date, err := puzzles.ParseDate("2026-11-23")
	require.NoError(t, err)
	par, err := puzzles.Par(context.Background(), date, nil)
	require.NoError(t, err)
	l := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(1, 0))
	sc, err := solo.Replay(l)
	require.NoError(t, err)
	code, out, errOut := playRun(t, playScript(l), "--date", "2026-11-23", "--hint-time", "0")
	require.Equal(t, 0, code, "stderr %q", errOut)
	_, share, ok := strings.Cut(out, "Share it (no spoilers):\n")
	require.True(t, ok, "play --date: no share line in %q", out)
	share, _, _ = strings.Cut(share, "\n")
	want, err := puzzles.ShareLine(date, l, par.Par)
	require.NoError(t, err)
	assert.Equal(t, "  "+want, share)
	assert.Contains(t, share, fmt.Sprintf("Nova Luna #2 (2026-11-23): %d (par %d) ", sc.Total(), par.Par), "the score and the par")
	assert.Contains(t, out, fmt.Sprintf("Par is %d: you are %d over par.\n", par.Par, sc.Total()-par.Par))
	// A saved daily game resumed without --date is known as the daily.
	save := filepath.Join(t.TempDir(), "line.json")
	cut := strings.SplitAfter(playScript(l), "\n")
	playRun(t, strings.Join(cut[:5], ""), "--date", "2026-11-23", "--save", save)
	_, resumed, _ := playRun(t, strings.Join(cut[5:], ""), "--resume", save)
	assert.Contains(t, resumed, want, "play --resume of a daily game")
	for _, m := range l.Moves {
		assert.NotContains(t, share, fmt.Sprintf("#%d ", m.Tile), "the share line gives away a tile")
		assert.NotContains(t, share, fmt.Sprintf("(%d, %d)", m.X, m.Y), "the share line gives away a cell")
	}
}

// TestPlayShareLineAssists: undos are counted in the saved line, kept
// across --resume and reported by the share line; --hard refuses undo and
// hints and marks the share line.
func TestPlayShareLineAssists(t *testing.T) {
	date, err := puzzles.ParseDate("2026-11-24")
	require.NoError(t, err)
	l := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(1, 0))
	par, err := puzzles.Par(context.Background(), date, nil)
	require.NoError(t, err)
	plain, err := puzzles.ShareLine(date, l, par.Par)
	require.NoError(t, err)
	cut := strings.SplitAfter(playScript(l), "\n")
	save := filepath.Join(t.TempDir(), "line.json")

	// Two turns, one taken back, then the input ends: the saved game
	// counts the undo.
	code, _, _ := playRun(t, cut[0]+cut[1]+"undo\n", "--date", "2026-11-24", "--save", save)
	require.Equal(t, exitError, code)
	saved := playReadSaved(t, save)
	require.NotNil(t, saved.Assists, "saved line %+v", saved)
	assert.Equal(t, solo.Assists{Undos: 1}, *saved.Assists)

	code, out, errb := playRun(t, cut[1]+"undo\n"+strings.Join(cut[1:], ""), "--resume", save)
	require.Equal(t, 0, code, "stderr %q", errb)
	assert.Contains(t, out, "  "+plain+" (2 undos)\n", "the share line after --resume")

	// Hard mode.
	code, out, errb = playRun(t, cut[0]+"undo\nhint\n"+strings.Join(cut[1:], ""), "--date", "2026-11-24", "--hard", "--save", save, "--force")
	require.Equal(t, 0, code, "stderr %q", errb)
	assert.Contains(t, errb, "hard mode: no hints and no undo", "undo in hard mode")
	assert.Equal(t, 2, strings.Count(errb, "refused"), "undo and hint refused: %q", errb)
	assert.Contains(t, out, "  "+plain+" (hard)\n")
	saved = playReadSaved(t, save)
	require.NotNil(t, saved.Assists)
	assert.True(t, saved.Assists.Hard)

	// A game is hard from its first turn, or not at all.
	code, _, _ = playRun(t, cut[0], "--date", "2026-11-24", "--save", save, "--force")
	require.Equal(t, exitError, code)
	code, _, errb = playRun(t, "", "--resume", save, "--hard")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errb, "not started in hard mode")
}

// TestPlayInterrupt: an interrupt (Ctrl-C) while play waits for input stops
// the game and saves it.
func TestPlayInterrupt(t *testing.T) {
	save := filepath.Join(t.TempDir(), "line.json")
	r, w := io.Pipe()
	defer w.Close()
	var out, errb bytes.Buffer
	o := &playOptions{st: Streams{In: r, Out: &out, Err: &errb}, src: deckSource{seed: "7", withDaily: true}, save: save}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- o.run(ctx) }()
	fmt.Fprintln(w, "a 1")
	deadline := time.Now().Add(10 * time.Second)
	for {
		if l, err := readLineFile(save); err == nil && len(l.Moves) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first move was not saved")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("play interrupted = %v, want nil", err)
	}
	if !strings.Contains(out.String(), "unfinished after 1 turn (") || !strings.Contains(out.String(), "--resume "+save) {
		t.Errorf("play interrupted: stdout = %q, want the game unfinished and saved", out.String())
	}
}

// TestPlayShow: in a script, show prints the screen, plain.
func TestPlayShow(t *testing.T) {
	_, out, _ := playRun(t, "a 1\nshow\n", "--seed", "7")
	for _, want := range []string{"turn 2 · phase 1", "☾  1 ·", "a  2 #6 R3 RRB", "R5 BB", "1..4: free cells"} {
		if !strings.Contains(out, want) {
			t.Errorf("play with show: stdout = %q, want it to contain %q", out, want)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("play with show in a script writes colour codes: %q", out)
	}
}

// TestPlayWideDisplay: a display too wide to stand beside the wheel goes
// below it, the wheel in rows, and the screen still fits 80 columns.
func TestPlayWideDisplay(t *testing.T) {
	var in strings.Builder
	for x := range 8 {
		fmt.Fprintf(&in, "a %d 0\n", x)
	}
	in.WriteString("show\n")
	_, out, errOut := playRun(t, in.String(), "--seed", "7")
	_, screen, ok := strings.Cut(out, "turn 9 · phase 1")
	if !ok {
		t.Fatalf("no screen for turn 9 in %q (stderr %q)", out, errOut)
	}
	for _, want := range []string{"☾  8 ·", "a  9 #45 T4 RB TY", "CAPITALS: open task · small letters: covered · 1..18: free cells"} {
		if !strings.Contains(screen, want) {
			t.Errorf("wide display screen does not show %q:\n%s", want, screen)
		}
	}
	for _, l := range strings.Split(screen, "\n") {
		if w := visibleWidth(l); w > screenWidth {
			t.Errorf("wide display screen line is %d columns, want at most %d: %q", w, screenWidth, l)
		}
	}
}

// playSyncBuffer is a buffer that a test may read while play writes it.
type playSyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *playSyncBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *playSyncBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestPlayQuitOffersToSave: on a terminal, quit asks where to save, and
// asks again when the save fails.
func TestPlayQuitOffersToSave(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.json")
	r, w := io.Pipe()
	defer w.Close()
	var out, errb playSyncBuffer
	done := make(chan int)
	go func() {
		done <- Main([]string{"play", "--seed", "7", "--hint-time", "0"}, Streams{In: r, Out: &out, Err: &errb, InTTY: true})
	}()
	waitFor := func(text string, n int) { playWaitFor(t, &out, text, n) }
	question := "Save the game to go on later? File name (Enter for no): "
	waitFor("> ", 1)
	fmt.Fprintln(w, "a 1")
	waitFor("> ", 2)
	fmt.Fprintln(w, "quit")
	waitFor(question, 1)
	fmt.Fprintln(w, filepath.Join(dir, "no-such-folder", "x.json"))
	waitFor(question, 2)
	fmt.Fprintln(w, good)
	if code := <-done; code != 0 {
		t.Errorf("play = exit %d, want 0; stderr %q", code, errb.String())
	}
	if !strings.Contains(out.String(), "Not saved:") {
		t.Errorf("play output = %q, want the failed save reported", out.String())
	}
	if l := playReadSaved(t, good); len(l.Moves) != 1 {
		t.Errorf("saved %d moves, want 1", len(l.Moves))
	}
}

// TestPlayUndoLastTurn: on a terminal the turn that ends the game can be
// taken back.
func TestPlayUndoLastTurn(t *testing.T) {
	full := playFixture(t)
	save := filepath.Join(t.TempDir(), "line.json")
	r, w := io.Pipe()
	defer w.Close()
	var out, errb playSyncBuffer
	done := make(chan int)
	go func() {
		done <- Main([]string{"play", "--seed", "7", "--hint-time", "0", "--save", save}, Streams{In: r, Out: &out, Err: &errb, InTTY: true})
	}()
	waitFor := func(text string, n int) { playWaitFor(t, &out, text, n) }
	question := "That was the last turn."
	fmt.Fprint(w, playScript(full))
	waitFor(question, 1)
	fmt.Fprintln(w, "undo")
	waitFor("Took back turn 15", 1)
	last := full.Moves[len(full.Moves)-1]
	fmt.Fprintf(w, "%d %d %d\n", last.Tile, last.X, last.Y)
	waitFor(question, 2)
	fmt.Fprintln(w)
	if code := <-done; code != 0 {
		t.Errorf("play = exit %d, want 0; stderr %q", code, errb.String())
	}
	// The saved line counts the undo (FORMATS.md assists).
	want := full
	want.Assists = &solo.Assists{Undos: 1}
	assert.Equal(t, want, playReadSaved(t, save), "saved line")
}

// playWaitFor waits until play has written text n times to out, or fails
// the test after 10 s.
func playWaitFor(t *testing.T, out *playSyncBuffer, text string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(out.String(), text) < n {
		if time.Now().After(deadline) {
			t.Fatalf("play never wrote %q (%d times):\n%s", text, n, out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// playOnTerminal plays input on a "terminal" of the size that size reports
// (plain, no colour) and returns the screens it drew: each from the status
// line to the prompt, the last one the end of the game.
func playOnTerminal(t *testing.T, input string, size func() (int, int), args ...string) []string {
	t.Helper()
	var out, errb bytes.Buffer
	st := Streams{In: strings.NewReader(input), Out: &out, Err: &errb, InTTY: true, Size: size}
	Main(append([]string{"play", "--hint-time", "0"}, args...), st)
	screens := strings.Split(out.String(), "Nova Luna solo")[1:]
	for i, scr := range screens {
		// The question after the last turn drops the lines typed ahead,
		// here all the input, and ends its line when the input ends.
		if strings.Contains(scr, "That was the last turn.") {
			screens[i] = strings.TrimSuffix(scr, "\n")
		}
	}
	return screens
}

func fixedSize(w, h int) func() (int, int) { return func() (int, int) { return w, h } }

// playRandomInput writes a random line as play commands, with a refused
// command now and then, so that some screens carry a long message.
func playRandomInput(l solo.Line) string {
	var b strings.Builder
	for i, line := range strings.SplitAfter(playScript(l), "\n") {
		if i%5 == 2 {
			b.WriteString("a 99\n")
		}
		b.WriteString(line)
	}
	return b.String() + "\n"
}

// TestPlayScreenFits plays random games on terminals of several sizes: every
// screen fits the terminal and shows the tiles that may be taken. (Drawn for
// 80x24 whatever the terminal, about 4% of the screens of random games were
// taller than 24 lines.)
func TestPlayScreenFits(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 20
	}
	sizes := [][2]int{{80, 24}, {100, 30}, {60, 20}, {minScreenWidth, minScreenHeight}, {200, 60}}
	slotLine := regexp.MustCompile(`(?m)(^|\s)([abc]) +\d+ #(\d+) `)
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			cropped, failed := 0, 0
			for g := range games {
				seed := uint64(g%20 + 1)
				l := solo.RandomLine(solo.SeedDeck(seed), rand.NewPCG(uint64(g), 7))
				screens := playOnTerminal(t, playRandomInput(l), fixedSize(size[0], size[1]), "--seed", fmt.Sprint(seed))
				if len(screens) < len(l.Moves)+2 {
					t.Fatalf("seed %d, game %d: %d screens, want at least %d", seed, g, len(screens), len(l.Moves)+2)
				}
				// The last screen is the end of the game, which may scroll.
				for i, scr := range screens[:len(screens)-1] {
					bad := func(format string, args ...any) {
						if failed++; failed <= 3 {
							t.Errorf("seed %d, game %d, screen %d: "+format+":\n%s", append([]any{seed, g, i + 1}, append(args, scr)...)...)
						}
					}
					lines := strings.Split(scr, "\n")
					if len(lines) > size[1] {
						bad("%d lines, want at most %d", len(lines), size[1])
					}
					for _, line := range lines {
						if w := visibleWidth(line); w > size[0] {
							bad("a line is %d columns, want at most %d: %q", w, size[0], line)
						}
					}
					if strings.Contains(scr, "game over") {
						continue
					}
					// The slots on the screen are a, b, c in order.
					m := slotLine.FindAllStringSubmatch(scr, -1)
					if len(m) == 0 || len(m) > 3 {
						bad("%d slots shown, want 1 to 3", len(m))
					}
					for j, sm := range m {
						if sm[2] != string(rune('a'+j)) {
							bad("slot %d is %s, want %c", j+1, sm[2], 'a'+j)
						}
					}
					if strings.Contains(scr, "Display cropped") {
						cropped++
					}
				}
			}
			t.Logf("%d games, %d screens cropped", games, cropped)
		})
	}
}

// playColumn places the first slot's tile n times in a column at x = 0,
// which makes a display taller than a small terminal.
func playColumn(n int) string {
	var b strings.Builder
	for y := range n {
		fmt.Fprintf(&b, "a 0 %d\n", y)
	}
	return b.String()
}

// TestPlayScreenCropped: a display taller than the terminal is cropped
// around the tile placed last, with a note of what is left out; show then
// draws it whole, and the next screen is cropped again.
func TestPlayScreenCropped(t *testing.T) {
	screens := playOnTerminal(t, playColumn(12)+"show\nundo\n", fixedSize(80, 24), "--seed", "7")
	if len(screens) != 15 {
		t.Fatalf("play drew %d screens, want 15", len(screens))
	}
	cropped, whole, again := screens[12], screens[13], screens[14]
	for _, want := range []string{"turn 13", "Display cropped: 6 rows above not shown (free cells", "1..11); type show for all", "11 24 B5 BB  25", "12      26", "Turn 12: #30 B5 to (0, 11)"} {
		if !strings.Contains(cropped, want) {
			t.Errorf("screen 13 does not show %q:\n%s", want, cropped)
		}
	}
	if strings.Contains(cropped, " 4 10 R2") {
		t.Errorf("screen 13 shows row 4, which should be cropped:\n%s", cropped)
	}
	if strings.Contains(whole, "cropped") || !strings.Contains(whole, " 0 2  R5 BB  3") || !strings.Contains(whole, "1..26: free cells") {
		t.Errorf("screen after show is not whole:\n%s", whole)
	}
	if h := strings.Count(whole, "\n") + 1; h <= 24 {
		t.Errorf("screen after show is %d lines high, want it taller than the terminal", h)
	}
	if !strings.Contains(again, "Display cropped") {
		t.Errorf("screen after undo is not cropped:\n%s", again)
	}
}

// TestPlayScreenResized: the terminal's size is read for every screen, so
// that a resized window is used at once.
func TestPlayScreenResized(t *testing.T) {
	calls := 0
	size := func() (int, int) {
		calls++
		if calls <= 6 {
			return 120, 40
		}
		return 60, 20
	}
	screens := playOnTerminal(t, playColumn(12), size, "--seed", "7")
	for i, scr := range screens[:len(screens)-1] {
		w, h := maxWidth(strings.Split(scr, "\n")), strings.Count(scr, "\n")+1
		switch {
		case i < 6 && w <= 60:
			t.Errorf("screen %d is %d columns wide, want the 120 columns used:\n%s", i+1, w, scr)
		case i >= 6 && (w > 60 || h > 20):
			t.Errorf("screen %d is %dx%d, want it to fit 60x20:\n%s", i+1, w, h, scr)
		}
	}
	if calls < len(screens) {
		t.Errorf("the size was read %d times for %d screens, want at least once a screen", calls, len(screens))
	}
}

// TestPlayTerminalTooSmall: below the smallest size, play says so instead
// of drawing the screen, and still takes commands.
func TestPlayTerminalTooSmall(t *testing.T) {
	var out, errb bytes.Buffer
	save := filepath.Join(t.TempDir(), "line.json")
	st := Streams{In: strings.NewReader("a 1\nb 2\n"), Out: &out, Err: &errb, InTTY: true, Size: fixedSize(59, 30)}
	Main([]string{"play", "--seed", "7", "--hint-time", "0", "--save", save}, st)
	want := fmt.Sprintf("Terminal too small (59x30): need at least %dx%d.\n", minScreenWidth, minScreenHeight)
	if n := strings.Count(out.String(), want); n != 3 {
		t.Errorf("play on a 59x30 terminal wrote %q %d times, want 3 (a screen a turn):\n%s", want, n, out.String())
	}
	if strings.Contains(out.String(), "Wheel") {
		t.Errorf("play on a 59x30 terminal drew the wheel:\n%s", out.String())
	}
	if got := playReadSaved(t, save); len(got.Moves) != 2 {
		t.Errorf("play on a 59x30 terminal saved %d moves, want 2", len(got.Moves))
	}
}

// TestPlayScriptIgnoresSize: a script's output does not depend on the
// terminal, show included.
func TestPlayScriptIgnoresSize(t *testing.T) {
	input := playColumn(12) + "show\n" + "a 99\n"
	var outs [2]string
	for i, size := range []func() (int, int){nil, fixedSize(60, 20)} {
		var out, errb bytes.Buffer
		st := Streams{In: strings.NewReader(input), Out: &out, Err: &errb, Size: size}
		Main([]string{"play", "--seed", "7", "--hint-time", "0"}, st)
		outs[i] = out.String() + errb.String()
	}
	if outs[0] != outs[1] {
		t.Errorf("a script's output with a 60x20 terminal = %q, want it as without one: %q", outs[1], outs[0])
	}
	if strings.Contains(outs[0], "cropped") {
		t.Errorf("a script's show is cropped: %q", outs[0])
	}
}

func TestHiddenCells(t *testing.T) {
	tests := []struct {
		in   []int
		want string
	}{
		{nil, ""},
		{[]int{4}, " (free cell 4)"},
		{[]int{3, 1, 2}, " (free cells 1..3)"},
		{[]int{9, 1, 2, 8}, " (free cells 1..2, 8..9)"},
		{[]int{1, 3, 5}, " (3 free cells)"},
	}
	for _, tt := range tests {
		if got := hiddenCells(tt.in); got != tt.want {
			t.Errorf("hiddenCells(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFitStatus(t *testing.T) {
	lines := []string{"Nova Luna solo · seed 7 · turn 3 · phase 1", "Tokens 1/8 in phase 1, 1/21 in all · S1 5  P1 70  S2 5  P2 200  = 280 so far"}
	tests := []struct {
		width int
		want  []string
	}{
		{80, lines},
		{60, []string{lines[0], "Tokens 1/8 in phase 1, 1/21 in all", "S1 5  P1 70  S2 5  P2 200  = 280 so far"}},
		{30, []string{"Nova Luna solo · seed 7", "turn 3 · phase 1", "Tokens 1/8 in phase 1, 1/21 in", "all", "S1 5  P1 70  S2 5  P2 200  =", "280 so far"}},
	}
	for _, tt := range tests {
		if got := fitStatus(lines, tt.width); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("fitStatus(%d) = %q, want %q", tt.width, got, tt.want)
		}
	}
}

// TestPlayOneTurnSingular: a game of one turn says "1 turn", when the input
// ends and when it is resumed.
func TestPlayOneTurnSingular(t *testing.T) {
	save := filepath.Join(t.TempDir(), "line.json")
	_, _, errOut := playRun(t, "a 1\n", "--seed", "7", "--save", save)
	if !strings.Contains(errOut, "unfinished after 1 turn,") {
		t.Errorf("play of one turn: stderr %q, want %q", errOut, "unfinished after 1 turn,")
	}
	_, out, _ := playRun(t, "quit\n", "--resume", save)
	if !strings.Contains(out, "after 1 turn.") || !strings.Contains(out, "unfinished after 1 turn (") {
		t.Errorf("play --resume of one turn, then quit, says:\n%s\nwant %q and %q", out, "after 1 turn.", "unfinished after 1 turn (")
	}
}

// TestPlayReadmeScript plays docs/DEVELOPING.md's scripted game: the file
// of commands plays a whole game (exit 0) and saves the fixture's line.
func TestPlayReadmeScript(t *testing.T) {
	script, err := os.ReadFile(filepath.Join("testdata", "play", "seed7.moves"))
	require.NoError(t, err)
	doc, err := os.ReadFile(filepath.Join("..", "docs", "DEVELOPING.md"))
	require.NoError(t, err)
	assert.Contains(t, string(doc), "novaluna play --seed 7 --save line.json --force < cmd/testdata/play/seed7.moves && novaluna score line.json")
	save := filepath.Join(t.TempDir(), "line.json")
	for run := 1; run <= 2; run++ { // --force: the example can be run again
		code, _, errOut := playRun(t, string(script), "--seed", "7", "--save", save, "--force")
		require.Equal(t, 0, code, "run %d: play < seed7.moves, stderr %q; want a whole game, exit 0", run, errOut)
		assert.Equal(t, playFixture(t), playReadSaved(t, save), "run %d: the saved line", run)
	}
}

// playEndScreen returns what play wrote on a terminal after the player
// answered the question after the last turn: the end of the game, up to and
// with the save question.
func playEndScreen(t *testing.T, input string, size func() (int, int), args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	st := Streams{In: strings.NewReader(input), Out: &out, Err: &errb, InTTY: true, Size: size}
	Main(append([]string{"play", "--hint-time", "0"}, args...), st)
	i := strings.LastIndex(out.String(), "take it back: ")
	if i < 0 {
		t.Fatalf("play never asked about the last turn:\n%s", out.String())
	}
	// The answer's line end, which the terminal echoes and the clear code
	// then wipes, is written here when the input ends.
	end := strings.TrimPrefix(out.String()[i+len("take it back: "):], "\n")
	return strings.TrimSuffix(end, "\n")
}

// TestPlayEndScreenFits plays random games, half of them daily puzzles with
// a share line, to the end on terminals of 80x24 and 60x18: the end of the
// game fits, save question included, and shows the score and the share
// line. (Drawn whole, the end of a random game's tall display scrolled.)
func TestPlayEndScreenFits(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	date, err := puzzles.ParseDate("2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{80, 24}, {minScreenWidth, minScreenHeight}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			failed, cropped := 0, 0
			for g := range games {
				seed := uint64(g%20 + 1)
				deck, flags := solo.SeedDeck(seed), []string{"--seed", fmt.Sprint(seed)}
				if g%2 == 1 {
					deck, flags = puzzles.DailyDeck(date), []string{"--date", "2026-11-23"}
				}
				l := solo.RandomLine(deck, rand.NewPCG(uint64(g), 7))
				sc, err := solo.Replay(l)
				if err != nil {
					t.Fatal(err)
				}
				end := playEndScreen(t, playScript(l)+"\n", fixedSize(size[0], size[1]), flags...)
				bad := func(format string, args ...any) {
					if failed++; failed <= 3 {
						t.Errorf("game %d (%v): "+format+":\n%s", append([]any{g, flags}, append(args, end)...)...)
					}
				}
				if h, w := endSize(strings.Split(end, "\n"), size[0]); h > size[1] || w > size[0] {
					bad("the end is %dx%d, want it within %dx%d", w, h, size[0], size[1])
				}
				want := []string{"The game is over", fmt.Sprintf("Score    %3d", sc.Total()), "S1", "P2", "Save your line?"}
				if g%2 == 1 {
					want = append(want, "Share it (no spoilers):", "Nova Luna #")
				}
				for _, w := range want {
					if !strings.Contains(end, w) {
						bad("the end does not show %q", w)
					}
				}
				if strings.Contains(end, "Display cropped") {
					cropped++
				}
			}
			t.Logf("%d games, %d ends with a cropped display", games, cropped)
		})
	}
}

// TestPlayEndScreenWithSolver fits the end of random games with the
// solver's best (made up here: the solver does not run in tests) and a
// share line: the comparison and the share line are shown whole.
func TestPlayEndScreenWithSolver(t *testing.T) {
	date, err := puzzles.ParseDate("2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{80, 24}, {minScreenWidth, minScreenHeight}} {
		for g := range 20 {
			l := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(uint64(g), 9))
			game, err := solo.Play(l)
			if err != nil {
				t.Fatal(err)
			}
			sc := game.Score()
			sess, err := session.Resume(l)
			require.NoError(t, err)
			s := &playSession{o: &playOptions{hintTime: 3 * time.Second}, screen: true, label: "2026-11-23", sess: sess}
			best := solver.Result{Score: solo.Score{S1: 30, S2: 50, Tokens: 21}, LowerBound: 79}
			l.Assists = &solo.Assists{Hints: 2, Undos: 1}
			share, err := puzzles.ShareLine(date, l, best.Score.Total())
			if err != nil {
				t.Fatal(err)
			}
			r := room{width: size[0], height: size[1] - 2, crop: true, final: true}
			lines := s.endScreen(r, sc, best, true, share)
			end := strings.Join(lines, "\n")
			if h, w := endSize(lines, r.width); h > r.height || w > r.width {
				t.Errorf("%dx%d, game %d: the end is %dx%d, want it within %dx%d:\n%s", size[0], size[1], g, maxWidth(lines), len(lines), r.width, r.height, end)
			}
			for _, want := range []string{"solver", fmt.Sprintf("Score    %3d      80", sc.Total()), "The solver's best line in 3s scores 80", "  " + share} {
				if !strings.Contains(end, want) {
					t.Errorf("%dx%d, game %d: the end does not show %q:\n%s", size[0], size[1], g, want, end)
				}
			}
		}
	}
}

// endSize returns the rows the end of a game takes on a terminal width
// columns wide, the share line wrapped by the terminal, and the width of its
// other lines.
func endSize(lines []string, width int) (rows, w int) {
	for _, l := range lines {
		if strings.HasPrefix(l, "  Nova Luna #") {
			rows += termRows(l, width)
			continue
		}
		rows++
		w = max(w, visibleWidth(l))
	}
	return rows, w
}

// TestPlayHelpFits: on a terminal, the help page (title, text and the
// question to go back) fits the terminal, from 80x24 down to 60x18.
func TestPlayHelpFits(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {70, 20}, {minScreenWidth, minScreenHeight}, {100, 18}} {
		var out, errb bytes.Buffer
		st := Streams{In: strings.NewReader("a 1\nhelp\n\nquit\n"), Out: &out, Err: &errb, InTTY: true, Size: fixedSize(size[0], size[1])}
		Main([]string{"play", "--seed", "7", "--hint-time", "0"}, st)
		i := strings.Index(out.String(), "How to play")
		j := strings.Index(out.String(), "go back to the game.")
		if i < 0 || j < i {
			t.Fatalf("%dx%d: no help page in:\n%s", size[0], size[1], out.String())
		}
		page := out.String()[i : j+len("go back to the game.")]
		lines := strings.Split(page, "\n")
		if len(lines) > size[1] || maxWidth(lines) > size[0] {
			t.Errorf("%dx%d: the help page is %dx%d, want it within the terminal:\n%s", size[0], size[1], maxWidth(lines), len(lines), page)
		}
		for _, want := range []string{"b 3", "undo", "hint", "end", "quit", "R10", "S1"} {
			if !strings.Contains(page, want) {
				t.Errorf("%dx%d: the help page does not show %q:\n%s", size[0], size[1], want, page)
			}
		}
	}
}
