package cmd

import (
	"reflect"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/solo"
)

func TestDeckJSON(t *testing.T) {
	for _, seed := range []string{"1", "2", "3", "18446744073709551615"} {
		r := execCLI(t, false, "deck", "--seed", seed, "--json")
		if r.code != 0 {
			t.Fatalf("deck --seed %s --json = exit %d, stderr %q", seed, r.code, r.err)
		}
		d, err := solo.ParseDeck([]byte(r.out))
		if err != nil || len(d) != solo.NumTiles {
			t.Errorf("deck --seed %s --json printed %q: %v, want a 68-tile deck document", seed, r.out, err)
		}
		// The deck document read back with --deck is the same deck.
		path := writeTemp(t, "deck.json", []byte(r.out))
		again := execCLI(t, false, "deck", "--deck", path, "--json")
		if again.code != 0 || again.out != r.out {
			t.Errorf("deck --deck (deck of seed %s) --json = exit %d, %q, want %q", seed, again.code, again.out, r.out)
		}
	}
	r := execCLI(t, false, "deck", "--seed", "1", "--json")
	d, _ := solo.ParseDeck([]byte(r.out))
	if !reflect.DeepEqual(d, solo.SeedDeck(1)) {
		t.Errorf("deck --seed 1 --json = %v, want SeedDeck(1) = %v", d, solo.SeedDeck(1))
	}
}

func TestDeckText(t *testing.T) {
	r := execCLI(t, false, "deck", "--seed", "1")
	if r.code != 0 {
		t.Fatalf("deck --seed 1 = exit %d, stderr %q", r.code, r.err)
	}
	d := solo.SeedDeck(1)
	for i, id := range d[:solo.MaxTurns] {
		tile, _ := solo.TileByID(id)
		if !strings.Contains(r.out, tile.String()) {
			t.Errorf("deck --seed 1 lacks deck tile %d (%v)", i+1, tile)
		}
	}
	if tile, _ := solo.TileByID(d[solo.MaxTurns]); strings.Contains(r.out, tile.String()+"\n") {
		t.Errorf("deck --seed 1 shows tile 23 of the deck (%v), which can never be drawn", tile)
	}
	if n := strings.Count(r.out, "\n  space "); n != 11 {
		t.Errorf("deck --seed 1 shows %d spaces, want 11", n)
	}
	if n := strings.Count(r.out, "\n  draw "); n != 11 {
		t.Errorf("deck --seed 1 shows %d draws, want 11", n)
	}
}

// TestDeckBadFiles checks that a bad deck file is refused with exit status 1
// and a one-line message naming the file and what is wrong.
func TestDeckBadFiles(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"unknown id", `{"deck": [1,2,3,4,5,6,7,8,9,10,69]}`, "rule R5"},
		{"duplicate", `{"deck": [1,2,3,4,5,6,7,8,9,10,1]}`, "rule R5"},
		{"too few", `{"deck": [1,2,3,4,5,6,7,8,9,10]}`, "rule R5"},
		{"malformed", `{"deck": [1,2,3`, "malformed JSON"},
		{"no deck key", `{"tiles": [1,2,3,4,5,6,7,8,9,10,11]}`, `"deck"`},
	}
	for _, tt := range tests {
		path := writeTemp(t, "bad.json", []byte(tt.data))
		for _, cmd := range []string{"deck", "random"} {
			r := execCLI(t, false, cmd, "--deck", path)
			if r.code != 1 || strings.Count(r.err, "\n") != 1 || !strings.Contains(r.err, path) || !strings.Contains(r.err, tt.want) {
				t.Errorf("%s: %s --deck = exit %d, stderr %q, want exit 1 and one line naming %s and %s", tt.name, cmd, r.code, r.err, path, tt.want)
			}
		}
	}
	missing := t.TempDir() + "/missing.json"
	if r := execCLI(t, false, "deck", "--deck", missing); r.code != 1 || !strings.Contains(r.err, missing) {
		t.Errorf("deck --deck missing = exit %d, stderr %q, want exit 1 naming the file", r.code, r.err)
	}
}

// TestDeckShort shows a deck file of only 11 tiles: no refill.
func TestDeckShort(t *testing.T) {
	path := writeTemp(t, "deck.json", []byte(`{"deck": [11,10,9,8,7,6,5,4,3,2,1]}`))
	r := execCLI(t, false, "deck", "--deck", path)
	if r.code != 0 || !strings.Contains(r.out, "(none: the deck holds only 11 tiles)") || !strings.Contains(r.out, "space 11  #1 R1") {
		t.Errorf("deck --deck (11 tiles) = exit %d, stderr %q, stdout:\n%s", r.code, r.err, r.out)
	}
	if n := strings.Count(r.out, "\n  draw "); n != 0 {
		t.Errorf("deck --deck (11 tiles) shows %d draws, want 0", n)
	}
}
