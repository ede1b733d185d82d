package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

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

// writeFileAtomic writes data to path through a temporary file in the same
// folder and a rename, so a failed write leaves nothing half-written.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, firstErr(werr, cerr))
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// formatLine writes a line document readably: the deck on one line, one move
// per line.
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
	fmt.Fprintf(&b, "],\n  \"phase1_turns\": %d\n}\n", l.Phase1Turns)
	return b.Bytes(), nil
}
