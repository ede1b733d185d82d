package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
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
// folder and a rename, so a failed write leaves nothing half-written. The
// file gets the mode of the file it replaces, or 0644 (the temporary file
// alone would be 0600, unreadable to anyone else).
func writeFileAtomic(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return checkWritable(path)
		}
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		if werr := checkWritable(path); werr != nil {
			return werr // says what is wrong in words
		}
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	merr := f.Chmod(mode)
	cerr := f.Close()
	if err := firstErr(werr, merr, cerr); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// checkWritable reports whether a file can be created at path, by creating
// and removing an empty temporary file beside it, so that a command fails
// on a bad output path before it spends time on the work.
func checkWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder; give the name of a file to write, in it or elsewhere", path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("cannot write %s: there is no folder %s", path, dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: no permission to create files in %s", path, dir)
	}
	f.Close()
	return os.Remove(f.Name())
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
