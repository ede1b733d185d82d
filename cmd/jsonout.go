package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/novaluna/novaluna/internal/fileio"
	"github.com/novaluna/novaluna/solo"
)

// writeJSON writes v as one line of JSON.
func writeJSON(w io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// writeFileAtomic writes a whole output file (solve --out, sheet -o, play
// --save) with fileio.Write: whole or not at all, through symbolic links,
// in place for devices, pipes and hard-linked files, mode and owner kept.
func writeFileAtomic(path string, data []byte) error { return fileio.Write(path, data) }

// checkWritable reports whether path can be written, so that a command
// fails on a bad output path before it spends time on the work.
func checkWritable(path string) error { return fileio.CheckWritable(path) }

// formatLine writes a line document readably: the deck on one line, one move
// per line; the assists, when the line has them, on a line of their own.
func formatLine(l solo.Line) ([]byte, error) {
	deck, err := json.Marshal(l.Deck)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"deck\": %s,\n  \"moves\": [", deck)
	for i, m := range l.Moves {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n    {\"tile\": %d, \"x\": %d, \"y\": %d}", m.Tile, m.X, m.Y)
	}
	if len(l.Moves) > 0 {
		b.WriteString("\n  ")
	}
	fmt.Fprintf(&b, "],\n  \"phase1_turns\": %d", l.Phase1Turns)
	if l.Assists != nil {
		a, err := json.Marshal(l.Assists)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, ",\n  \"assists\": %s", a)
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}
