package cmd

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/solo"
)

func TestRandomJSON(t *testing.T) {
	r := execCLI(t, false, "random", "--seed", "7", "--play-seed", "1", "--json")
	if r.code != 0 || r.err != "" {
		t.Fatalf("random --json = exit %d, stderr %q", r.code, r.err)
	}
	l, err := solo.ParseLine([]byte(r.out))
	if err != nil {
		t.Fatalf("random --json printed %q: %v", r.out, err)
	}
	if !reflect.DeepEqual(l.Deck, solo.SeedDeck(7)) {
		t.Errorf("random --seed 7 line deck = %v, want SeedDeck(7)", l.Deck)
	}
	if _, err := solo.Replay(l); err != nil {
		t.Errorf("random --json line does not replay: %v", err)
	}
	if again := execCLI(t, false, "random", "--seed", "7", "--play-seed", "1", "--json"); again.out != r.out {
		t.Errorf("random with the same seeds printed two different lines")
	}
	// The line scores with the score command.
	path := writeTemp(t, "line.json", []byte(r.out))
	if s := execCLI(t, false, "score", "--json", path); s.code != 0 || !strings.HasPrefix(s.out, `{"legal":true`) {
		t.Errorf("score of a random line = exit %d, %q", s.code, s.out)
	}
}

func TestRandomText(t *testing.T) {
	r := execCLI(t, false, "random", "--seed", "7", "--play-seed", "1")
	if r.code != 0 || r.err != "" {
		t.Fatalf("random = exit %d, stderr %q", r.code, r.err)
	}
	l := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(1, 0))
	sc, _ := solo.Replay(l)
	if !strings.Contains(r.out, "Score ") || !strings.Contains(r.out, "seed 7") || !strings.Contains(r.out, itoa(sc.Total())) {
		t.Errorf("random output lacks the score %d or the seed:\n%s", sc.Total(), r.out)
	}
}

// TestFormatLineRoundTrip writes random lines with formatLine, as random and
// other commands do, and reads them back with solo.ParseLine.
func TestFormatLineRoundTrip(t *testing.T) {
	src := rand.NewPCG(5, 5)
	lines := []solo.Line{{Deck: solo.SeedDeck(1), Phase1Turns: 3}}
	for seed := range uint64(300) {
		lines = append(lines, solo.RandomLine(solo.SeedDeck(seed), src))
	}
	for i, l := range lines {
		data, err := formatLine(l)
		if err != nil {
			t.Fatal(err)
		}
		back, err := solo.ParseLine(data)
		if l.Moves == nil {
			l.Moves = []solo.Move{}
		}
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Errorf("line %d: ParseLine(formatLine(l)) = %+v, %v, want %+v", i, back, err, l)
		}
		if !json.Valid(data) {
			t.Errorf("line %d: formatLine wrote invalid JSON %q", i, data)
		}
	}
}

// TestRandomTextSingular: counts of one are singular ("1 token"); random
// --seed 7 once ended phase 1 with "1 tokens".
func TestRandomTextSingular(t *testing.T) {
	r := execCLI(t, false, "random", "--seed", "7", "--play-seed", "1")
	if !strings.Contains(r.out, "S1 = 44, 1 token;") {
		t.Errorf("random --seed 7 --play-seed 1 does not end phase 1 with %q:\n%s", "S1 = 44, 1 token;", r.out)
	}
	if m := regexp.MustCompile(`(?m)(^|\s)1 (tokens|tiles|turns)\b`).FindString(r.out); m != "" {
		t.Errorf("random output says %q:\n%s", m, r.out)
	}
}
