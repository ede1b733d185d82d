package puzzles

import (
	"fmt"
	"strings"

	"github.com/novaluna/novaluna/solo"
)

// AssistsNote words the help a line was played with, for the end of a
// share line: " (2 hints, 1 undo)", " (hard)" for hard mode, "" for none.
// A line saved without the key says nothing.
func AssistsNote(a *solo.Assists) string {
	if a == nil {
		return ""
	}
	if a.Hard {
		return " (hard)"
	}
	var parts []string
	count := func(n int, what string) {
		switch {
		case n == 1:
			parts = append(parts, "1 "+what)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", n, what))
		}
	}
	count(a.Hints, "hint")
	count(a.Undos, "undo")
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
