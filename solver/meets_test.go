package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/novaluna/novaluna/solo"
)

// TestMeetsComparesEveryColour: openTask.meets, four comparisons in one
// subtraction, agrees with comparing each colour's count with its need,
// for needs of 0 to 4 tiles or noWay and counts up to maxAdded.
func TestMeetsComparesEveryColour(t *testing.T) {
	needs := []uint8{0, 1, 2, 3, 4, noWay}
	rng := rand.New(rand.NewPCG(7, 8))
	met, failed := 0, 0
	for range 200000 {
		var o openTask
		var packed uint32
		for c := range solo.NumColours {
			o.minK[c] = needs[rng.IntN(len(needs))]
			k := rng.IntN(6)
			if rng.IntN(8) == 0 {
				k = rng.IntN(maxAdded + 1)
			}
			packed |= uint32(k) << (8 * c)
		}
		want := true
		for c := range solo.NumColours {
			want = want && uint8(packed>>(8*c)) >= o.minK[c]
		}
		if !assert.Equal(t, want, o.meets(packed), "needs %v, counts %08x", o.minK, packed) {
			return
		}
		if want {
			met++
		} else {
			failed++
		}
	}
	require.Greater(t, met, 10000)
	require.Greater(t, failed, 10000)
	most := uint32(maxAdded) * 0x01010101
	for c := range solo.NumColours {
		o := openTask{}
		o.minK[c] = noWay
		assert.False(t, o.meets(most), "noWay is above every count (colour %d)", c)
	}
}
