package fileio

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// LockedError is a lock that another program holds.
type LockedError struct {
	Path     string // the file the lock guards, as given
	LockFile string
	PID      int // the holder's process id, 0 if unknown
}

func (e *LockedError) Error() string {
	who := "another program"
	if e.PID > 0 {
		who = fmt.Sprintf("another program (process %d)", e.PID)
	}
	return fmt.Sprintf("%s is being written by %s: its lock file %s is held", e.Path, who, e.LockFile)
}

// Lock takes the lock of the file path, a lock file beside the file it
// leads to (path.lock), so that two programs do not write it at once. The
// lock ends with unlock, or with the program: a lock file left by a killed
// program is not held, and is taken over. It fails with a *LockedError
// when another program holds the lock. Devices and pipes are not locked.
func Lock(path string) (unlock func(), err error) {
	t, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if t.stream {
		return func() {}, nil
	}
	lockFile := t.path + ".lock"
	for range 10 {
		f, err := os.OpenFile(lockFile, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("cannot lock %s: %w", path, writeErr(lockFile, err))
		}
		if err := tryLock(f); err != nil {
			pid := 0
			if data, rerr := Read(lockFile, nil, 64); rerr == nil {
				pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
			}
			f.Close()
			if errors.Is(err, errHeld) {
				return nil, &LockedError{Path: path, LockFile: lockFile, PID: pid}
			}
			return nil, fmt.Errorf("cannot lock %s: %w", path, err)
		}
		// The holder before us removes the lock file when it is done: if
		// it did so between our open and our lock, we hold a lock on a
		// file nobody else will see. Start again.
		held, err1 := f.Stat()
		now, err2 := os.Stat(lockFile)
		if err1 != nil || err2 != nil || !os.SameFile(held, now) {
			f.Close()
			continue
		}
		_ = f.Truncate(0)
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		return func() {
			os.Remove(lockFile)
			f.Close()
		}, nil
	}
	return nil, fmt.Errorf("cannot lock %s: its lock file %s keeps changing", path, lockFile)
}

// errHeld is tryLock's answer when another program holds the lock.
var errHeld = errors.New("the lock is held")
