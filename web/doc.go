// Package web serves Nova Luna solo in the browser: a page and a JSON API
// over the game session. The server is stateless: the page sends the line
// played so far with each command, the server replays it with solo and
// answers the new position, so it stores nothing and any number of players
// may play at once. Every rule lives in solo; the page only draws what the
// server answers.
package web
