package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// maxLinks is how many symbolic links Write follows before it gives up, as
// the kernel does (ELOOP).
const maxLinks = 40

// target is where a write to a path lands once its symbolic links are
// followed.
type target struct {
	path string      // the file itself, links followed
	info fs.FileInfo // its Lstat; nil when it does not exist yet
	// stream is set for a file that can only be written in place, as a
	// stream: a character device, a named pipe, or a file reached through
	// a descriptor of this process (/dev/stdout, /dev/fd/N, /proc/self/fd/N).
	stream bool
}

// resolve follows the symbolic links of path to the file a write should
// change. A link to a missing file resolves to that file, to be created.
func resolve(path string) (target, error) {
	p := path
	for range maxLinks {
		if underProc(p) {
			// /proc/self/fd/N may name a pipe or a socket ("pipe:[123]"),
			// not a path: open it as it is, and write where the
			// descriptor points.
			fi, err := os.Stat(p)
			if err != nil {
				return target{}, writeErr(path, err)
			}
			return classify(path, target{path: p, info: fi, stream: true})
		}
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: p}, nil
		}
		if err != nil {
			return target{}, writeErr(path, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return classify(path, target{path: p, info: fi})
		}
		to, err := os.Readlink(p)
		if err != nil {
			return target{}, writeErr(path, err)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return target{}, fmt.Errorf("cannot write %s: more than %d symbolic links, or a loop of them", path, maxLinks)
}

// underProc reports whether p lies in /proc, through any links of its
// folders (/dev/fd is a link to /proc/self/fd).
func underProc(p string) bool {
	dir, err := filepath.EvalSymlinks(filepath.Dir(p))
	if err != nil {
		dir = filepath.Dir(p)
	}
	return dir == "/proc" || strings.HasPrefix(dir, "/proc/")
}

// classify refuses what cannot be written and marks what must be written
// as a stream.
func classify(path string, t target) (target, error) {
	m := t.info.Mode()
	switch {
	case m.IsDir():
		return t, fmt.Errorf("cannot write %s: it is a folder; give the name of a file to write, in it or elsewhere", path)
	case m.IsRegular():
		return t, nil
	case m&fs.ModeCharDevice != 0, m&fs.ModeNamedPipe != 0:
		t.stream = true
		return t, nil
	case m&fs.ModeDevice != 0:
		return t, fmt.Errorf("cannot write %s: it is a block device (a disk); give the name of a regular file", path)
	case m&fs.ModeSocket != 0:
		return t, fmt.Errorf("cannot write %s: it is a socket; give the name of a regular file", path)
	}
	return t, fmt.Errorf("cannot write %s: it is not a regular file (%v); give the name of a regular file", path, m.Type())
}

// Write writes data to path so that a failure leaves the file as it was:
// through a temporary file in the same folder, synced, then renamed over
// it. Symbolic links are followed, so the link stays and its target gets
// the data. A file that a rename would break is written in place instead:
// a character device or a named pipe (e.g. /dev/null, /dev/stdout, which
// must never become regular files), a file with other hard links, or a file
// whose owner the new file could not keep; a failed write in place is
// undone as far as it can be. A replaced file keeps its mode and owner. The
// errors say what happened in words ("no space left on device").
func Write(path string, data []byte) error {
	t, err := resolve(path)
	if err != nil {
		return err
	}
	switch {
	case t.stream:
		return writeStream(path, t.path, data)
	case t.info == nil:
		return replace(path, t.path, data, nil)
	}
	if err := checkFileWritable(path, t); err != nil {
		return err
	}
	if links(t.info) > 1 {
		return writeInPlace(path, t.path, data)
	}
	err = replace(path, t.path, data, t.info)
	if errors.Is(err, errOwner) {
		return writeInPlace(path, t.path, data)
	}
	return err
}

// maxInPlace is the largest file Write rewrites in place: it keeps the old
// content in memory to put it back if the write fails.
const maxInPlace = 256 << 20

// errOwner says that a new file could not be given the owner of the file
// it would replace.
var errOwner = errors.New("cannot keep the owner")

// replace writes data to a temporary file beside file and renames it over
// file, with the mode and owner of old (the file replaced, nil if none).
func replace(path, file string, data []byte, old fs.FileInfo) error {
	dir := filepath.Dir(file)
	f, err := os.CreateTemp(dir, "."+filepath.Base(file)+".*.tmp")
	if err != nil {
		if werr := checkDir(path, dir); werr != nil {
			return werr // says what is wrong in words
		}
		return writeErr(path, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	mode := fs.FileMode(0o644)
	if old != nil {
		mode = old.Mode().Perm()
		if uid, gid, ok := owner(old); ok && (uid != os.Geteuid() || gid != os.Getegid()) {
			if err := f.Chown(uid, gid); err != nil {
				return fail(errOwner)
			}
		}
	}
	if _, err := f.Write(data); err != nil {
		return fail(writeErr(path, err))
	}
	if err := f.Chmod(mode); err != nil {
		return fail(writeErr(path, err))
	}
	if err := f.Sync(); err != nil {
		return fail(writeErr(path, err))
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return writeErr(path, err)
	}
	if err := os.Rename(tmp, file); err != nil {
		os.Remove(tmp)
		return writeErr(path, err)
	}
	syncDir(dir)
	return nil
}

// writeInPlace overwrites file with data, keeping its inode (and so its
// hard links, owner and mode). On a failure it puts the old content back.
func writeInPlace(path, file string, data []byte) error {
	old, err := Read(file, nil, maxInPlace)
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return fmt.Errorf("cannot write %s: it has other hard links or another owner, so it would be rewritten in place, and it is too large (over %d MiB) to keep a copy in case the write fails; write elsewhere", path, maxInPlace>>20)
	}
	if err != nil {
		return writeErr(path, err)
	}
	f, err := os.OpenFile(file, os.O_WRONLY, 0)
	if err != nil {
		return writeErr(path, err)
	}
	_, err = f.WriteAt(data, 0)
	if err == nil {
		err = f.Truncate(int64(len(data)))
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		_, rerr := f.WriteAt(old, 0)
		if rerr == nil {
			rerr = f.Truncate(int64(len(old)))
		}
		f.Close()
		if rerr != nil {
			return fmt.Errorf("%w; putting the old content back failed too, so the file may be damaged", writeErr(path, err))
		}
		return fmt.Errorf("%w; the file was left as it was", writeErr(path, err))
	}
	if err := f.Close(); err != nil {
		return writeErr(path, err)
	}
	return nil
}

// writeStream writes data to a device or pipe in place. It appends, so
// that /dev/stdout redirected to a file (with > or >>) keeps what came
// before.
func writeStream(path, file string, data []byte) error {
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return writeErr(path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return writeErr(path, err)
	}
	if err := f.Close(); err != nil {
		return writeErr(path, err)
	}
	return nil
}

// CheckWritable reports whether Write could write path, without changing
// anything: a command calls it before it spends time on the work. It
// creates and removes an empty temporary file beside a file to be replaced.
func CheckWritable(path string) error {
	t, err := resolve(path)
	if err != nil {
		return err
	}
	switch {
	case t.stream:
		if t.info.Mode()&fs.ModeNamedPipe != 0 {
			return nil // opening a pipe would wait for its reader
		}
		return access(path, t.path)
	case t.info != nil:
		if err := checkFileWritable(path, t); err != nil {
			return err
		}
		if links(t.info) > 1 {
			return nil
		}
	}
	return checkDir(path, filepath.Dir(t.path))
}

// checkFileWritable refuses to replace a file the user may not write, as
// an editor would.
func checkFileWritable(path string, t target) error {
	if err := access(path, t.path); err != nil {
		return fmt.Errorf("cannot write %s: the file is read-only for you (mode %v); make it writable or write elsewhere", path, t.info.Mode().Perm())
	}
	return nil
}

// checkDir reports whether a file can be created in dir.
func checkDir(path, dir string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("cannot write %s: there is no folder %s", path, dir)
	}
	f, err := os.CreateTemp(dir, ".novaluna.*.tmp")
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("cannot write %s: no permission to create files in %s", path, dir)
		}
		return writeErr(path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// writeErr says why a write to path failed, in words for the causes a user
// can act on; the cause stays reachable through Unwrap.
func writeErr(path string, err error) error {
	why := ""
	switch {
	case errors.Is(err, syscall.ENOSPC):
		why = "no space left on device; free some space or write elsewhere"
	case errors.Is(err, syscall.EDQUOT):
		why = "disk quota exceeded; free some space or write elsewhere"
	case errors.Is(err, syscall.EFBIG):
		why = "the file would be larger than allowed (see ulimit -f)"
	case errors.Is(err, syscall.EROFS):
		why = "the file system is read-only"
	case errors.Is(err, fs.ErrPermission):
		why = "permission denied"
	case errors.Is(err, syscall.ENOTDIR):
		why = "a part of the path is not a folder"
	case errors.Is(err, syscall.ELOOP):
		why = "too many symbolic links, or a loop of them"
	}
	if why == "" {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			why = pe.Err.Error()
		} else {
			why = err.Error()
		}
	}
	return &Error{msg: fmt.Sprintf("cannot write %s: %s", path, why), cause: err}
}

// Error is a failed write or read told in words; the system's error stays
// reachable through Unwrap (errors.Is(err, syscall.ENOSPC) works).
type Error struct {
	msg   string
	cause error
}

func (e *Error) Error() string { return e.msg }
func (e *Error) Unwrap() error { return e.cause }

// Streamed reports whether Write writes path as a stream, in place: a
// device, a pipe, or a descriptor such as /dev/stdout. A command that
// writes such a file should print its own messages elsewhere, so that they
// do not run into it.
func Streamed(path string) bool {
	t, err := resolve(path)
	return err == nil && t.stream
}
