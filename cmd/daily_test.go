package cmd

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
)

func TestDailyJSON(t *testing.T) {
	for _, date := range []string{"2026-11-22", "2028-02-29"} {
		out, errOut, code := runNovaluna(t, "daily", "--date", date, "--json")
		if code != 0 {
			t.Fatalf("daily --date %s --json: exit %d, %s", date, code, errOut)
		}
		var got dailyJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("daily --json printed %q: %v", out, err)
		}
		data, err := os.ReadFile("../puzzles/testdata/daily/" + date + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var want dailyJSON
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Deck, want.Deck) || got.Date != want.Date || got.Number != want.Number {
			t.Errorf("daily --date %s --json = %+v, want the golden %+v", date, got, want)
		}
		names := []string{"easy", "medium", "hard", "very hard"}
		if !slices.Contains(names, got.Difficulty) {
			t.Errorf("daily --json difficulty = %q, want one of %q", got.Difficulty, names)
		}
		// The deck document part must read back as a deck.
		if d, err := solo.ParseDeck([]byte(out)); err != nil || !slices.Equal(d, want.Deck) {
			t.Errorf("ParseDeck(daily --json) = %v, %v, want the deck", d, err)
		}
	}
}

func TestDailyToday(t *testing.T) {
	before := puzzles.Today(time.Now()).Format(puzzles.DateLayout)
	out, errOut, code := runNovaluna(t, "daily", "--json")
	after := puzzles.Today(time.Now()).Format(puzzles.DateLayout)
	if code != 0 {
		t.Fatalf("daily --json: exit %d, %s", code, errOut)
	}
	var got dailyJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Date != before && got.Date != after {
		t.Errorf("daily --json date = %s, want today in UTC, %s", got.Date, after)
	}
}

func TestDailyHuman(t *testing.T) {
	out, errOut, code := runNovaluna(t, "daily", "--date", "2026-11-22")
	if code != 0 {
		t.Fatalf("daily: exit %d, %s", code, errOut)
	}
	deck := puzzles.DailyDeck(puzzles.Launch)
	wants := []string{"daily #1 (2026-11-22)", "Difficulty: ", "space  0  ☾ moon figure", "space 11  #" + strconv.Itoa(deck[10]) + " ", "draw 11   #" + strconv.Itoa(deck[21]) + " "}
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("daily output lacks %q:\n%s", w, out)
		}
	}
	if n := strings.Count(out, "  space "); n != 12 {
		t.Errorf("daily output has %d wheel spaces, want 12", n)
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("daily output to a buffer is coloured, want plain text")
	}
}

func TestDailyBadInput(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"daily", "--date", "2026-02-30"}, 2, "real calendar date"},
		{[]string{"daily", "--date", "tomorrow"}, 2, "YYYY-MM-DD"},
		{[]string{"daily", "--time", "2s"}, 2, "unknown flag: --time"},
		{[]string{"daily", "extra"}, 2, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		_, errOut, code := runNovaluna(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("novaluna %s = exit %d, %q, want exit %d mentioning %q", strings.Join(tt.args, " "), code, errOut, tt.code, tt.msg)
		}
	}
}
