//go:build unix

package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSolveOutFailsAfterPrinting: a failed --out (here a full disk) is
// reported after the result is printed, with a non-zero status.
func TestSolveOutFailsAfterPrinting(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	for _, json := range []bool{false, true} {
		args := []string{"solve", "--seed", "7", "--time", "200ms", "--workers", "1", "--out", "/dev/full"}
		want := "Best line of seed 7"
		if json {
			args, want = append(args, "--json"), `{"score":`
		}
		r := execCLI(t, false, args...)
		assert.Equal(t, exitError, r.code, "solve --json=%v --out /dev/full", json)
		assert.Contains(t, r.out, want, "solve --json=%v --out /dev/full prints its result", json)
		assert.Contains(t, r.err, "cannot write /dev/full: no space left on device", "solve --json=%v --out /dev/full", json)
		assert.Contains(t, r.err, "the line was printed, not saved")
	}
}

// TestOutputsKeepLinksAndDevices: solve --out through a symbolic link
// writes its target and keeps the link; sheet -o a device (a mknod copy of
// /dev/null, where permitted) keeps the device.
func TestOutputsKeepLinksAndDevices(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "best.json")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink("best.json", link))
	r := execCLI(t, false, "solve", "--seed", "7", "--time", "100ms", "--workers", "1", "--out", link)
	require.Equal(t, 0, r.code, "solve --out link: %s", r.err)
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeSymlink, "solve --out replaced the symbolic link")
	l, err := readLineFile(target)
	require.NoError(t, err, "the link's target after solve --out")
	_, err = solo.Replay(l)
	assert.NoError(t, err)

	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod not permitted here (%v): the device part is tested on /dev/null in internal/fileio", err)
	}
	r = execCLI(t, false, "sheet", "--seed", "7", "--answers=false", "-o", null)
	require.Equal(t, 0, r.code, "sheet -o device: %s", r.err)
	fi, err = os.Lstat(null)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&fs.ModeCharDevice, "sheet -o replaced the device with a %v", fi.Mode().Type())
	assert.Contains(t, r.err, "wrote "+null, "the summary of a sheet written to a device goes to stderr")
	assert.Empty(t, r.out)
}

// TestInputTooLarge: a 10 MiB file is refused by its size, at once, by
// every command that reads a deck or line file; standard input is read no
// further than the cap.
func TestInputTooLarge(t *testing.T) {
	big := writeTemp(t, "big.json", bytes.Repeat([]byte(" "), 10<<20))
	want := "big.json is too large (10485760 bytes; a deck or line file is under 2 KB)"
	for _, args := range [][]string{
		{"score", big},
		{"compare", big},
		{"deck", "--deck", big},
		{"solve", "--deck", big},
		{"play", "--resume", big},
		{"play", "--deck", big},
	} {
		start := time.Now()
		r := execCLI(t, false, args...)
		elapsed := time.Since(start)
		assert.Equal(t, exitError, r.code, "novaluna %v", args)
		assert.Contains(t, r.err, want, "novaluna %v", args)
		assert.Less(t, elapsed, time.Second, "novaluna %v took %v to refuse a 10 MiB file", args, elapsed)
	}

	var read atomic.Int64
	in := &countingReader{r: io.LimitReader(zeros{}, 10<<20), n: &read}
	var out, errb bytes.Buffer
	code := Main([]string{"score", "-"}, Streams{In: in, Out: &out, Err: &errb})
	assert.Equal(t, exitError, code)
	assert.Contains(t, errb.String(), "standard input is too large (more than 1048576 bytes; a deck or line file is under 2 KB)")
	assert.LessOrEqual(t, read.Load(), int64(maxInputBytes+1), "bytes read of standard input")
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestDashReadsStdin: "-" reads standard input where a file is expected,
// except in play, which reads its moves there.
func TestDashReadsStdin(t *testing.T) {
	l := scoreLine()
	data, err := formatLine(l)
	require.NoError(t, err)
	want, err := solo.Replay(l)
	require.NoError(t, err)
	run := func(in string, args ...string) cliResult {
		var out, errb bytes.Buffer
		code := Main(args, Streams{In: strings.NewReader(in), Out: &out, Err: &errb})
		return cliResult{code, out.String(), errb.String()}
	}
	r := run(string(data), "score", "-")
	assert.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "standard input: a legal line")
	assert.Contains(t, r.out, fmt.Sprintf("Score %d", want.Total()))

	seven := run("", "deck", "--seed", "7", "--json")
	require.Equal(t, 0, seven.code, seven.err)
	r = run(seven.out, "deck", "--deck", "-", "--json")
	assert.Equal(t, 0, r.code, r.err)
	assert.Equal(t, seven.out, r.out, "deck --deck - of deck --seed 7 --json")

	r = run("{", "score", "-")
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, "standard input: malformed JSON")

	for _, flag := range []string{"--resume", "--deck"} {
		r = run(string(data), "play", flag, "-")
		assert.Equal(t, exitUsage, r.code, "play %s -", flag)
		assert.Contains(t, r.err, "play reads its moves from standard input", "play %s -", flag)
	}
}

// TestScoreUnfinishedGame: score of a game saved before its end says it is
// unfinished and how to go on.
func TestScoreUnfinishedGame(t *testing.T) {
	save := filepath.Join(t.TempDir(), "mine.json")
	code, _, _ := playRun(t, "a 1\nb 1\n", "--seed", "3", "--save", save)
	require.Equal(t, exitError, code)
	r := execCLI(t, false, "score", save)
	assert.Equal(t, exitError, r.code)
	assert.Equal(t, "novaluna: "+save+" is an unfinished game: 2 turns played, phase 1, 0 of 21 tokens placed; a line is scored when its game is over (rule R15), so go on with: novaluna play --resume "+save+"\n", r.err)
	assert.NotContains(t, r.err, "phase1_turns")
	r = execCLI(t, false, "score", "--json", save)
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.out, `"legal":false,"error":"an unfinished game: 2 turns played`)
	assert.Contains(t, r.out, `"turn":3,"rule":"R15"`)
}

// TestPlayLongInputLine: a line over 64 KiB is reported as such, not as the
// end of the input.
func TestPlayLongInputLine(t *testing.T) {
	code, _, errb := playRun(t, "a 1\n"+strings.Repeat("x", 70<<10)+"\nb 1\n", "--seed", "3")
	assert.Equal(t, exitError, code)
	assert.Contains(t, errb, "cannot read line 2 of the input: a line is longer than 64 KiB")
	assert.NotContains(t, errb, "the input ended")
}

// TestPlayResumeRefusesWhatScoreRefuses: a saved line that score refuses
// for its phase1_turns is refused by --resume too; 0 is tried on a line
// whose phase 1 ran the wheel empty, which replays to its end without it.
func TestPlayResumeRefusesWhatScoreRefuses(t *testing.T) {
	var l solo.Line
	src := rand.NewPCG(12, 6)
	for seed := uint64(1); l.Moves == nil; seed++ {
		if r := solo.RandomLine(solo.SeedDeck(seed), src); r.Phase1Turns == solo.SetupTiles {
			l = r
		}
	}
	for _, p1 := range []int{-1 << 63, 1<<63 - 1, 0} {
		bad := l
		bad.Phase1Turns = p1
		path := lineFile(t, bad)
		r := execCLI(t, false, "score", path)
		require.Equal(t, exitError, r.code, "score with phase1_turns %d", p1)
		code, _, errb := playRun(t, "", "--resume", path)
		assert.Equal(t, exitError, code, "play --resume with phase1_turns %d", p1)
		assert.Contains(t, errb, "the saved game does not replay", "play --resume with phase1_turns %d", p1)
	}
}

// startPlay runs play with input from a pipe, in the background.
func startPlay(t *testing.T, args ...string) (in *io.PipeWriter, done <-chan cliResult) {
	t.Helper()
	r, w := io.Pipe()
	ch := make(chan cliResult, 1)
	go func() {
		var out, errb bytes.Buffer
		code := Main(append([]string{"play", "--hint-time", "0"}, args...), Streams{In: r, Out: &out, Err: &errb})
		r.Close()
		ch <- cliResult{code, out.String(), errb.String()}
	}()
	return w, ch
}

// waitSaved waits until the file at path holds a line of n moves.
func waitSaved(t *testing.T, path string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if l, err := readLineFile(path); err == nil && len(l.Moves) == n {
			return
		}
		require.False(t, time.Now().After(deadline), "%s never held %d moves", path, n)
		time.Sleep(5 * time.Millisecond)
	}
}

// TestPlayConcurrentSaves: while one game saves to a file, a second game
// is refused that file with a clear message, and the first game's saves
// are whole; once the first ends, its finished or unfinished line is not
// overwritten by a new game without --force.
func TestPlayConcurrentSaves(t *testing.T) {
	save := filepath.Join(t.TempDir(), "same.json")
	in, done := startPlay(t, "--seed", "3", "--save", save)
	fmt.Fprintln(in, "a 1")
	waitSaved(t, save, 1)

	code, _, errb := playRun(t, "a 1\nb 1\n", "--seed", "7", "--save", save)
	assert.Equal(t, exitError, code, "a second game saving to the same file")
	assert.Contains(t, errb, "another novaluna play is saving its game to "+save)
	assert.Contains(t, errb, save+".lock")
	waitSaved(t, save, 1)

	fmt.Fprintln(in, "a 1")
	waitSaved(t, save, 2)
	in.Close()
	first := <-done
	assert.Equal(t, exitError, first.code, "the first game ends with its input: %s", first.err)
	assert.Contains(t, first.err, "saved to "+save)
	_, err := os.Stat(save + ".lock")
	assert.ErrorIs(t, err, fs.ErrNotExist, "the lock file is removed at the end")

	code, _, errb = playRun(t, "a 1\n", "--seed", "7", "--save", save)
	assert.Equal(t, exitError, code)
	assert.Contains(t, errb, save+" already exists and holds a saved game of 2 turns")
	waitSaved(t, save, 2)

	// Going on with the saved game saves over it.
	code, _, errb = playRun(t, "a 1\n", "--resume", save, "--save", save)
	assert.Equal(t, exitError, code, errb)
	assert.Contains(t, errb, "the input ended")
	waitSaved(t, save, 3)
}

// TestPlaySaveKeepsFinishedLine: play --save does not overwrite a finished
// line, unless --force says so.
func TestPlaySaveKeepsFinishedLine(t *testing.T) {
	finished := scoreLine()
	keep := lineFile(t, finished)
	before, err := os.ReadFile(keep)
	require.NoError(t, err)
	code, _, errb := playRun(t, "a 1\n", "--seed", "3", "--save", keep)
	assert.Equal(t, exitError, code)
	assert.Contains(t, errb, fmt.Sprintf("already exists and holds a finished game of %d turns", len(finished.Moves)))
	assert.Contains(t, errb, "--force")
	after, err := os.ReadFile(keep)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the finished line after a refused play --save")

	code, _, errb = playRun(t, "a 1\n", "--seed", "3", "--save", keep, "--force")
	assert.Equal(t, exitError, code)
	assert.Contains(t, errb, "the input ended", errb)
	waitSaved(t, keep, 1)
}

// TestPlaySaveChangedBehindItsBack: a save file that another program
// changed is not overwritten; a lock file left by a killed game is taken
// over.
func TestPlaySaveChangedBehindItsBack(t *testing.T) {
	save := filepath.Join(t.TempDir(), "mine.json")
	require.NoError(t, os.WriteFile(save+".lock", []byte("999999\n"), 0o644)) // a killed game's
	in, done := startPlay(t, "--seed", "3", "--save", save)
	fmt.Fprintln(in, "a 1")
	waitSaved(t, save, 1)
	require.NoError(t, os.WriteFile(save, []byte("someone else's\n"), 0o644))
	fmt.Fprintln(in, "a 1")
	in.Close()
	r := <-done
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, "not saved to "+save+": since this game saved there, it now holds 15 bytes that are not a saved game")
	data, err := os.ReadFile(save)
	require.NoError(t, err)
	assert.Equal(t, "someone else's\n", string(data))
}

// TestHelperProcess is not a test: run by the signal tests, it is the
// novaluna command in a process of its own.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("NOVALUNA_HELPER") != "1" {
		t.Skip("runs only as a helper process of the signal tests")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(Main(args, SystemStreams()))
}

// runSignalled runs novaluna in a process of its own, sends it sig once it
// has run for wait, and returns what it printed and its exit status.
func runSignalled(t *testing.T, sig syscall.Signal, wait time.Duration, args ...string) cliResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-test.run=^TestHelperProcess$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "NOVALUNA_HELPER=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Start())
	time.Sleep(wait)
	require.NoError(t, cmd.Process.Signal(sig))
	_ = cmd.Wait()
	return cliResult{cmd.ProcessState.ExitCode(), out.String(), errb.String()}
}

// TestStopSignals: SIGTERM stops solve like SIGINT, with the best line and
// bound; compare and sheet stop with a message and the shell's status for
// the signal, and sheet writes nothing.
func TestStopSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("runs novaluna in processes of its own")
	}
	r := runSignalled(t, syscall.SIGTERM, 1500*time.Millisecond, "solve", "--seed", "7", "--time", "1m", "--workers", "1")
	assert.Equal(t, 0, r.code, "solve stopped by SIGTERM: %s", r.err)
	assert.Contains(t, r.out, "Best line of seed 7")
	assert.Contains(t, r.out, "Lower bound")
	assert.Contains(t, r.err, "solve stopped by SIGTERM")

	l := scoreLine()
	r = runSignalled(t, syscall.SIGTERM, 1500*time.Millisecond, "compare", "--nodes", "50000000", lineFile(t, l))
	assert.Equal(t, 128+int(syscall.SIGTERM), r.code, "compare stopped by SIGTERM: %s", r.err)
	assert.Contains(t, r.err, "novaluna: stopped by SIGTERM: the comparison needs every turn's search")

	pdf := filepath.Join(t.TempDir(), "year.pdf")
	r = runSignalled(t, syscall.SIGINT, 1500*time.Millisecond, "sheet", "--date", "2027-01-01", "--days", "30", "-o", pdf)
	assert.Equal(t, 128+int(syscall.SIGINT), r.code, "sheet stopped by SIGINT: %s", r.err)
	assert.Contains(t, r.err, "novaluna: stopped by an interrupt (SIGINT): ")
	assert.Contains(t, r.err, "of 30 answer pages solved; nothing written to "+pdf)
	_, err := os.Stat(pdf)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	entries, _ := os.ReadDir(filepath.Dir(pdf))
	assert.Empty(t, entries, "files left beside the sheet")
}

// TestPlaySaveToDevice: a game saved to /dev/null after every turn is not
// taken for a file changed behind its back (found by the final attacks).
func TestPlaySaveToDevice(t *testing.T) {
	code, out, errb := playRun(t, "a 1\nb 1\nquit\n", "--seed", "3", "--save", "/dev/null")
	assert.Equal(t, 0, code, errb)
	assert.Contains(t, out, "Saved to /dev/null")
	assert.Empty(t, errb)
}
