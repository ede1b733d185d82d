// Package puzzles makes the daily puzzles and rates them, compares a
// played line with the solver's best, writes the spoiler-free share line and
// draws the printable PDF sheets. It builds on package solo and, for ratings,
// comparisons and answer pages, on package solver.
package puzzles
