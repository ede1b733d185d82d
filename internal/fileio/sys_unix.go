//go:build unix

package fileio

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// links returns the number of hard links of a file.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// owner returns the owner of a file.
func owner(fi fs.FileInfo) (uid, gid int, ok bool) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid), int(st.Gid), true
	}
	return 0, 0, false
}

// access reports whether the user may write file.
func access(path, file string) error {
	if err := syscall.Access(file, 2 /* W_OK */); err != nil {
		return writeErr(path, &fs.PathError{Op: "access", Path: file, Err: err})
	}
	return nil
}

// syncDir makes a rename in dir durable, as far as the system allows.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// tryLock takes an exclusive lock on f without waiting; the system drops
// it when the program ends, however it ends.
func tryLock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errHeld
	}
	return err
}
