package solo

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseStrictKeys: a key given twice, or in another case than
// FORMATS.md's, is refused (encoding/json would keep the last, or match it
// anyway); a type error names the move or deck position; unknown keys are
// still ignored.
func TestParseStrictKeys(t *testing.T) {
	deck := `[1,2,3,4,5,6,7,8,9,10,11]`
	moves := `[{"tile": 1, "x": 0, "y": 0}, {"tile": 2, "x": 1, "y": 0}, {"tile": 3, "x": 2, "y": 0}]`
	lines := []struct{ in, want string }{
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1, "phase1_turns": 2}`, `the key "phase1_turns" appears twice`},
		{`{"deck": ` + deck + `, "deck": ` + deck + `, "moves": [], "phase1_turns": 1}`, `the key "deck" appears twice`},
		{`{"Deck": ` + deck + `, "moves": [], "phase1_turns": 1}`, `the key "Deck" should be "deck"`},
		{`{"deck": ` + deck + `, "MOVES": [], "phase1_turns": 1}`, `the key "MOVES" should be "moves"`},
		{`{"deck": ` + deck + `, "moves": [], "Phase1_Turns": 1}`, `the key "Phase1_Turns" should be "phase1_turns"`},
		{`{"deck": ` + deck + `, "moves": [{"tile": 1, "x": 0, "y": 0, "X": 5}], "phase1_turns": 1}`, `in move 1, the key "X" should be "x"`},
		{`{"deck": ` + deck + `, "moves": [{"tile": 1, "x": 0, "y": 0}, {"tile": 2, "x": 1, "x": 2, "y": 0}], "phase1_turns": 1}`, `in move 2, the key "x" appears twice`},
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1, "assists": {"hints": 0, "undos": 0, "Hints": 3}}`, `in "assists", the key "Hints" should be "hints"`},
		{`{"deck": ` + deck + `, "moves": ` + strings.Replace(moves, `"x": 2`, `"x": "2"`, 1) + `, "phase1_turns": 1}`, `move 3: "x" holds a string, want a whole number`},
		{`{"deck": ` + deck + `, "moves": ` + strings.Replace(moves, `"y": 0}]`, `"y": 1.5}]`, 1) + `, "phase1_turns": 1}`, `move 3: "y" holds the number 1.5, want a whole number`},
		{`{"deck": ` + deck + `, "moves": ` + strings.Replace(moves, `"tile": 2`, `"tile": true`, 1) + `, "phase1_turns": 1}`, `move 2: "tile" holds true or false, want a whole number`},
		{`{"deck": ` + deck + `, "moves": ` + strings.Replace(moves, `"x": 1,`, `"x": 1e30,`, 1) + `, "phase1_turns": 1}`, `move 2: "x" holds the number 1e30, want a whole number`},
		{`{"deck": [1,2,"3"], "moves": [], "phase1_turns": 1}`, `deck position 3 holds a string, want a whole number`},
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1, "assists": {"hints": "2", "undos": 0}}`, `"assists.hints" holds a string, want a whole number`},
		// Unknown keys are ignored, also when they repeat a known key's
		// letters with more.
		{`{"deck": ` + deck + `, "moves": [], "phase1_turns": 1, "comment": "mine", "decks": 3}`, ""},
	}
	for _, tt := range lines {
		_, err := ParseLine([]byte(tt.in))
		if tt.want == "" {
			assert.NoError(t, err, "ParseLine(%s)", tt.in)
			continue
		}
		require.Error(t, err, "ParseLine(%s)", tt.in)
		assert.Contains(t, err.Error(), tt.want, "ParseLine(%s)", tt.in)
		assert.True(t, strings.HasPrefix(err.Error(), "malformed JSON: "), "ParseLine(%s) = %v", tt.in, err)
	}

	decks := []struct{ in, want string }{
		{`{"deck": ` + deck + `, "deck": ` + deck + `}`, `the key "deck" appears twice`},
		{`{"DECK": ` + deck + `}`, `the key "DECK" should be "deck"`},
		{`{"deck": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, "12"]}`, `deck position 12 holds a string`},
	}
	for _, tt := range decks {
		_, err := ParseDeck([]byte(tt.in))
		require.Error(t, err, "ParseDeck(%s)", tt.in)
		assert.Contains(t, err.Error(), tt.want, "ParseDeck(%s)", tt.in)
	}
}
