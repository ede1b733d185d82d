package solo

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
)

// badLines returns illegal variants of the perft line (seed-18 deck, phase 1
// ended by choice after turn 9 with 8 tokens, 20 moves) with the turn, rule
// and sentinel each must be refused with. The cmd tests use the same table.
func badLines() []struct {
	name     string
	line     Line
	turn     int
	rule     string
	sentinel error
} {
	base := perftLine()
	edit := func(f func(l *Line)) Line {
		l := Line{Deck: append(Deck(nil), base.Deck...), Moves: append([]Move(nil), base.Moves...), Phase1Turns: base.Phase1Turns}
		f(&l)
		return l
	}
	first := base.Moves[0]
	return []struct {
		name     string
		line     Line
		turn     int
		rule     string
		sentinel error
	}{
		{"unknown tile id in deck", edit(func(l *Line) { l.Deck[4] = 69 }), 0, "R5", ErrBadDeck},
		{"tile id 0 in deck", edit(func(l *Line) { l.Deck[30] = 0 }), 0, "R5", ErrBadDeck},
		{"duplicate in deck", edit(func(l *Line) { l.Deck[40] = l.Deck[3] }), 0, "R5", ErrBadDeck},
		{"ten-tile deck", edit(func(l *Line) { l.Deck = l.Deck[:10] }), 0, "R5", ErrBadDeck},
		// Turn 1 may take deck[0..2] (spaces 1..3); deck[5] lies on space 6.
		{"tile not accessible", edit(func(l *Line) { l.Moves[0].Tile = l.Deck[5] }), 1, "R6", ErrNotAccessible},
		{"tile not on the wheel", edit(func(l *Line) { l.Moves[2].Tile = l.Deck[40] }), 3, "R6", ErrNotAccessible},
		{"no such tile", edit(func(l *Line) { l.Moves[2].Tile = 999 }), 3, "R6", ErrNotAccessible},
		{"tile already taken", edit(func(l *Line) { l.Moves[1].Tile = first.Tile }), 2, "R6", ErrNotAccessible},
		{"cell occupied", edit(func(l *Line) { l.Moves[1].X, l.Moves[1].Y = first.X, first.Y }), 2, "R9", ErrCellOccupied},
		{"cell not adjacent", edit(func(l *Line) { l.Moves[1].X, l.Moves[1].Y = first.X+2, first.Y }), 2, "R9", ErrNotAdjacent},
		{"cell diagonal", edit(func(l *Line) { l.Moves[1].X, l.Moves[1].Y = first.X+1, first.Y+1 }), 2, "R9", ErrNotAdjacent},
		{"cell far away", edit(func(l *Line) { l.Moves[5].X, l.Moves[5].Y = 1000, -1000 }), 6, "R9", ErrNotAdjacent},
		// MaxInt64 - MinCoord wraps to -23: still not next to each other.
		{"cell across the int range", edit(func(l *Line) {
			l.Moves[0].X, l.Moves[0].Y = MinCoord, 0
			l.Moves[1].X, l.Moves[1].Y = math.MaxInt64, 0
		}), 2, "R9", ErrNotAdjacent},
		// A display may spread 22 cells from its first tile: there must
		// be room for them on the int line.
		{"first tile on the largest int", edit(func(l *Line) { l.Moves[0].X = math.MaxInt64 }), 1, "R9", ErrOutOfRange},
		{"first tile on the smallest int", edit(func(l *Line) { l.Moves[0].Y = math.MinInt64 }), 1, "R9", ErrOutOfRange},
		{"first tile a cell too far", edit(func(l *Line) { l.Moves[0].Y = MaxCoord + 1 }), 1, "R9", ErrOutOfRange},
		{"move after the end", edit(func(l *Line) { l.Moves = append(l.Moves, Move{l.Deck[30], 40, 40}) }), 21, "R15", ErrGameOver},
		{"line stops early", edit(func(l *Line) { l.Moves = l.Moves[:15] }), 16, "R15", ErrIncomplete},
		{"no moves", edit(func(l *Line) { l.Moves = nil; l.Phase1Turns = 0 }), 0, "R12", ErrBadPhase1Turns},
		{"phase1_turns 0", edit(func(l *Line) { l.Phase1Turns = 0 }), 0, "R12", ErrBadPhase1Turns},
		{"phase1_turns 12", edit(func(l *Line) { l.Phase1Turns = 12 }), 0, "R12", ErrBadPhase1Turns},
		{"phase1_turns -1", edit(func(l *Line) { l.Phase1Turns = -1 }), 0, "R12", ErrBadPhase1Turns},
		{"phase1_turns beyond the moves", edit(func(l *Line) { l.Moves = l.Moves[:5]; l.Phase1Turns = 6 }), 0, "R12", ErrBadPhase1Turns},
		// After turn 8 only 5 tokens are placed (see perft_line.golden).
		{"phase 1 ends with 5 tokens", edit(func(l *Line) { l.Phase1Turns = 8 }), 8, "R12", ErrCannotEndPhase1},
		// Phase 1 goes on for a turn more without the refill, so the tile
		// the line takes on turn 10, drawn in the refill, is not there.
		{"phase1_turns one late", edit(func(l *Line) { l.Phase1Turns = 10 }), 10, "R6", ErrNotAccessible},
	}
}

// TestBadLines replays every illegal variant through the checked path and
// checks the error: a *RuleError with the turn and rule, wrapping its
// sentinel and ErrIllegalMove, whose message names both and whose JSON is
// the FORMATS.md illegal-line result.
func TestBadLines(t *testing.T) {
	if _, err := Replay(perftLine()); err != nil {
		t.Fatalf("Replay(perft line) = %v, want a legal line", err)
	}
	for _, tt := range badLines() {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := Replay(tt.line)
			if err == nil {
				t.Fatalf("Replay = %+v, nil, want an error", sc)
			}
			var re *RuleError
			if !errors.As(err, &re) {
				t.Fatalf("Replay = %v (%T), want a *RuleError", err, err)
			}
			if re.Turn != tt.turn || re.Rule != tt.rule {
				t.Errorf("Replay: turn %d rule %s, want turn %d rule %s (%v)", re.Turn, re.Rule, tt.turn, tt.rule, err)
			}
			if !errors.Is(err, tt.sentinel) || !errors.Is(err, ErrIllegalMove) {
				t.Errorf("Replay = %v, want it to wrap %v and ErrIllegalMove", err, tt.sentinel)
			}
			msg := err.Error()
			if !strings.Contains(msg, "(rule "+tt.rule+")") || (tt.turn > 0 && !strings.HasPrefix(msg, "turn ")) || strings.Contains(msg, "\n") {
				t.Errorf("Error() = %q, want one line naming the turn and rule %s", msg, tt.rule)
			}
			var res struct {
				Legal *bool   `json:"legal"`
				Error *string `json:"error"`
				Turn  *int    `json:"turn"`
				Rule  *string `json:"rule"`
			}
			data, _ := json.Marshal(re)
			if err := json.Unmarshal(data, &res); err != nil || res.Legal == nil || *res.Legal || res.Error == nil || *res.Error == "" ||
				res.Turn == nil || *res.Turn != tt.turn || res.Rule == nil || *res.Rule != tt.rule {
				t.Errorf("json.Marshal(err) = %s, want {\"legal\": false, \"error\", \"turn\": %d, \"rule\": %q}", data, tt.turn, tt.rule)
			}
		})
	}
}

// TestGameErrors drives the checked Game into the errors that do not come
// from a line: ending phase 1 too early or twice, playing after the end.
func TestGameErrors(t *testing.T) {
	l := perftLine()
	g, _ := NewGame(l.Deck)
	if err := g.EndPhase1(); !errors.Is(err, ErrCannotEndPhase1) {
		t.Errorf("EndPhase1() at the start = %v, want ErrCannotEndPhase1", err)
	}
	for _, m := range l.Moves[:8] {
		g.Play(m)
	}
	if err := g.EndPhase1(); !errors.Is(err, ErrCannotEndPhase1) {
		t.Errorf("EndPhase1() with %d tokens = %v, want ErrCannotEndPhase1", g.Tokens(), err)
	}
	g.Play(l.Moves[8])
	if err := g.EndPhase1(); err != nil {
		t.Fatalf("EndPhase1() with %d tokens = %v, want nil", g.Tokens(), err)
	}
	if err := g.EndPhase1(); !errors.Is(err, ErrCannotEndPhase1) {
		t.Errorf("EndPhase1() twice = %v, want ErrCannotEndPhase1", err)
	}
	for _, m := range l.Moves[9:] {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() {
		t.Fatalf("game not over after the whole line")
	}
	var re *RuleError
	err := g.Play(Move{l.Deck[25], 30, 30})
	if !errors.As(err, &re) || re.Turn != len(l.Moves)+1 || re.Rule != "R15" || !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after the end = %v, want R15 ErrGameOver at turn %d", err, len(l.Moves)+1)
	}
	if err := g.EndPhase1(); !errors.Is(err, ErrGameOver) {
		t.Errorf("EndPhase1() after the end = %v, want ErrGameOver", err)
	}
	if _, err := NewGame(Deck{1, 2, 3}); !errors.Is(err, ErrBadDeck) {
		t.Errorf("NewGame(3 tiles) = %v, want ErrBadDeck", err)
	}
}

// TestParseLineErrors checks that malformed line documents are refused with
// a message, not a RuleError, and that extra keys are ignored.
func TestParseLineErrors(t *testing.T) {
	const deck = `[1,2,3,4,5,6,7,8,9,10,11]`
	tests := []struct {
		in   string
		want string // part of the message; "" for a document that parses
	}{
		{`{"deck": ` + deck + `, "moves": [{"tile": 1, "x": 0, "y": 0}], "phase1_turns": 1}`, ""},
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1, "note": "x"}`, ""},
		{`{"deck": ` + deck + `, "moves": [{"tile": 1, "x": 0, "y": 0, "z": 9}], "phase1_turns": 1}`, ""},
		{``, "malformed JSON"},
		{`{"deck": ` + deck + `, "moves": [`, "malformed JSON"},
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1}]`, "extra data"},
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1.5}`, "malformed JSON"},
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": "1"}`, "malformed JSON"},
		{`{"deck": ` + deck + `, "moves": [{"tile": 1, "x": 0.5, "y": 0}], "phase1_turns": 1}`, "malformed JSON"},
		{`{"deck": ` + deck + `, "moves": [{"tile": 1, "x": 1e30, "y": 0}], "phase1_turns": 1}`, "malformed JSON"},
		{`{"moves": [], "phase1_turns": 1}`, `"deck"`},
		{`{"deck": ` + deck + `, "phase1_turns": 1}`, `"moves"`},
		{`{"deck": ` + deck + `, "moves": null, "phase1_turns": 1}`, `"moves"`},
		{`{"deck": ` + deck + `, "moves": []}`, `"phase1_turns"`},
		{`{"deck": ` + deck + `, "moves": [{"tile": 1, "x": 0}], "phase1_turns": 1}`, `move 1`},
		{`{"deck": ` + deck + `, "moves": [null], "phase1_turns": 1}`, `move 1`},
		{`[]`, "malformed JSON"},
		{`   `, "the file is empty"},
		{`{"deck": [1,2`, "stops before its end"},
		{"{\n  \"deck\": [1,],\n}", "line 2, column 14"},
		{`{"deck": "1 2 3"}`, `"deck" holds a string, want a list of whole numbers`},
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1.5}`, `"phase1_turns" holds the number 1.5, want a whole number`},
		{`{"deck": ` + deck + `, "moves": [7], "phase1_turns": 1}`, `move 1 holds a number, want an object`},
		{`{"deck": ` + deck + `, "moves": {}, "phase1_turns": 1}`, `"moves" holds an object, want a list of objects`},
		{`[1, 2]`, "the document holds a list, want an object"},
	}
	for _, tt := range tests {
		_, err := ParseLine([]byte(tt.in))
		// The file formats' words, never Go's: no type or struct names.
		if err != nil && (strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "JSON.") || strings.Contains(err.Error(), "[]int")) {
			t.Errorf("ParseLine(%s) = %v, want a message without Go type names", tt.in, err)
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("ParseLine(%s) = %v, want nil", tt.in, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("ParseLine(%s) = %v, want an error mentioning %s", tt.in, err, tt.want)
		case err != nil && errors.Is(err, ErrIllegalMove):
			t.Errorf("ParseLine(%s) = %v, want a format error, not a rule breach", tt.in, err)
		}
	}
}

// TestLegalCellsPlayable checks that every cell LegalCells offers is
// accepted by CheckMove, also when the display lies at the ends of the
// coordinates a first tile may take (a first tile nearer the ends of int
// is refused: TestBadLines).
func TestLegalCellsPlayable(t *testing.T) {
	for _, first := range []Point{{0, 0}, {MaxCoord, 0}, {0, MinCoord}, {MinCoord, MaxCoord}, {MaxCoord - 1, MaxCoord - 1}} {
		deck := SeedDeck(3)
		g, _ := NewGame(deck)
		acc := g.Accessible()
		if err := g.Play(Move{acc[0], first.X, first.Y}); err != nil {
			t.Fatalf("first tile on %v: %v", first, err)
		}
		for turn := 2; turn <= 4; turn++ {
			cells := g.LegalCells()
			if len(cells) == 0 {
				t.Fatalf("first tile on %v, turn %d: no legal cells", first, turn)
			}
			id := g.Accessible()[0]
			for _, p := range cells {
				if _, _, err := g.CheckMove(Move{id, p.X, p.Y}); err != nil {
					t.Errorf("first tile on %v, turn %d: LegalCells offers %v, CheckMove says %v", first, turn, p, err)
				}
			}
			if err := g.Play(Move{id, cells[len(cells)-1].X, cells[len(cells)-1].Y}); err != nil {
				t.Fatal(err)
			}
		}
	}
}
