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
	for _, wt := range [][3]int{{0, 1, 4}, {1, 3, 4}, {1, 1, 4}} {
		for _, width := range []int{64, 512, 2048} {
			tot := 0
			start := time.Now()
			for seed := uint64(1); seed <= 8; seed++ {
				d := solo.SeedDeck(seed)
				g, _ := solo.NewGame(d)
				sh := &shared{m: newModel(d), tt: newTable(16), start: g.State(), deck: d, begin: time.Now()}
				sh.best.Store(infinity)
				w := newWorker(sh)
				w.openNum, w.openDen = wt[0], wt[1]
				w.hm = newModelSized(d, wt[2])
				w.runBeam(newBeam(width))
				tot += int(sh.best.Load())
			}
			fmt.Printf("weight %v width %d: mean %.1f  %v\n", wt, width, float64(tot)/8, time.Since(start)/8)
		}
	}
}
