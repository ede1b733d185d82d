package cmd

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/solo"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// suiteDir is the fixed benchmark suite, relative to this package.
var suiteDir = filepath.Join("..", "testdata", "suite")

// TestSuiteDecks checks that testdata/suite holds the decks of seeds 1..50
// as FORMATS.md deck files; go test ./cmd -run SuiteDecks -update writes them.
func TestSuiteDecks(t *testing.T) {
	if *update {
		if err := os.MkdirAll(suiteDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 50; seed++ {
		data, err := json.Marshal(struct {
			Deck solo.Deck `json:"deck"`
		}{solo.SeedDeck(seed)})
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, '\n')
		path := filepath.Join(suiteDir, fmt.Sprintf("seed-%d.json", seed))
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (regenerate with go test ./cmd -run SuiteDecks -update)", err)
		}
		if string(got) != string(data) {
			t.Errorf("%s = %s, want the deck of seed %d: %s", path, got, seed, data)
		}
		if _, err := solo.ParseDeck(got); err != nil {
			t.Errorf("ParseDeck(%s) = %v", path, err)
		}
	}
}

func TestParseSeeds(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"1-3", "[1 2 3]", true},
		{"4,9", "[4 9]", true},
		{"1-2,7", "[1 2 7]", true},
		{"5", "[5]", true},
		{"3-1", "", false},
		{"a", "", false},
		{"1-x", "", false},
		{"1-1001", "", false},
		{"1-500,600-1200", "", false},
		{"1-18446744073709551615", "", false},
		{"18446744073709551614-18446744073709551615", "[18446744073709551614 18446744073709551615]", true},
	}
	for _, tt := range tests {
		got, err := parseSeeds(tt.in)
		if (err == nil) != tt.ok || (tt.ok && fmt.Sprint(got) != tt.want) {
			t.Errorf("parseSeeds(%q) = %v, %v; want %s (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestBenchSmall(t *testing.T) {
	out, errOut, code := runCmd("bench", "--suite", suiteDir, "--seeds", "1,2", "--time", "300ms", "--table-bits", "14")
	if code != exitOK {
		t.Fatalf("bench = exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"mean / median score", "proven optimal", "nodes/s", "| decks, time limit, workers | 2, 300ms per deck"} {
		if !strings.Contains(out, want) {
			t.Errorf("bench output lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = runCmd("bench", "--suite", suiteDir, "--seeds", "2", "--time", "300ms", "--table-bits", "14", "--straight", "--json")
	if code != exitOK {
		t.Fatalf("bench --straight = exit %d, stderr %q", code, errOut)
	}
	var res struct {
		Figures map[string]any `json:"figures"`
		Decks   []struct {
			Score      int `json:"score"`
			LowerBound int `json:"lower_bound"`
		} `json:"decks"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bench --straight --json = %v:\n%s", err, out)
	}
	if res.Figures["straight"] != true || len(res.Decks) != 1 || res.Decks[0].LowerBound > res.Decks[0].Score {
		t.Errorf("bench --straight --json = %s, want figures with straight true and one row, bound at most score", out)
	}
	out, errOut, code = runCmd("bench", "--suite", suiteDir, "--seeds", "2", "--time", "300ms", "--table-bits", "14", "--workers", "2", "--straight")
	if code != exitOK || !strings.Contains(out, "| 1, 300ms per deck, 2, --straight") {
		t.Errorf("bench --straight = exit %d, stderr %q; want its figures to name --straight:\n%s", code, errOut, out)
	}
	_, errOut, code = runCmd("bench", "--suite", t.TempDir(), "--seeds", "1", "--time", "100ms")
	if code != exitError || !strings.Contains(errOut, "--suite") {
		t.Errorf("bench with an empty suite folder = exit %d, stderr %q; want exit 1 naming --suite", code, errOut)
	}
	_, _, code = runCmd("bench", "--time", "0s")
	if code != exitUsage {
		t.Errorf("bench --time 0s = exit %d, want %d", code, exitUsage)
	}
}
