package solo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestSeedDeckGolden pins the decks of seeds 1, 2 and 3 forever: a seed is a
// puzzle's name, so its deck may never change with the Go version, the
// platform or a refactoring. Regenerate only on purpose, with -update.
func TestSeedDeckGolden(t *testing.T) {
	var b bytes.Buffer
	for _, seed := range []uint64{1, 2, 3} {
		d := SeedDeck(seed)
		if err := d.Validate(); err != nil {
			t.Errorf("SeedDeck(%d).Validate() = %v, want nil", seed, err)
		}
		if len(d) != NumTiles {
			t.Errorf("len(SeedDeck(%d)) = %d, want %d", seed, len(d), NumTiles)
		}
		data, _ := json.Marshal(d)
		fmt.Fprintf(&b, "seed %d: %s\n", seed, data)
	}
	golden(t, "seed_decks.golden", b.Bytes())
}

// golden compares got with testdata/name, or writes it there with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// TestShuffledDeckStable checks that SeedDeck is ShuffledDeck with the
// documented seed words, that the same generator state always gives the same
// deck, and that the shuffle is a permutation that moves tiles.
func TestShuffledDeckStable(t *testing.T) {
	for seed := range uint64(50) {
		want := SeedDeck(seed)
		if got := ShuffledDeck(rand.NewPCG(seed, 0x6e6f76616c756e61)); !reflect.DeepEqual(got, want) {
			t.Errorf("ShuffledDeck(NewPCG(%d, \"novaluna\")) = %v, want SeedDeck(%d) = %v", seed, got, seed, want)
		}
		if again := SeedDeck(seed); !reflect.DeepEqual(again, want) {
			t.Errorf("SeedDeck(%d) twice = %v, then %v", seed, want, again)
		}
		if err := want.Validate(); err != nil || len(want) != NumTiles {
			t.Errorf("SeedDeck(%d) = %v (len %d), want a valid 68-tile deck", seed, err, len(want))
		}
	}
	if reflect.DeepEqual(SeedDeck(1), SeedDeck(2)) {
		t.Errorf("SeedDeck(1) = SeedDeck(2) = %v, want different decks", SeedDeck(1))
	}
	// A generator continues its stream: two decks in a row from one
	// generator differ, and match two fresh generators advanced alike.
	src := rand.NewPCG(5, 6)
	a, b := ShuffledDeck(src), ShuffledDeck(src)
	if reflect.DeepEqual(a, b) {
		t.Errorf("two ShuffledDecks from one generator are equal: %v", a)
	}
	src2 := rand.NewPCG(5, 6)
	if a2, b2 := ShuffledDeck(src2), ShuffledDeck(src2); !reflect.DeepEqual(a, a2) || !reflect.DeepEqual(b, b2) {
		t.Errorf("ShuffledDeck is not a function of the generator state: %v %v, then %v %v", a, b, a2, b2)
	}
}

// TestSeedDeckUniform is a coarse check that the shuffle is not biased in an
// obvious way: over many seeds every tile lands on deck position 0 about
// equally often.
func TestSeedDeckUniform(t *testing.T) {
	const seeds = 68 * 200
	var first [NumTiles + 1]int
	for seed := range uint64(seeds) {
		first[SeedDeck(seed)[0]]++
	}
	for id := 1; id <= NumTiles; id++ {
		// Expect 200 each; a binomial count below 120 or above 290 would
		// be a six-sigma event.
		if first[id] < 120 || first[id] > 290 {
			t.Errorf("tile %d first in %d of %d seeded decks, want about 200", id, first[id], seeds)
		}
	}
}

func TestDeckValidate(t *testing.T) {
	eleven := Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	all := SeedDeck(9)
	tests := []struct {
		name string
		d    Deck
		ok   bool
	}{
		{"eleven", eleven, true},
		{"full shuffle", all, true},
		{"empty", Deck{}, false},
		{"ten", eleven[:10], false},
		{"id 0", Deck{0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, false},
		{"id 69", Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 69}, false},
		{"negative id", Deck{1, 2, 3, 4, 5, -6, 7, 8, 9, 10, 11}, false},
		{"duplicate", Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1}, false},
		{"duplicate after 22", append(append(Deck(nil), all...), all[30]), false},
	}
	for _, tt := range tests {
		err := tt.d.Validate()
		if (err == nil) != tt.ok {
			t.Errorf("%s: Validate(%v) = %v, want ok %v", tt.name, tt.d, err, tt.ok)
			continue
		}
		if err == nil {
			continue
		}
		var re *RuleError
		if !errors.As(err, &re) || re.Rule != "R5" || re.Turn != 0 || !errors.Is(err, ErrBadDeck) || !errors.Is(err, ErrIllegalMove) {
			t.Errorf("%s: Validate = %#v, want a *RuleError for R5, turn 0, wrapping ErrBadDeck", tt.name, err)
		}
	}
}

func TestParseDeck(t *testing.T) {
	tests := []struct {
		in   string
		want Deck
		ok   bool
	}{
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,11]}`, Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, true},
		{`{"deck": [11,2,3,4,5,6,7,8,9,10,1], "name": "extra keys are ignored"}`, Deck{11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1}, true},
		{` {"deck":[1,2,3,4,5,6,7,8,9,10,11]}` + "\n", Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, true},
		{`{"deck": [1,2,3]}`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,11,1]}`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,99]}`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,11.5]}`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,"11"]}`, nil, false},
		{`{"deck": null}`, nil, false},
		{`{"dekc": [1,2,3,4,5,6,7,8,9,10,11]}`, nil, false},
		{`[1,2,3,4,5,6,7,8,9,10,11]`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,11]`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,11]} {}`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,11]}]`, nil, false},
		{`{"deck": [1,2,3,4,5,6,7,8,9,10,11]}}`, nil, false},
		{``, nil, false},
	}
	for _, tt := range tests {
		got, err := ParseDeck([]byte(tt.in))
		if (err == nil) != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseDeck(%s) = %v, %v, want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestDeckRelevant(t *testing.T) {
	d := SeedDeck(4)
	r := d.Relevant()
	if !reflect.DeepEqual(r, d[:MaxTurns]) {
		t.Errorf("Relevant() = %v, want %v", r, d[:MaxTurns])
	}
	r[0] = 0
	if d[0] == 0 {
		t.Errorf("Relevant() shares its array with the deck")
	}
	short := Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	if got := short.Relevant(); !reflect.DeepEqual(got, short) {
		t.Errorf("Relevant(%v) = %v, want it whole", short, got)
	}
}
