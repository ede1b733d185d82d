//go:build unix

package fileio

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "save.json")
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink("save.json", link))

	unlock, err := Lock(path)
	require.NoError(t, err)
	for _, p := range []string{path, link} {
		_, err = Lock(p)
		var le *LockedError
		require.ErrorAs(t, err, &le, "a second Lock(%s)", p)
		assert.Equal(t, os.Getpid(), le.PID)
		assert.Equal(t, path+".lock", le.LockFile)
		assert.Contains(t, err.Error(), "its lock file "+path+".lock is held")
	}
	unlock()
	_, err = os.Stat(path + ".lock")
	assert.ErrorIs(t, err, fs.ErrNotExist, "the lock file after unlock")

	// A lock file left by a killed program holds no lock.
	require.NoError(t, os.WriteFile(path+".lock", []byte("999999\n"), 0o644))
	unlock, err = Lock(link)
	require.NoError(t, err, "taking over a stale lock file")
	unlock()

	unlock, err = Lock("/dev/null")
	require.NoError(t, err)
	unlock()
	_, err = os.Stat("/dev/null.lock")
	assert.ErrorIs(t, err, fs.ErrNotExist, "a device is not locked with a file beside it")
}
