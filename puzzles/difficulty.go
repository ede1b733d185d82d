package puzzles

import (
	"context"
	"strings"

	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// Difficulty rates a puzzle by the best score the solver finds for it: the
// lower the best score, the more forgiving the deck.
type Difficulty int

// The ratings, easiest first.
const (
	Easy Difficulty = iota + 1
	Medium
	Hard
	VeryHard
)

// difficultyCaps are the best scores below which each rating applies. The
// rulebook's benchmark, "try to stay below 100", is the line between medium
// and hard; the solver's best scores of the first 20 dailies (2 s each) ran
// from 83 to 111, so the bands are 10 points wide around it.
var difficultyCaps = [...]int{Easy: 90, Medium: 100, Hard: 110}

// Rate returns the difficulty of a puzzle whose best known score is best:
// easy below 90, medium below 100, hard below 110, very hard from 110.
func Rate(best int) Difficulty {
	for d := Easy; d < VeryHard; d++ {
		if best < difficultyCaps[d] {
			return d
		}
	}
	return VeryHard
}

// String returns the rating's name: easy, medium, hard or very hard.
func (d Difficulty) String() string {
	switch d {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	case VeryHard:
		return "very hard"
	}
	return "unrated"
}

// Stars returns the rating as four stars, one filled per level.
func (d Difficulty) Stars() string {
	n := max(0, min(int(d), int(VeryHard)))
	return strings.Repeat("★", n) + strings.Repeat("☆", int(VeryHard)-n)
}

// RatingNodes is the search a rating takes: one worker, this many nodes
// (about a second on a 2-core machine of 2026), a 2^20-entry table. A node
// budget instead of a clock makes the rating the same on every machine and
// in every run: a rating is part of the puzzle, like its deck.
const RatingNodes = 2_000_000

// RateDeck rates a deck by the score of the best line a fixed,
// deterministic search finds (see RatingNodes). It also returns the
// solver's result.
func RateDeck(ctx context.Context, deck solo.Deck) (Difficulty, solver.Result, error) {
	res, err := solver.Solve(ctx, deck, solver.Options{Workers: 1, TableBits: 20, MaxNodes: RatingNodes})
	if err != nil {
		return 0, solver.Result{}, err
	}
	return Rate(res.Score.Total()), res, nil
}
