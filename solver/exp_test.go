package solver

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
)

func TestExpBeam(t *testing.T) {
	width, _ := strconv.Atoi(os.Getenv("W"))
	prices := []int{64, 80}
	sum := make([]int, len(prices))
	for seed := uint64(1); seed <= 20; seed++ {
		d := solo.SeedDeck(seed)
		g, _ := solo.NewGame(d)
		fmt.Printf("seed %2d:", seed)
		for pi, price := range prices {
			sh := newShared(g, 16)
			w := newWorker(sh)
			w.openNum, w.openDen = 0, 1
			w.price = price
			w.diversity = max(4, width/64)
			st := time.Now()
			w.runBeam(newBeam(width))
			sum[pi] += int(sh.best.Load())
			fmt.Printf(" p%d=%d(%.1fs)", price, sh.best.Load(), time.Since(st).Seconds())
		}
		fmt.Println()
	}
	fmt.Println("sums", sum)
}
