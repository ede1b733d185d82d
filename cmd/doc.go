// Package cmd holds the novaluna command line: one file per command, each an
// options struct, a constructor that parses flags into it, and a run function
// that works through injected streams so tests can drive it with buffers.
package cmd
