package solo

import "math/bits"

func trailingZeros(m uint32) int { return bits.TrailingZeros32(m) }
func popcount(m uint32) int      { return bits.OnesCount32(m) }
