package solver

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
)

func TestAdhoc(t *testing.T) {
	if os.Getenv("ADHOC") == "" {
		t.Skip()
	}
	secs, _ := strconv.Atoi(os.Getenv("SECS"))
	wk, _ := strconv.Atoi(os.Getenv("WK"))
	for seed := uint64(1); seed <= 5; seed++ {
		d := solo.SeedDeck(seed)
		r, err := Solve(context.Background(), d, Options{Time: time.Duration(secs) * time.Second, Workers: wk, Progress: func(p Progress) {}})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("seed %d: score %d lb %d opt %v nodes %d (%.0f/s) first %v best %v el %v %+v\n", seed, r.Score.Total(), r.LowerBound, r.Optimal, r.Nodes, float64(r.Nodes)/r.Elapsed.Seconds(), r.FirstLineAt, r.BestLineAt, r.Elapsed, r.Score)
	}
}
