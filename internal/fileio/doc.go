// Package fileio reads and writes the user's files safely: input read with a
// size cap ("-" is standard input), output written whole or not at all
// through a temporary file and a rename, or in place where a rename would
// break something (a device, a pipe, a hard link, another user's file), and
// lock files that keep two programs from writing the same file.
package fileio
