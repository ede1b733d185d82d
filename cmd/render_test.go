package cmd

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/solo"
)

func TestSpan(t *testing.T) {
	tests := []struct {
		lo, hi int
		want   []int
	}{
		{0, 2, []int{0, 1, 2}},
		{-1, -1, []int{-1}},
		{3, 2, nil},
		{math.MaxInt - 1, math.MaxInt, []int{math.MaxInt - 1, math.MaxInt}},
		{math.MinInt, math.MinInt + 1, []int{math.MinInt, math.MinInt + 1}},
	}
	for _, tt := range tests {
		var got []int
		for x := range span(tt.lo, tt.hi) {
			got = append(got, x)
			if len(got) > 10 {
				break
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("span(%d, %d) = %v, want %v", tt.lo, tt.hi, got, tt.want)
		}
	}
}

// TestScoreFarCoordinates scores a legal line whose first tile lies on the
// largest and smallest coordinates a first tile may take: the drawing loop
// once never ended near the ends of int.
func TestScoreFarCoordinates(t *testing.T) {
	l := scoreLine()
	dx, dy := solo.MaxCoord-l.Moves[0].X, solo.MinCoord-l.Moves[0].Y
	maxX := math.MinInt
	for i := range l.Moves {
		l.Moves[i].X += dx
		l.Moves[i].Y += dy
		maxX = max(maxX, l.Moves[i].X)
	}
	want, err := solo.Replay(l)
	if err != nil {
		t.Fatalf("Replay(line at the ends of int) = %v", err)
	}
	r := execCLI(t, false, "score", lineFile(t, l))
	if r.code != 0 || !strings.Contains(r.out, "Score "+itoa(want.Total())) || !strings.Contains(r.out, fmt.Sprintf("x=%d", maxX)) {
		t.Errorf("score of a line at the ends of int = exit %d, stderr %q, stdout:\n%s", r.code, r.err, r.out)
	}
}

// TestGridNoTrailingSpaces: no line of a display grid ends in a space, with
// or without colour and marks.
func TestGridNoTrailingSpaces(t *testing.T) {
	l := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(1, 0))
	g, err := solo.Play(l)
	if err != nil {
		t.Fatal(err)
	}
	marks := map[solo.Point]string{{X: -5, Y: 0}: "1", {X: 0, Y: -5}: "22"}
	for _, p := range []painter{{false}, {true}} {
		for _, m := range []map[solo.Point]string{nil, marks} {
			for i, line := range strings.Split(p.grid(g.Display(), m), "\n") {
				// A tile face's padding is coloured, so it ends in a code.
				if strings.HasSuffix(line, " ") {
					t.Errorf("grid (colour %v, marks %v) line %d ends in a space: %q", p.on, m != nil, i+1, line)
				}
			}
		}
	}
}
