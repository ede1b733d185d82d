package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/novaluna/novaluna/history"
)

// checkHistory reads history.jsonl lines as the history package reads the
// file (FORMATS.md keys, a real date and time, a line that replays to its
// score) and answers the good entries, written as the package writes them,
// and the damaged lines by number. The page imports a history through it in
// pieces of less than MaxBody bytes, so that a browser's history follows the
// same rules as the terminal's.
func (s *Server) checkHistory(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, apiError{Error: fmt.Sprintf("send the history in pieces of at most %d bytes", MaxBody)})
			return
		}
		writeError(w, http.StatusBadRequest, apiError{Error: "reading the request: " + err.Error()})
		return
	}
	entries, problems, err := history.ReadFrom(bytes.NewReader(body))
	if err != nil {
		writeError(w, http.StatusBadRequest, apiError{Error: err.Error()})
		return
	}
	type problemJSON struct {
		Line  int    `json:"line"`
		Error string `json:"error"`
	}
	out := struct {
		Entries  []json.RawMessage `json:"entries"`
		Problems []problemJSON     `json:"problems"`
	}{Entries: []json.RawMessage{}, Problems: []problemJSON{}}
	for _, e := range entries {
		data, err := json.Marshal(e)
		if err != nil {
			writeError(w, http.StatusInternalServerError, apiError{Error: err.Error()})
			return
		}
		out.Entries = append(out.Entries, data)
	}
	for _, p := range problems {
		out.Problems = append(out.Problems, problemJSON{p.Line, p.Err.Error()})
	}
	writeJSON(w, http.StatusOK, out)
}
