// Package session is a game of Nova Luna solo in progress, as a player plays
// it: the deck, the game, every action with undo (of a turn or of the end of
// phase 1), resuming from a saved line, the assists taken (hints and undos)
// and hard mode. It prints nothing; the terminal (cmd) and the browser (web)
// are front-ends of it.
package session
