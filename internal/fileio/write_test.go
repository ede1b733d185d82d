//go:build unix

package fileio

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err, "ReadFile(%s)", path)
	return string(data)
}

// noTemps fails the test if a temporary file was left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasSuffix(e.Name(), ".tmp"), "temporary file %s left in %s", e.Name(), dir)
	}
}

func TestWriteNewAndReplace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "line.json")
	require.NoError(t, Write(path, []byte("one")))
	assert.Equal(t, "one", readString(t, path))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o644), fi.Mode().Perm(), "mode of a new file")

	require.NoError(t, os.Chmod(path, 0o600))
	require.NoError(t, Write(path, []byte("two")))
	assert.Equal(t, "two", readString(t, path))
	fi, err = os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o600), fi.Mode().Perm(), "mode of a replaced file")
	noTemps(t, dir)
}

// TestWriteThroughSymlink: the link stays a link and its target gets the
// data, also when the target does not exist yet or the link is relative
// and in another folder.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	require.NoError(t, os.WriteFile(real, []byte("old"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink("real.json", link))
	chain := filepath.Join(dir, "chain.json")
	require.NoError(t, os.Symlink(link, chain))

	for _, p := range []string{link, chain} {
		require.NoError(t, Write(p, []byte("via "+filepath.Base(p))))
		fi, err := os.Lstat(p)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&fs.ModeSymlink, "%s is no longer a symbolic link", p)
		assert.Equal(t, "via "+filepath.Base(p), readString(t, real), "target after a write to %s", p)
	}

	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.Mkdir(sub, 0o755))
	dangling := filepath.Join(sub, "new.json")
	require.NoError(t, os.Symlink("../created.json", dangling))
	require.NoError(t, CheckWritable(dangling))
	require.NoError(t, Write(dangling, []byte("created")))
	assert.Equal(t, "created", readString(t, filepath.Join(dir, "created.json")))
	fi, err := os.Lstat(dangling)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeSymlink, "the dangling link was replaced")
	noTemps(t, dir)
	noTemps(t, sub)

	loop := filepath.Join(dir, "loop")
	require.NoError(t, os.Symlink("loop", loop))
	err = Write(loop, []byte("x"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "loop")
}

func TestWriteKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	require.NoError(t, os.WriteFile(a, []byte("old content"), 0o644))
	require.NoError(t, os.Link(a, b))
	require.NoError(t, CheckWritable(a))
	require.NoError(t, Write(a, []byte("new")))
	assert.Equal(t, "new", readString(t, b), "the other hard link")
	fa, _ := os.Stat(a)
	fb, _ := os.Stat(b)
	assert.True(t, os.SameFile(fa, fb), "a and b are no longer one file")
	noTemps(t, dir)
}

func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "theirs.json")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o640))
	require.NoError(t, os.Chown(path, 1234, 5678))
	require.NoError(t, Write(path, []byte("new")))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	uid, gid, _ := owner(fi)
	assert.Equal(t, []int{1234, 5678}, []int{uid, gid}, "owner after the write")
	assert.Equal(t, fs.FileMode(0o640), fi.Mode().Perm())
	assert.Equal(t, "new", readString(t, path))
}

// TestWriteDevice: a character device is written in place and stays a
// device. A copy of /dev/null is made with mknod where that is allowed.
func TestWriteDevice(t *testing.T) {
	require.NoError(t, Write("/dev/null", []byte("x")))
	fi, err := os.Stat("/dev/null")
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeCharDevice, "/dev/null is no longer a device")

	dir := t.TempDir()
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, int(1<<8|3)); err != nil {
		t.Skipf("mknod of a /dev/null copy not permitted here (%v): the device test ran on /dev/null only", err)
	}
	require.NoError(t, CheckWritable(null))
	require.NoError(t, Write(null, []byte("a PDF")))
	fi, err = os.Lstat(null)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeCharDevice, "the device was replaced by a %v", fi.Mode().Type())
	link := filepath.Join(dir, "null-link")
	require.NoError(t, os.Symlink(null, link))
	require.NoError(t, Write(link, []byte("a PDF")))
	fi, err = os.Lstat(null)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeCharDevice, "the device behind a link was replaced by a %v", fi.Mode().Type())
	noTemps(t, dir)

	block := filepath.Join(dir, "block")
	if err := syscall.Mknod(block, syscall.S_IFBLK|0o600, int(7<<8|200)); err == nil {
		err := Write(block, []byte("x"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "block device")
		fi, err = os.Lstat(block)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&fs.ModeDevice, "the block device was replaced")
	}
}

// TestWriteFull: /dev/full fails every write with ENOSPC, which is told in
// words.
func TestWriteFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	err := Write("/dev/full", []byte("data"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot write /dev/full: no space left on device")
	assert.ErrorIs(t, err, syscall.ENOSPC)
}

func TestWriteFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo not permitted here: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		data, _ := io.ReadAll(f)
		f.Close()
		got <- string(data)
	}()
	require.NoError(t, CheckWritable(fifo))
	require.NoError(t, Write(fifo, []byte("through the pipe")))
	select {
	case s := <-got:
		assert.Equal(t, "through the pipe", s)
	case <-time.After(5 * time.Second):
		t.Fatal("the reader of the pipe got nothing")
	}
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeNamedPipe, "the pipe was replaced")
}

// TestWriteStdout: /dev/stdout and /dev/fd/1 lead to this process's
// standard output, here a file: it is appended to, never replaced.
func TestWriteStdout(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	f, err := os.Create(out)
	require.NoError(t, err)
	defer f.Close()
	for _, p := range []string{"/dev/fd/", "/proc/self/fd/"} {
		p += itoa(int(f.Fd()))
		require.NoError(t, CheckWritable(p), p)
		require.NoError(t, Write(p, []byte(p+"\n")), p)
	}
	assert.Equal(t, "/dev/fd/"+itoa(int(f.Fd()))+"\n/proc/self/fd/"+itoa(int(f.Fd()))+"\n", readString(t, out))
	noTemps(t, dir)
	noTemps(t, "/dev")
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestWriteRefusals(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "sock")
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	require.NoError(t, err)
	defer syscall.Close(fd)
	require.NoError(t, syscall.Bind(fd, &syscall.SockaddrUnix{Name: sock}))
	for _, tt := range []struct{ path, want string }{
		{dir, "it is a folder"},
		{filepath.Join(dir, "no", "x.json"), "there is no folder"},
		{sock, "it is a socket"},
		{filepath.Join(dir, "sock", "x.json"), "cannot write"},
	} {
		for name, f := range map[string]func(string) error{"CheckWritable": CheckWritable, "Write": func(p string) error { return Write(p, []byte("x")) }} {
			err := f(tt.path)
			require.Error(t, err, "%s(%s)", name, tt.path)
			assert.Contains(t, err.Error(), tt.want, "%s(%s)", name, tt.path)
			assert.NotContains(t, err.Error(), "\n", "%s(%s)", name, tt.path)
		}
	}
	fi, err := os.Lstat(sock)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeSocket, "the socket was replaced")
}

func TestWriteErrWords(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{syscall.ENOSPC, "no space left on device"},
		{&fs.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}, "no space left on device"},
		{syscall.EDQUOT, "disk quota exceeded"},
		{syscall.EFBIG, "ulimit -f"},
		{syscall.EROFS, "read-only"},
		{errors.New("odd"), "odd"},
	} {
		err := writeErr("f.json", tt.err)
		assert.Equal(t, "cannot write f.json: ", err.Error()[:len("cannot write f.json: ")])
		assert.Contains(t, err.Error(), tt.want)
		assert.ErrorIs(t, err, tt.err)
	}
}

// TestWriteDiskFull fills a small tmpfs (where mounting one is permitted):
// a replace and a write in place both fail with "no space left on device",
// leave the old file as it was and no temporary file behind.
func TestWriteDiskFull(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k"); err != nil {
		t.Skipf("mounting a small tmpfs not permitted here (%v): the full-disk test ran on /dev/full only", err)
	}
	defer syscall.Unmount(dir, 0)
	path := filepath.Join(dir, "line.json")
	require.NoError(t, os.WriteFile(path, []byte("the old line"), 0o644))
	linked := filepath.Join(dir, "linked.json")
	require.NoError(t, os.WriteFile(linked, []byte("the old linked line"), 0o644))
	require.NoError(t, os.Link(linked, filepath.Join(dir, "other.json")))
	filler, err := os.Create(filepath.Join(dir, "filler"))
	require.NoError(t, err)
	_, err = filler.Write(make([]byte, 1<<20))
	require.ErrorIs(t, err, syscall.ENOSPC, "filling the tmpfs")
	filler.Close()

	big := []byte(strings.Repeat("x", 64<<10))
	for file, old := range map[string]string{path: "the old line", linked: "the old linked line"} {
		err := Write(file, big)
		require.Error(t, err, "Write(%s) on a full disk", file)
		assert.Contains(t, err.Error(), "no space left on device", "Write(%s)", file)
		assert.Equal(t, old, readString(t, file), "%s after the failed write", file)
	}
	noTemps(t, dir)
}
