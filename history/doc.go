// Package history keeps the record of finished games: history.jsonl in the
// user's data directory, one FORMATS.md history entry a line, appended when a
// game ends, and the statistics and streaks read from it. It prints nothing,
// so the command line and the web server share it.
package history
