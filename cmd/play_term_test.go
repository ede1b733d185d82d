package cmd

import (
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEditLines types keys into play's line editor: arrow keys, history,
// Ctrl-A and Ctrl-E edit the line; Ctrl-C interrupts and reading goes on;
// Ctrl-D on an empty line ends the input.
func TestEditLines(t *testing.T) {
	keys := "" +
		"1\x1b[D\x1b[Da \r" + // "1", left, left, "a ": "a 1"
		"\x1b[A\r" + // up: "a 1" again
		"2\x01b \r" + // "2", Ctrl-A, "b ": "b 2"
		"3\x01c \x05 4\r" + // Ctrl-E goes back to the end: "c 3 4"
		"\x1b[A\x1b[A\x1b[A\x1b[B\r" + // up 3 (a 1), down 1: "b 2"
		"\x03" + // Ctrl-C
		"quit\r" +
		"\x04" // Ctrl-D
	var interrupts atomic.Int32
	_, lines := editLines(&slowReader{data: []byte(keys)}, io.Discard, func() { interrupts.Add(1) })
	var got []string
	timeout := time.After(10 * time.Second)
	for done := false; !done; {
		select {
		case l, ok := <-lines:
			if !ok {
				done = true
				break
			}
			got = append(got, l)
		case <-timeout:
			require.FailNow(t, "the line editor did not end", "lines so far %q", got)
		}
	}
	assert.Equal(t, []string{"a 1", "a 1", "b 2", "c 3 4", "b 2", "quit"}, got)
	assert.Equal(t, int32(1), interrupts.Load(), "Ctrl-C interrupts once")
}

// slowReader returns its data a byte at a time, as keys come from a
// terminal, then io.EOF.
type slowReader struct {
	data []byte
}

func (r *slowReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:1], r.data)
	r.data = r.data[n:]
	return n, nil
}
