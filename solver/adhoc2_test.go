package solver

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
)

func TestAdhocBeam(t *testing.T) {
	if os.Getenv("ADHOC") == "" {
		t.Skip()
	}
	for _, wt := range [][3]int{{0, 1, 0}, {0, 1, 1}, {0, 1, 2}, {0, 1, 3}, {1, 4, 0}, {1, 4, 1}} {
		for _, width := range []int{512} {
			tot := 0
			start := time.Now()
			var nodes int64
			for seed := uint64(1); seed <= 16; seed++ {
				d := solo.SeedDeck(seed)
				g, _ := solo.NewGame(d)
				sh := newShared(g, 10)
				w := newWorker(sh)
				w.openNum, w.openDen = wt[0], wt[1]
				w.mode = wt[2]
				w.runBeam(newBeam(width))
				tot += int(sh.best.Load())
				nodes += sh.nodes.Load()
			}
			fmt.Printf("weight %v width %d: mean %.1f  %v %.0f nodes/s\n", wt, width, float64(tot)/16, time.Since(start)/16, float64(nodes)/time.Since(start).Seconds())
		}
	}
}
