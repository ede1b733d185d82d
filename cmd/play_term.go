package cmd

import (
	"errors"
	"io"
	"os"

	"golang.org/x/term"
)

// rawTerminal is play's input on a real terminal: the terminal in raw mode
// and golang.org/x/term's line editor on it, so that the prompt has arrow
// keys, history (up and down) and Ctrl-A/Ctrl-E. Scripted input (a pipe or
// a file) never gets here and is read as it always was.
type rawTerminal struct {
	fd    int
	old   *term.State
	t     *term.Terminal
	lines <-chan string
}

// openRawTerminal puts in into raw mode when both in and out are terminals
// and returns the line editor; ok is false when they are not (or raw mode
// fails), and play reads lines as in a script. interrupt is called on
// Ctrl-C, which raw mode delivers as a key, not a signal.
func openRawTerminal(in io.Reader, out io.Writer, interrupt func()) (rt *rawTerminal, ok bool) {
	fin, okIn := in.(*os.File)
	fout, okOut := out.(*os.File)
	if !okIn || !okOut || !term.IsTerminal(int(fin.Fd())) || !term.IsTerminal(int(fout.Fd())) {
		return nil, false
	}
	fd := int(fin.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return nil, false
	}
	t, lines := editLines(fin, fout, interrupt)
	return &rawTerminal{fd: fd, old: old, t: t, lines: lines}, true
}

// restore puts the terminal back as it was.
func (rt *rawTerminal) restore() { _ = term.Restore(rt.fd, rt.old) }

// editLines reads lines from in through a line editor that echoes to out,
// and sends them until the input ends (Ctrl-D on an empty line). Ctrl-C
// calls interrupt and reading goes on, so that play can still ask where to
// save the game.
func editLines(in io.Reader, out io.Writer, interrupt func()) (*term.Terminal, <-chan string) {
	// The screen writes its own prompt, so the editor's is empty.
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{&ctrlCReader{r: in, interrupt: interrupt}, out}, "")
	ch := make(chan string)
	go func() {
		defer close(ch)
		for {
			line, err := t.ReadLine()
			if errors.Is(err, term.ErrPasteIndicator) {
				err = nil
			}
			if err != nil {
				return
			}
			ch <- line
		}
	}()
	return t, ch
}

// ctrlCReader takes Ctrl-C out of what it reads and calls interrupt for it:
// the line editor would take it for the end of the input, like Ctrl-D.
type ctrlCReader struct {
	r         io.Reader
	interrupt func()
}

func (c *ctrlCReader) Read(p []byte) (int, error) {
	for {
		n, err := c.r.Read(p)
		kept := p[:0]
		for _, b := range p[:n] {
			if b == keyCtrlC {
				c.interrupt()
				continue
			}
			kept = append(kept, b)
		}
		if len(kept) > 0 || err != nil {
			return len(kept), err
		}
	}
}

// keyCtrlC is the byte a terminal in raw mode sends for Ctrl-C.
const keyCtrlC = 3
