package puzzles_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
)

func ExampleDailyDeck() {
	date, _ := puzzles.ParseDate("2026-11-22")
	deck := puzzles.DailyDeck(date)
	fmt.Println("daily", puzzles.Number(date), "opens with", deck[:solo.SetupTiles])
	// Output: daily 1 opens with [66 29 19 3 28 25 45 9 30 52 5]
}

func ExampleShareLine() {
	date, _ := puzzles.ParseDate("2026-11-22")
	line := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(1, 2))
	share, _ := puzzles.ShareLine(date, line, 81)
	fmt.Println(share)
	// Output: Nova Luna #1 (2026-11-22): 296 (par 81) 🟦🟦🟩🟦🟨🟨🟦🟥🟥🟦🟥🌙🟦🟦🟨🟨🟨🟦🟩🟨🟥🟦🟥
}

func ExampleRate() {
	for _, best := range []int{85, 95, 104, 150} {
		r := puzzles.Rate(best)
		fmt.Println(best, r.Stars(), r)
	}
	// Output:
	// 85 ★☆☆☆ easy
	// 95 ★★☆☆ medium
	// 104 ★★★☆ hard
	// 150 ★★★★ very hard
}
