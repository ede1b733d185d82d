// Package puzzles makes the daily puzzles, the spoiler-free share line and
// the printable sheets. It builds on package solo (and solver for answers).
package puzzles
