package cmd

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/solo"
)

// scoreLine is a fixed legal line: a random game of the seed-18 deck that
// ends phase 1 by choice after turn 9 with 8 tokens, 20 turns in all.
func scoreLine() solo.Line { return solo.RandomLine(solo.SeedDeck(18), rand.NewPCG(1, 1)) }

func lineFile(t *testing.T, l solo.Line) string {
	t.Helper()
	data, err := formatLine(l)
	if err != nil {
		t.Fatal(err)
	}
	return writeTemp(t, "line.json", data)
}

func TestScoreLegal(t *testing.T) {
	l := scoreLine()
	want, err := solo.Replay(l)
	if err != nil {
		t.Fatal(err)
	}
	path := lineFile(t, l)

	r := execCLI(t, false, "score", "--json", path)
	if r.code != 0 || r.err != "" {
		t.Fatalf("score --json = exit %d, stderr %q", r.code, r.err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("score --json printed %q: %v", r.out, err)
	}
	wantJSON := map[string]any{"legal": true, "score": float64(want.Total()), "s1": float64(want.S1), "p1": float64(want.P1),
		"s2": float64(want.S2), "p2": float64(want.P2), "tokens": float64(want.Tokens)}
	if !reflect.DeepEqual(got, wantJSON) {
		t.Errorf("score --json = %v, want %v", got, wantJSON)
	}

	r = execCLI(t, false, "score", path)
	if r.code != 0 {
		t.Fatalf("score = exit %d, stderr %q", r.code, r.err)
	}
	for _, w := range []string{
		fmt.Sprintf("S1 %3d", want.S1), fmt.Sprintf("P1 %3d", want.P1), fmt.Sprintf("S2 %3d", want.S2), fmt.Sprintf("P2 %3d", want.P2),
		fmt.Sprintf("(%d placed of 21)", want.Tokens), fmt.Sprintf("Score %d", want.Total()), "x=0", "y=0",
	} {
		if !strings.Contains(r.out, w) {
			t.Errorf("score output lacks %q:\n%s", w, r.out)
		}
	}
	for _, m := range l.Moves {
		if tile, _ := solo.TileByID(m.Tile); !strings.Contains(r.out, fmt.Sprintf("#%d %s%d", tile.ID, tile.Colour, tile.Cost)) {
			t.Errorf("score display lacks tile %d", m.Tile)
		}
	}
	if strings.Contains(r.out, "\x1b[") {
		t.Errorf("score without colour printed escape codes")
	}
	if col := execCLI(t, true, "score", path); col.code != 0 || !strings.Contains(col.out, "\x1b[") {
		t.Errorf("score with colour = exit %d and no escape codes", col.code)
	}
}

// TestScoreBadLines runs every bad input of issue 2 through the command:
// exit status 1, one line on stderr naming the file, the turn and the rule,
// and with --json the FORMATS.md illegal result on stdout.
func TestScoreBadLines(t *testing.T) {
	base := scoreLine()
	edit := func(f func(l *solo.Line)) solo.Line {
		l := solo.Line{Deck: append(solo.Deck(nil), base.Deck...), Moves: append([]solo.Move(nil), base.Moves...), Phase1Turns: base.Phase1Turns}
		f(&l)
		return l
	}
	first := base.Moves[0]
	tests := []struct {
		name string
		line solo.Line
		turn int
		rule string
	}{
		{"unknown tile id in deck", edit(func(l *solo.Line) { l.Deck[4] = 69 }), 0, "R5"},
		{"duplicate in deck", edit(func(l *solo.Line) { l.Deck[40] = l.Deck[3] }), 0, "R5"},
		{"ten-tile deck", edit(func(l *solo.Line) { l.Deck = l.Deck[:10] }), 0, "R5"},
		{"tile not accessible", edit(func(l *solo.Line) { l.Moves[0].Tile = l.Deck[5] }), 1, "R6"},
		{"no such tile", edit(func(l *solo.Line) { l.Moves[2].Tile = 999 }), 3, "R6"},
		{"cell occupied", edit(func(l *solo.Line) { l.Moves[1].X, l.Moves[1].Y = first.X, first.Y }), 2, "R9"},
		{"cell not adjacent", edit(func(l *solo.Line) { l.Moves[1].X, l.Moves[1].Y = first.X+1, first.Y+1 }), 2, "R9"},
		{"cell across the int range", edit(func(l *solo.Line) {
			l.Moves[0].X, l.Moves[1].X = solo.MinCoord, math.MaxInt64
			l.Moves[0].Y, l.Moves[1].Y = 0, 0
		}), 2, "R9"},
		{"first tile on the largest int", edit(func(l *solo.Line) { l.Moves[0].X = math.MaxInt64 }), 1, "R9"},
		{"move after the end", edit(func(l *solo.Line) { l.Moves = append(l.Moves, solo.Move{Tile: l.Deck[30]}) }), 21, "R15"},
		{"line stops early", edit(func(l *solo.Line) { l.Moves = l.Moves[:15] }), 16, "R15"},
		{"phase1_turns 0", edit(func(l *solo.Line) { l.Phase1Turns = 0 }), 0, "R12"},
		{"phase1_turns 12", edit(func(l *solo.Line) { l.Phase1Turns = 12 }), 0, "R12"},
		{"phase 1 ends with 5 tokens", edit(func(l *solo.Line) { l.Phase1Turns = 8 }), 8, "R12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := lineFile(t, tt.line)
			r := execCLI(t, false, "score", path)
			turn := ""
			if tt.turn > 0 {
				turn = fmt.Sprintf("turn %d: ", tt.turn)
			}
			prefix := "novaluna: " + path + ": " + turn
			if tt.name == "line stops early" {
				// A line that stops early is a game saved before its end.
				prefix = "novaluna: " + path + " is an unfinished game: "
			}
			if r.code != 1 || r.out != "" || strings.Count(r.err, "\n") != 1 ||
				!strings.HasPrefix(r.err, prefix) || !strings.Contains(r.err, "(rule "+tt.rule+")") {
				t.Errorf("score = exit %d, stdout %q, stderr %q, want exit 1 and one line naming %s, %q and rule %s", r.code, r.out, r.err, path, turn, tt.rule)
			}
			r = execCLI(t, false, "score", "--json", path)
			var res struct {
				Legal *bool   `json:"legal"`
				Error *string `json:"error"`
				Turn  *int    `json:"turn"`
				Rule  *string `json:"rule"`
			}
			if err := json.Unmarshal([]byte(r.out), &res); err != nil || r.code != 1 || res.Legal == nil || *res.Legal ||
				res.Error == nil || *res.Error == "" || res.Turn == nil || *res.Turn != tt.turn || res.Rule == nil || *res.Rule != tt.rule {
				t.Errorf("score --json = exit %d, %q, want exit 1 and {\"legal\": false, \"error\", \"turn\": %d, \"rule\": %q}", r.code, r.out, tt.turn, tt.rule)
			}
		})
	}
}

// TestScoreBadFiles checks files that are not line documents: exit status
// 1, one line naming the file, with or without --json.
func TestScoreBadFiles(t *testing.T) {
	tests := []struct{ name, data, want string }{
		{"malformed JSON", `{"deck": [1,2,3`, "malformed JSON"},
		{"not an object", `[1, 2, 3]`, "malformed JSON"},
		{"trailing data", `{"deck": [], "moves": [], "phase1_turns": 1}}`, "extra data"},
		{"missing key", `{"deck": [1,2,3,4,5,6,7,8,9,10,11], "moves": []}`, `"phase1_turns"`},
		{"move without y", `{"deck": [1,2,3,4,5,6,7,8,9,10,11], "moves": [{"tile": 1, "x": 0}], "phase1_turns": 1}`, "move 1"},
		{"empty file", ``, "malformed JSON"},
	}
	for _, tt := range tests {
		path := writeTemp(t, "line.json", []byte(tt.data))
		for _, args := range [][]string{{"score", path}, {"score", "--json", path}} {
			r := execCLI(t, false, args...)
			if r.code != 1 || strings.Count(r.err, "\n") != 1 || !strings.Contains(r.err, path) || !strings.Contains(r.err, tt.want) {
				t.Errorf("%s: novaluna %s = exit %d, stderr %q, want exit 1 and one line naming the file and %s", tt.name, strings.Join(args, " "), r.code, r.err, tt.want)
			}
		}
	}
	missing := t.TempDir() + "/missing.json"
	if r := execCLI(t, false, "score", missing); r.code != 1 || strings.Count(r.err, "\n") != 1 || !strings.Contains(r.err, missing) {
		t.Errorf("score missing file = exit %d, stderr %q, want exit 1 and one line naming it", r.code, r.err)
	}
}
