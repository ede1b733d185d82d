package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// stopSignals are the signals that stop a long command cleanly: Ctrl-C, and
// what kill and service managers send.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// onStopSignal returns a context that is cancelled when the process gets
// SIGINT or SIGTERM, a function that tells which one came (nil if none),
// and a function that stops listening, after which the signals act as
// usual again.
func onStopSignal(parent context.Context) (ctx context.Context, caught func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	var (
		mu  sync.Mutex
		got os.Signal
	)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			mu.Lock()
			got = sig
			mu.Unlock()
			cancel()
		case <-done:
		}
	}()
	caught = func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return got
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel()
		})
	}
	return ctx, caught, stop
}

// interruptedError is a command stopped by a signal before it could finish;
// the message says what was done and what was not. Main exits with 128 +
// the signal's number, as shells do.
type interruptedError struct {
	sig os.Signal
	msg string
}

func (e interruptedError) Error() string {
	return fmt.Sprintf("stopped by %s: %s", signalName(e.sig), e.msg)
}

// exitStatus is 130 for SIGINT, 143 for SIGTERM.
func (e interruptedError) exitStatus() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitError
}

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "an interrupt (SIGINT)"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return fmt.Sprint(sig)
}

// interrupted returns an interruptedError for a command that failed after
// a signal came, else err unchanged.
func interrupted(caught func() os.Signal, err error, format string, args ...any) error {
	if sig := caught(); sig != nil && err != nil {
		return interruptedError{sig: sig, msg: fmt.Sprintf(format, args...)}
	}
	return err
}

// isInterrupted reports whether err is a stop by a signal, and its status.
func isInterrupted(err error) (int, bool) {
	var ie interruptedError
	if errors.As(err, &ie) {
		return ie.exitStatus(), true
	}
	return 0, false
}
