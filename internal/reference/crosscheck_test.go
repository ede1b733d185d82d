package reference_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/cmd"
	"github.com/novaluna/novaluna/internal/reference"
	"github.com/novaluna/novaluna/solo"
)

// outcome is what a checker says of a line: the FORMATS.md score result.
type outcome struct {
	Legal                         bool
	Score, S1, P1, S2, P2, Tokens int
	Turn                          int
	Rule                          string
}

func (o outcome) String() string {
	if o.Legal {
		return fmt.Sprintf("legal score %d (s1 %d p1 %d s2 %d p2 %d tokens %d)", o.Score, o.S1, o.P1, o.S2, o.P2, o.Tokens)
	}
	return fmt.Sprintf("illegal at turn %d, rule %s", o.Turn, o.Rule)
}

func byEngine(t *testing.T, l solo.Line) outcome {
	sc, err := solo.Replay(l)
	if err != nil {
		var re *solo.RuleError
		if !errors.As(err, &re) {
			t.Fatalf("Replay = %v, want a *RuleError", err)
		}
		return outcome{Turn: re.Turn, Rule: re.Rule}
	}
	return outcome{true, sc.Total(), sc.S1, sc.P1, sc.S2, sc.P2, sc.Tokens, 0, ""}
}

func byReference(l solo.Line) outcome {
	moves := make([]reference.Move, len(l.Moves))
	for i, m := range l.Moves {
		moves[i] = reference.Move{Tile: m.Tile, X: m.X, Y: m.Y}
	}
	r := reference.Score(append([]int(nil), l.Deck...), moves, l.Phase1Turns)
	if !r.Legal {
		return outcome{Turn: r.Turn, Rule: r.Rule}
	}
	return outcome{true, r.Score, r.S1, r.P1, r.S2, r.P2, r.Tokens, 0, ""}
}

// byCommand runs `novaluna score --json` on the line written to a file.
func byCommand(t *testing.T, dir string, l solo.Line) outcome {
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "line.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := cmd.Main([]string{"score", "--json", path}, cmd.Streams{In: strings.NewReader(""), Out: &out, Err: &errb})
	var res struct {
		Legal                         bool
		Error                         string
		Score, S1, P1, S2, P2, Tokens int
		Turn                          int
		Rule                          string
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("score --json printed %q (stderr %q): %v", out.String(), errb.String(), err)
	}
	if wantCode := map[bool]int{true: 0, false: 1}[res.Legal]; code != wantCode || (!res.Legal && res.Error == "") {
		t.Errorf("score --json exit %d for %s", code, out.String())
	}
	return outcome{res.Legal, res.Score, res.S1, res.P1, res.S2, res.P2, res.Tokens, res.Turn, res.Rule}
}

// variants returns illegal (or possibly still legal) variants of a legal
// line: the kinds of mistakes a hand-written or corrupted line has.
func variants(l solo.Line, rng *rand.Rand) map[string]solo.Line {
	clone := func() solo.Line {
		return solo.Line{Deck: append(solo.Deck(nil), l.Deck...), Moves: append([]solo.Move(nil), l.Moves...), Phase1Turns: l.Phase1Turns}
	}
	n := len(l.Moves)
	v := map[string]solo.Line{}
	k := rng.IntN(n)

	w := clone()
	w.Moves[k].Tile = w.Deck[rng.IntN(min(len(w.Deck), 24))]
	v["wrong tile"] = w

	w = clone()
	w.Moves[k].Tile = rng.IntN(80) - 5
	v["tile id out of range"] = w

	if k > 0 {
		w = clone()
		j := rng.IntN(k)
		w.Moves[k].X, w.Moves[k].Y = w.Moves[j].X, w.Moves[j].Y
		v["occupied cell"] = w
	}

	w = clone()
	w.Moves[k].X += rng.IntN(5) - 2
	w.Moves[k].Y += rng.IntN(5) - 2
	v["cell moved"] = w

	w = clone()
	w.Moves[k].X += 30
	v["cell far away"] = w

	w = clone()
	w.Moves = w.Moves[:rng.IntN(n)]
	v["truncated"] = w

	w = clone()
	w.Moves = append(w.Moves, solo.Move{Tile: w.Deck[rng.IntN(min(len(w.Deck), 22))], X: rng.IntN(9) - 4, Y: rng.IntN(9) - 4})
	v["extra move"] = w

	w = clone()
	w.Phase1Turns++
	v["phase1_turns + 1"] = w

	w = clone()
	w.Phase1Turns--
	v["phase1_turns - 1"] = w

	w = clone()
	i := 1 + rng.IntN(len(w.Deck)-1)
	w.Deck[i] = w.Deck[rng.IntN(i)]
	v["duplicate deck id"] = w

	w = clone()
	w.Deck = w.Deck[:11+rng.IntN(len(w.Deck)-10)]
	v["short deck"] = w

	w = clone()
	a, b := rng.IntN(n), rng.IntN(n)
	w.Moves[a], w.Moves[b] = w.Moves[b], w.Moves[a]
	v["two moves swapped"] = w
	return v
}

// TestCrossCheck plays thousands of random legal lines and illegal variants
// of them through the engine and through the independent reference
// implementation, and every 20th line also through `novaluna score --json`:
// all must agree on legality and every number of the score result, and on
// the turn and rule of an illegal line.
func TestCrossCheck(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	rng := rand.New(rand.NewPCG(20261122, 2))
	dir := t.TempDir()
	seen := map[string]int{}
	illegal := map[string]int{}
	failures := 0
	for gi := range games {
		// Short decks now and then, so that the refill runs out (R14).
		deck := solo.SeedDeck(uint64(gi))
		if gi%7 == 0 {
			deck = deck[:11+rng.IntN(12)]
		}
		var l solo.Line
		if gi%2 == 0 {
			l = solo.RandomLine(deck, rand.NewPCG(uint64(gi), 5))
		} else {
			l = greedyLine(deck, rng)
		}
		if sc, err := solo.Replay(l); err == nil {
			if sc.Tokens == solo.TokensTotal {
				seen["(ends on 21 tokens)"]++
			}
			if l.Phase1Turns < solo.SetupTiles {
				seen["(phase 1 ended by choice)"]++
			}
		}
		cases := variants(l, rng)
		cases["legal"] = l
		for name, c := range cases {
			seen[name]++
			eng, ref := byEngine(t, c), byReference(c)
			if !eng.Legal {
				illegal[name]++
			}
			if name == "legal" && !eng.Legal {
				t.Errorf("game %d: a random line is illegal: %v", gi, eng)
			}
			if eng != ref {
				failures++
				if failures <= 20 {
					data, _ := json.Marshal(c)
					t.Errorf("game %d %s: engine says %v, reference says %v\nline: %s", gi, name, eng, ref, data)
				}
				continue
			}
			if gi%20 == 0 {
				if got := byCommand(t, dir, c); got != eng {
					t.Errorf("game %d %s: score --json says %v, engine and reference %v", gi, name, got, eng)
				}
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d disagreements in all", failures)
	}
	for name, n := range seen {
		t.Logf("%-22s %5d lines, %5d illegal", name, n, illegal[name])
		if !strings.HasPrefix(name, "(") && name != "legal" && name != "cell moved" && name != "two moves swapped" && name != "short deck" && illegal[name] == 0 {
			t.Errorf("no %q variant was illegal: the variant does not test what it says", name)
		}
	}
}

// greedyLine plays a game that takes, each turn, a move that covers the most
// tasks (ties broken at random) and ends phase 1 as soon as it may half of
// the time: unlike uniform random play it often reaches 8 tokens in phase 1
// and 21 in all, so the ends of both phases get cross-checked too.
func greedyLine(deck solo.Deck, rng *rand.Rand) solo.Line {
	s := solo.NewState(deck)
	start := s
	var steps []solo.Step
	var spaces [3]uint8
	for !s.Over() {
		if s.CanEndPhase1() && rng.IntN(2) == 0 {
			s.EndPhase1()
			continue
		}
		best, ties := -1, 0
		var pick solo.Step
		k := s.Accessible(&spaces)
		for _, sp := range spaces[:k] {
			for i := range s.NumFrontier() {
				c := s
				c.Apply(sp, s.FrontierCell(i))
				switch got := c.Tokens(); {
				case got > best:
					best, ties, pick = got, 1, solo.Step{Space: sp, Cell: s.FrontierCell(i)}
				case got == best:
					ties++
					if rng.IntN(ties) == 0 {
						pick = solo.Step{Space: sp, Cell: s.FrontierCell(i)}
					}
				}
			}
		}
		s.Apply(pick.Space, pick.Cell)
		steps = append(steps, pick)
	}
	return solo.LineOf(deck, &start, steps, s.Phase1Turns())
}

// TestCrossCheckAllTokensInPhase1 cross-checks the one case RULES.md leaves
// to a decision: all 21 tokens placed on turn 10, still in phase 1 (the
// line of solo's TestAllTokensInPhase1). Every phase1_turns, every
// truncation and many random variants must get the same verdict from both.
func TestCrossCheckAllTokensInPhase1(t *testing.T) {
	l := solo.Line{
		Deck: solo.Deck{14, 48, 17, 33, 51, 25, 67, 68, 34, 13, 1, 18, 35, 52, 2, 19, 36, 53, 3, 20, 37, 54},
		Moves: []solo.Move{
			{Tile: 14, X: 8, Y: -3}, {Tile: 48, X: 7, Y: -3}, {Tile: 17, X: 8, Y: -4}, {Tile: 33, X: 6, Y: -3}, {Tile: 51, X: 7, Y: -4},
			{Tile: 25, X: 9, Y: -4}, {Tile: 67, X: 8, Y: -5}, {Tile: 68, X: 6, Y: -4}, {Tile: 34, X: 7, Y: -5}, {Tile: 13, X: 6, Y: -5},
		},
		Phase1Turns: 10,
	}
	if got := byReference(l); !got.Legal || got.Tokens != 21 {
		t.Fatalf("reference on the all-tokens line: %v, want legal with 21 tokens", got)
	}
	cases := map[string]solo.Line{}
	for p1 := -1; p1 <= 12; p1++ {
		c := l
		c.Phase1Turns = p1
		cases[fmt.Sprintf("phase1_turns %d", p1)] = c
	}
	for n := range len(l.Moves) {
		c := l
		c.Moves = l.Moves[:n]
		c.Phase1Turns = min(10, max(1, n))
		cases[fmt.Sprintf("first %d moves", n)] = c
	}
	rng := rand.New(rand.NewPCG(21, 21))
	for i := range 300 {
		for name, c := range variants(l, rng) {
			cases[fmt.Sprintf("%s %d", name, i)] = c
		}
	}
	for name, c := range cases {
		if eng, ref := byEngine(t, c), byReference(c); eng != ref {
			t.Errorf("%s: engine says %v, reference says %v", name, eng, ref)
		}
	}
}

// FuzzCrossCheck lets the fuzzer pick the deck, the game and an edit of
// one move (its tile, its cell), of phase1_turns and of the line's length,
// and checks that the engine and the reference agree on the result.
func FuzzCrossCheck(f *testing.F) {
	f.Add(uint64(1), uint64(1), false, uint8(3), uint8(0), int8(0), int8(0), int8(0), uint8(0))
	f.Add(uint64(18), uint64(1), false, uint8(9), uint8(0), int8(0), int8(0), int8(-1), uint8(0))
	f.Add(uint64(7), uint64(2), true, uint8(12), uint8(40), int8(1), int8(0), int8(0), uint8(2))
	f.Add(uint64(9), uint64(3), true, uint8(5), uint8(0), int8(2), int8(-1), int8(1), uint8(1))
	f.Fuzz(func(t *testing.T, deckSeed, playSeed uint64, greedy bool, k, tile uint8, dx, dy, dp1 int8, cut uint8) {
		deck := solo.SeedDeck(deckSeed)
		var l solo.Line
		if greedy {
			l = greedyLine(deck, rand.New(rand.NewPCG(playSeed, 1)))
		} else {
			l = solo.RandomLine(deck, rand.NewPCG(playSeed, 1))
		}
		i := int(k) % len(l.Moves)
		if tile != 0 {
			l.Moves[i].Tile = int(tile) - 10
		}
		l.Moves[i].X += int(dx)
		l.Moves[i].Y += int(dy)
		l.Phase1Turns += int(dp1)
		switch {
		case cut > 0 && int(cut) <= len(l.Moves):
			l.Moves = l.Moves[:len(l.Moves)-int(cut)]
		case cut > 200:
			l.Moves = append(l.Moves, solo.Move{Tile: deck[int(cut)%22], X: int(dx), Y: int(dy)})
		}
		if eng, ref := byEngine(t, l), byReference(l); eng != ref {
			data, _ := json.Marshal(l)
			t.Fatalf("engine says %v, reference says %v\nline: %s", eng, ref, data)
		}
	})
}
