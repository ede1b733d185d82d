package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// Streams are the I/O a command uses. Colour and TTY say whether stdout may
// be coloured and whether stdin/stderr are terminals.
type Streams struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	Colour bool // colour on Out
	InTTY  bool // In is a terminal: prompts and screens are wanted
	ErrTTY bool // Err is a terminal: progress bars are wanted
	// Size reports the size of the terminal Out writes to, in columns and
	// lines, read each time it is called; 0, 0 when unknown. Nil is unknown.
	Size func() (width, height int)
	// Prog is how the user runs this program, for the commands a screen
	// suggests: "novaluna", "./novaluna" or "go run ."; "" is "novaluna".
	Prog string
}

// prog returns the command to suggest to the user for running novaluna.
func (st Streams) prog() string {
	if st.Prog == "" {
		return "novaluna"
	}
	return st.Prog
}

// progName turns os.Args[0] into the command a user types to run this
// program again: "go run ." for a binary built by go run (it lives in a
// temporary go-build directory), the bare name when the PATH finds this
// very program under it, and the path as given otherwise ("./novaluna").
func progName(arg0 string) string {
	if strings.Contains(arg0, "go-build") {
		return "go run ."
	}
	base := filepath.Base(arg0)
	if !strings.ContainsRune(arg0, filepath.Separator) {
		return base
	}
	if found, err := exec.LookPath(base); err == nil {
		a, errA := os.Stat(found)
		b, errB := os.Stat(arg0)
		if errA == nil && errB == nil && os.SameFile(a, b) {
			return base
		}
	}
	if !filepath.IsAbs(arg0) && !strings.HasPrefix(arg0, ".") {
		return "./" + arg0
	}
	return arg0
}

// SystemStreams returns the process's streams, with colour only when stdout
// is a terminal and NO_COLOR is not set.
func SystemStreams() Streams {
	tty := func(f *os.File) bool { return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()) }
	return Streams{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		Colour: !color.NoColor && tty(os.Stdout) && os.Getenv("NO_COLOR") == "",
		InTTY:  tty(os.Stdin),
		ErrTTY: tty(os.Stderr),
		Size:   stdoutSize,
		Prog:   progName(os.Args[0]),
	}
}

// stdoutSize returns the size of the terminal on standard output, or 0, 0
// when it is not a terminal.
func stdoutSize() (width, height int) {
	w, h, err := term.GetSize(int(os.Stdout.Fd()))
	if err != nil {
		return 0, 0
	}
	return w, h
}

// Exit statuses, decided here and nowhere else.
const (
	exitOK    = 0
	exitError = 1 // bad input, illegal line, I/O failure
	exitUsage = 2 // bad flags or arguments
)

// usageError marks an error as a misuse of the command line (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// silentError is an error whose message the command has already printed
// (e.g. as JSON on stdout); Main only sets the exit status.
type silentError struct{ err error }

func (e silentError) Error() string { return e.err.Error() }
func (e silentError) Unwrap() error { return e.err }

// namedError is an error whose message starts with the command's path
// ("novaluna score: ..."); Main prints it without its own "novaluna: ".
type namedError struct{ err error }

func (e namedError) Error() string { return e.err.Error() }
func (e namedError) Unwrap() error { return e.err }

// Main runs the command line and returns the exit status.
func Main(args []string, st Streams) int {
	root := NewRootCmd(st)
	root.SetArgs(args)
	ran, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	var (
		se silentError
		ne namedError
	)
	switch {
	case errors.As(err, &se):
	case errors.As(err, &ne):
		fmt.Fprintln(st.Err, err) // "novaluna score: ...", not "novaluna: novaluna score: ..."
	default:
		fmt.Fprintf(st.Err, "novaluna: %v\n", err)
	}
	if status, ok := isInterrupted(err); ok {
		return status
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(st.Err, "Run '%s --help' for usage.\n", ran.CommandPath())
		return exitUsage
	}
	return exitError
}

// NewRootCmd builds the novaluna command with all its subcommands.
func NewRootCmd(st Streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "novaluna",
		Short: "Play, solve and print Nova Luna solo puzzles",
		Long: `novaluna plays the solo mode of the board game Nova Luna (Uwe Rosenberg, 2019).

Once the deck order is fixed, Nova Luna solo is a puzzle: take one of the
three tiles after the moon figure, place it next to your tiles, cover the
tasks it fulfils. The score is the tile costs noted at the end of each phase
plus 10 per missing token; lower is better. The rulebook says "try to stay
below 100".

Tiles are written as id, colour and cost, then their tasks: "#12 R5 BBB B" is
tile 12, red, cost 5, with the tasks "three blue" and "one blue".`,
		Example: `  novaluna tiles
  novaluna deck --seed 7
  novaluna random --seed 7 --json > line.json
  novaluna score line.json`,
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		// Without Args and RunE cobra reports an unknown command as a plain
		// error (exit status 1); it is a misuse of the command line.
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return c.Help()
			}
			hint := ""
			if s := c.SuggestionsFor(args[0]); len(s) > 0 {
				hint = fmt.Sprintf(" (did you mean %q?)", s[0])
			}
			return usageErrorf("unknown command %q%s; the commands are listed by 'novaluna --help'", args[0], hint)
		},
	}
	root.SetVersionTemplate("novaluna {{.Version}}\n")
	root.SetIn(st.In)
	root.SetOut(st.Out)
	root.SetErr(st.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		err = describeFlagError(err)
		if c.HasParent() {
			err = namedError{fmt.Errorf("%s: %w", c.CommandPath(), err)}
		}
		return usageError{err}
	})
	root.AddCommand(
		newTilesCmd(st),
		newDeckCmd(st),
		newScoreCmd(st),
		newRandomCmd(st),
		newPlayCmd(st),
		newDailyCmd(st),
		newStatsCmd(st),
		newArchiveCmd(st),
		newCompareCmd(st),
		newSheetCmd(st),
		newSolveCmd(st),
		newBenchCmd(st),
		newServeCmd(st),
	)
	for _, c := range root.Commands() {
		wrapArgs(c)
	}
	return root
}

// describeFlagError says what a flag's value should be, in place of the
// parser's words ("strconv.ParseInt: parsing ...: invalid syntax").
func describeFlagError(err error) error {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	want := "a valid value"
	switch ive.GetFlag().Value.Type() {
	case "int", "int64", "uint", "uint64":
		want = "a whole number"
	case "duration":
		want = "a duration such as 30s, 2m or 1m30s"
	case "bool":
		want = "true or false"
	}
	return reworded{fmt.Sprintf("--%s %q: want %s", ive.GetFlag().Name, ive.GetValue(), want), err}
}

// wrapArgs makes argument-count errors usage errors (exit status 2) that
// say which argument is missing or unexpected.
func wrapArgs(c *cobra.Command) {
	if c.Args == nil {
		return
	}
	args := c.Args
	c.Args = func(cmd *cobra.Command, a []string) error {
		if err := args(cmd, a); err != nil {
			return usageError{namedError{fmt.Errorf("%s: %w; usage: %s", cmd.CommandPath(), argProblem(cmd, a, err), cmd.UseLine())}}
		}
		return nil
	}
}

// argProblem rewords cobra's argument-count error for commands that take
// no argument or one named in their Use line ("score LINE.json").
func argProblem(cmd *cobra.Command, a []string, err error) error {
	name := ""
	if f := strings.Fields(cmd.Use); len(f) > 1 && !strings.ContainsAny(f[1][:1], "([-") {
		name = f[1]
	}
	switch {
	case name == "" && len(a) > 0:
		return reworded{fmt.Sprintf("unexpected argument %q (%s takes options only, and they start with --)", a[0], cmd.Name()), err}
	case name != "" && len(a) == 0:
		return reworded{fmt.Sprintf("missing the %s argument", name), err}
	case name != "" && len(a) > 1:
		return reworded{fmt.Sprintf("unexpected argument %q after %s (it takes one %s)", a[1], a[0], name), err}
	}
	return err
}

// reworded is an error of a library told in the user's words; the
// library's error stays reachable through Unwrap.
type reworded struct {
	msg   string
	cause error
}

func (e reworded) Error() string { return e.msg }
func (e reworded) Unwrap() error { return e.cause }

// version reports the module version go install recorded ("v1.2.0"), or for
// a build from a checkout the commit it was built from.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev == "" {
		return "(devel)"
	}
	return fmt.Sprintf("(devel, commit %s of %s%s)", rev, when, dirty)
}
