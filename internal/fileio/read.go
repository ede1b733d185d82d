package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Stdin is the name that reads standard input where a file is expected.
const Stdin = "-"

// TooLargeError is a file refused by Read because it holds more than the
// limit. Size is its size, or -1 when only "more than the limit" is known
// (standard input, a pipe, a device).
type TooLargeError struct {
	Name  string
	Size  int64
	Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("%s is too large (more than %d bytes)", e.Name, e.Limit)
	}
	return fmt.Sprintf("%s is too large (%d bytes)", e.Name, e.Size)
}

// Read returns the content of the file name, or of stdin when name is "-",
// refusing more than limit bytes: a regular file by its size, before it is
// read, anything else after limit+1 bytes.
func Read(name string, stdin io.Reader, limit int64) ([]byte, error) {
	if name == Stdin {
		if stdin == nil {
			return nil, errors.New("there is no standard input to read")
		}
		return readCapped("standard input", stdin, limit)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("it is a folder, not a file")}
	}
	if fi.Mode().IsRegular() && fi.Size() > limit {
		return nil, &TooLargeError{Name: name, Size: fi.Size(), Limit: limit}
	}
	return readCapped(name, f, limit)
}

func readCapped(name string, r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		// A pipe, a device, or a regular file that grew while it was read.
		return nil, &TooLargeError{Name: name, Size: -1, Limit: limit}
	}
	return data, nil
}
