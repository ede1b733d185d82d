package cmd

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the tests a data directory of their own, so that no test
// writes to the user's history.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "novaluna-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("NOVALUNA_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
