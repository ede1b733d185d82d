package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cliResult is what one run of the command line printed and returned.
type cliResult struct {
	code     int
	out, err string
}

// execCLI runs the command line with buffers for its streams.
func execCLI(t *testing.T, colour bool, args ...string) cliResult {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Colour: colour})
	return cliResult{code, out.String(), errb.String()}
}

// writeTemp writes data to a file in a fresh test folder and returns its path.
func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestUsageErrors checks that misuse of the command line exits with status
// 2 and says what to do, on one line plus the hint to --help.
func TestUsageErrors(t *testing.T) {
	tests := [][]string{
		{"bogus"},
		{"scor", "x.json"},
		{"score"},
		{"score", "a.json", "b.json"},
		{"score", "--bogus", "a.json"},
		{"tiles", "extra"},
		{"tiles", "--colour"},
		{"deck"},
		{"deck", "--seed", "x"},
		{"deck", "--seed", "-1"},
		{"deck", "--seed", "18446744073709551616"},
		{"deck", "--seed", "1", "--deck", "d.json"},
		{"deck", "--date", "2026-13-01"},
		{"random"},
		{"random", "--seed", "1", "--play-seed", "x"},
		{"random", "--seed", "1", "--date", "2026-11-22"},
	}
	for _, args := range tests {
		r := execCLI(t, false, args...)
		lines := strings.Split(strings.TrimRight(r.err, "\n"), "\n")
		if r.code != 2 || len(lines) != 2 || !strings.HasPrefix(lines[0], "novaluna") || strings.HasPrefix(lines[0], "novaluna: novaluna") || !strings.Contains(lines[1], "--help") {
			t.Errorf("novaluna %s = exit %d, stderr %q, want exit 2 with one message line and the --help hint", strings.Join(args, " "), r.code, r.err)
		}
		if r.out != "" {
			t.Errorf("novaluna %s printed %q on stdout, want nothing", strings.Join(args, " "), r.out)
		}
	}
}

// TestUsageMessages checks that usage errors say what was wrong in the
// user's words, not the flag parser's.
func TestUsageMessages(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--colour"}, "novaluna: unknown flag: --colour\n"},
		{[]string{"score"}, "novaluna score: missing the LINE.json argument; usage: novaluna score LINE.json [flags]\n"},
		{[]string{"score", "a.json", "b.json"}, `unexpected argument "b.json" after a.json (it takes one LINE.json)`},
		{[]string{"deck", "deck.json"}, `novaluna deck: unexpected argument "deck.json" (deck takes options only, and they start with --)`},
		{[]string{"solve", "--seed", "1", "--workers", "two"}, "novaluna solve: --workers \"two\": want a whole number\n"},
		{[]string{"compare", "--time", "5", "x.json"}, "novaluna compare: --time \"5\": want a duration such as 30s, 2m or 1m30s\n"},
		{[]string{"sheet", "--seed", "1", "--answers=maybe", "-o", "x.pdf"}, "--answers \"maybe\": want true or false\n"},
	}
	for _, tt := range tests {
		r := execCLI(t, false, tt.args...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) || strings.Contains(r.err, "novaluna: novaluna") {
			t.Errorf("novaluna %s = exit %d, stderr %q, want exit %d and %q", strings.Join(tt.args, " "), r.code, r.err, exitUsage, tt.want)
		}
	}
}

// TestHelp checks that the root and every command have help text with
// examples, and that an example feeding a line file to another command
// writes the line document (--json), not the human table.
func TestHelp(t *testing.T) {
	tests := [][]string{{}, {"--help"}}
	for _, c := range NewRootCmd(Streams{}).Commands() {
		if c.Name() != "help" && c.Name() != "completion" {
			tests = append(tests, []string{c.Name(), "--help"})
		}
	}
	for _, args := range tests {
		r := execCLI(t, false, args...)
		if r.code != 0 || !strings.Contains(r.out, "Examples:") || !strings.Contains(r.out, "novaluna") {
			t.Errorf("novaluna %s = exit %d, stdout %q, want help with examples", strings.Join(args, " "), r.code, r.out)
		}
		for _, line := range strings.Split(r.out, "\n") {
			if strings.Contains(line, "novaluna random") && strings.Contains(line, "> ") && !strings.Contains(line, "--json") {
				t.Errorf("novaluna %s: example %q redirects random's table to a file, want --json", strings.Join(args, " "), strings.TrimSpace(line))
			}
		}
	}
}
