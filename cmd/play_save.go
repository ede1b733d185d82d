package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/novaluna/novaluna/internal/fileio"
	"github.com/novaluna/novaluna/solo"
)

// saveFile is a file a game saves itself to. The game holds its lock from
// the first save to its end, so that two games do not save to one file,
// and it replaces only what it wrote there itself: a file changed behind
// its back is not overwritten.
type saveFile struct {
	path   string
	last   []byte // what the file held when this game last wrote it or took it over
	exists bool   // whether the file existed then
	stream bool   // a device or pipe (/dev/null, /dev/stdout): written without checks
	unlock func()
}

// claimSave takes path for a game's saves: it takes the lock and refuses a
// file that holds something else than this game's own earlier save (the
// --resume file) unless force is set. A device or pipe (/dev/null) is
// written without these checks.
func claimSave(path, resume string, force bool) (*saveFile, error) {
	unlock, err := fileio.Lock(path)
	var le *fileio.LockedError
	if errors.As(err, &le) {
		return nil, fmt.Errorf("%w; another novaluna play is saving its game to %s: wait for it to end, or choose another file (if no other game runs, remove %s)", le, path, le.LockFile)
	}
	if err != nil {
		return nil, err
	}
	f := &saveFile{path: path, unlock: unlock, stream: fileio.Streamed(path)}
	if f.stream {
		return f, nil
	}
	f.last, f.exists, err = f.current()
	if err != nil {
		unlock()
		return nil, err
	}
	if f.exists && len(f.last) > 0 && !force && !sameFile(path, resume) {
		unlock()
		return nil, fmt.Errorf("%s already exists and holds %s; a game saves only over its own save: choose another file, go on with that game with --resume %s, or add --force to replace it", path, describeSaved(f.last), path)
	}
	return f, nil
}

// current reads what the file holds now; exists is false if there is no
// such file. A device or pipe reads as nothing, and is never read.
func (f *saveFile) current() (data []byte, exists bool, err error) {
	fi, err := os.Stat(f.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("cannot read %s: %w", f.path, err)
	case !fi.Mode().IsRegular():
		return nil, true, nil
	}
	data, err = fileio.Read(f.path, nil, maxInputBytes)
	var tl *fileio.TooLargeError
	if errors.As(err, &tl) {
		// Too large for a saved game: something else, compared by size.
		return []byte(tl.Error()), true, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cannot read %s: %w", f.path, err)
	}
	return data, true, nil
}

// write saves data, unless the file changed since this game last saved.
func (f *saveFile) write(data []byte) error {
	if f.stream {
		return writeFileAtomic(f.path, data)
	}
	now, exists, err := f.current()
	if err != nil {
		return err
	}
	if exists != f.exists || !bytes.Equal(now, f.last) {
		what := "was removed"
		if exists {
			what = "now holds " + describeSaved(now)
		}
		return fmt.Errorf("not saved to %s: since this game saved there, it %s (another program wrote it); nothing was overwritten: save to another file", f.path, what)
	}
	if err := writeFileAtomic(f.path, data); err != nil {
		return err
	}
	f.last, f.exists = append([]byte(nil), data...), true
	return nil
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// describeSaved says what a file holds, for a refusal to overwrite it.
func describeSaved(data []byte) string {
	l, err := solo.ParseLine(data)
	if err != nil {
		return fmt.Sprintf("%d bytes that are not a saved game", len(data))
	}
	if _, err := solo.Replay(l); err == nil {
		return fmt.Sprintf("a finished game of %s", plural(len(l.Moves), "turn"))
	}
	return fmt.Sprintf("a saved game of %s", plural(len(l.Moves), "turn"))
}

// saveTo writes the game so far as a FORMATS.md line, to a file the game
// has claimed (see claimSave). An unfinished game in phase 1 has
// "phase1_turns": 0; --resume reads it back.
func (s *playSession) saveTo(path string) error {
	data, err := formatLine(s.sess.Line())
	if err != nil {
		return err
	}
	f, ok := s.saves[path]
	if !ok {
		// --save is claimed at the start, with --force; a file named at
		// the save question must not hold anything else.
		if f, err = claimSave(path, s.o.resume, false); err != nil {
			return err
		}
		if s.saves == nil {
			s.saves = map[string]*saveFile{}
		}
		s.saves[path] = f
	}
	return f.write(data)
}

// releaseSaves drops the locks of the files the game saved to.
func (s *playSession) releaseSaves() {
	for _, f := range s.saves {
		f.unlock()
	}
}
