package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersion(t *testing.T) {
	out, errOut, code := runNovaluna(t, "--version")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `^novaluna (v\d+\.\d+\.\d+\S*|\(devel.*\)|\(unknown version\))\n$`, out)
}

func TestProgName(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "novaluna")
	require.NoError(t, os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755))
	t.Setenv("PATH", dir)
	other := filepath.Join(t.TempDir(), "novaluna")
	require.NoError(t, os.WriteFile(other, []byte("#!/bin/sh\n"), 0o755))
	tests := []struct{ arg0, want string }{
		{"/tmp/go-build1234/b001/exe/novaluna", "go run ."},
		{"novaluna", "novaluna"},
		{bin, "novaluna"}, // the one the PATH finds
		{other, other},    // another copy: its path
		{"./novaluna", "./novaluna"},
		{"bin/novaluna", "./bin/novaluna"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, progName(tt.arg0), "progName(%q)", tt.arg0)
	}
	assert.Equal(t, "novaluna", Streams{}.prog(), "the default")
}
