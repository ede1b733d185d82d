package solo

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// FuzzParseDeck checks that any input is either refused with an error or
// gives a valid deck that survives a write and a read.
func FuzzParseDeck(f *testing.F) {
	for _, s := range []string{
		`{"deck": [12, 55, 3, 40, 7, 61, 18, 29, 44, 2, 66, 9, 31, 50, 23, 14, 60, 38, 5, 27, 47, 11]}`,
		`{"deck": [1,2,3,4,5,6,7,8,9,10,11]}`,
		`{"deck": [1,2,3,4,5,6,7,8,9,10,1]}`,
		`{"deck": [1,2,3]}`,
		`{"deck": null}`,
		`{"deck": [1e3]}`,
		`[]`,
		``,
	} {
		f.Add([]byte(s))
	}
	data, _ := json.Marshal(struct {
		Deck Deck `json:"deck"`
	}{SeedDeck(1)})
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDeck(data)
		if err != nil {
			return
		}
		if err := d.Validate(); err != nil {
			t.Fatalf("ParseDeck(%q) accepted an invalid deck: %v", data, err)
		}
		out, err := json.Marshal(struct {
			Deck Deck `json:"deck"`
		}{d})
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseDeck(out)
		if err != nil || !reflect.DeepEqual(back, d) {
			t.Fatalf("ParseDeck(write(ParseDeck(%q))) = %v, %v, want %v", data, back, err, d)
		}
		// Any valid deck deals and plays.
		s := NewState(d)
		var rec [MaxTurns]Step
		Playout(&s, rand.NewPCG(1, 2), &rec)
		if !s.Over() {
			t.Fatalf("a random playout of %v did not end", d)
		}
	})
}

// FuzzParseLine checks that no input panics the line reader or the replay,
// that every refusal of an accepted line is a *RuleError, and that a legal
// line survives json.Marshal and ParseLine with the same score.
func FuzzParseLine(f *testing.F) {
	for _, l := range randomGames(8) {
		data, _ := json.Marshal(l)
		f.Add(data)
	}
	for _, tt := range badLines() {
		data, _ := json.Marshal(tt.line)
		f.Add(data)
	}
	f.Add([]byte(`{"deck": [1,2,3,4,5,6,7,8,9,10,11], "moves": [{"tile": 1, "x": 0, "y": 0}], "phase1_turns": 1}`))
	f.Add([]byte(`{"deck": [], "moves": [], "phase1_turns": 0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLine(data)
		if err != nil {
			return
		}
		sc, err := Replay(l)
		if err != nil {
			var re *RuleError
			if !errors.As(err, &re) || !errors.Is(err, ErrIllegalMove) || re.Rule == "" || re.Msg == "" {
				t.Fatalf("Replay(%q) = %v, want a *RuleError with a rule and a message", data, err)
			}
			return
		}
		if sc.Total() != sc.S1+sc.P1+sc.S2+sc.P2 || sc.Tokens < 0 || sc.Tokens > TokensTotal {
			t.Fatalf("Replay(%q) = %+v: inconsistent score", data, sc)
		}
		out, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseLine(out)
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Fatalf("ParseLine(json.Marshal(%+v)) = %+v, %v", l, back, err)
		}
		if sc2, err := Replay(back); err != nil || sc2 != sc {
			t.Fatalf("Replay after a round trip = %+v, %v, want %+v", sc2, err, sc)
		}
	})
}
