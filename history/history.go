package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// FileName is the history's file in the data directory.
const FileName = "history.jsonl"

// DateLayout is the form of an entry's date: YYYY-MM-DD.
const DateLayout = "2006-01-02"

// maxLine caps an entry's line: a game's line is under 2 KB, so a longer
// line is damage, skipped without reading it all into memory.
const maxLine = 64 << 10

// Entry is one finished game, a line of history.jsonl (FORMATS.md).
type Entry struct {
	// Date is the daily puzzle's date (midnight UTC), or the zero time for
	// a game that was not a daily.
	Date       time.Time
	FinishedAt time.Time // UTC
	Score      int
	// Par is the daily's par when the game ended, 0 when there is none.
	Par     int
	Assists solo.Assists
	Line    solo.Line
}

// IsDaily reports whether the entry is a daily puzzle's.
func (e Entry) IsDaily() bool { return !e.Date.IsZero() }

// OnItsDay reports whether a daily was finished on its own date (UTC), the
// condition for counting toward a streak.
func (e Entry) OnItsDay() bool {
	return e.IsDaily() && e.FinishedAt.UTC().Format(DateLayout) == e.Date.Format(DateLayout)
}

type entryJSON struct {
	Date       *string         `json:"date"`
	FinishedAt *string         `json:"finished_at"`
	Score      *int            `json:"score"`
	Par        *int            `json:"par"`
	Assists    *solo.Assists   `json:"assists"`
	Line       json.RawMessage `json:"line"`
}

// MarshalJSON writes the FORMATS.md history entry: "date" and "par" are
// null for a game that was not a daily.
func (e Entry) MarshalJSON() ([]byte, error) {
	line := e.Line
	line.Assists = nil // the entry's own "assists" key says it
	lj, err := json.Marshal(line)
	if err != nil {
		return nil, err
	}
	fin := e.FinishedAt.UTC().Format(time.RFC3339)
	score := e.Score
	out := entryJSON{FinishedAt: &fin, Score: &score, Assists: &e.Assists, Line: lj}
	if e.IsDaily() {
		d := e.Date.Format(DateLayout)
		out.Date = &d
		if e.Par > 0 {
			par := e.Par
			out.Par = &par
		}
	}
	return json.Marshal(out)
}

// ParseEntry reads one history line and checks it: the keys of FORMATS.md,
// a real date and time, and a line that replays to the score it claims.
func ParseEntry(data []byte) (Entry, error) {
	var ej entryJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&ej); err != nil {
		return Entry{}, fmt.Errorf("not a JSON object: %v", err)
	}
	if dec.More() {
		return Entry{}, errors.New("more than one JSON value on the line")
	}
	var e Entry
	switch {
	case ej.FinishedAt == nil:
		return Entry{}, errors.New(`missing required key "finished_at"`)
	case ej.Score == nil:
		return Entry{}, errors.New(`missing required key "score"`)
	case len(ej.Line) == 0 || string(ej.Line) == "null":
		return Entry{}, errors.New(`missing required key "line"`)
	}
	t, err := time.Parse(time.RFC3339, *ej.FinishedAt)
	if err != nil {
		return Entry{}, fmt.Errorf(`"finished_at" %q: want a UTC time such as 2026-11-22T19:04:11Z`, *ej.FinishedAt)
	}
	e.FinishedAt = t.UTC()
	if ej.Date != nil {
		d, err := time.Parse(DateLayout, *ej.Date)
		if err != nil {
			return Entry{}, fmt.Errorf(`"date" %q: want YYYY-MM-DD or null`, *ej.Date)
		}
		e.Date = d
	}
	if ej.Par != nil {
		e.Par = *ej.Par
	}
	if ej.Assists != nil {
		if ej.Assists.Hints < 0 || ej.Assists.Undos < 0 {
			return Entry{}, errors.New(`"assists" counts must not be negative`)
		}
		e.Assists = *ej.Assists
	}
	e.Line, err = solo.ParseLine(ej.Line)
	if err != nil {
		return Entry{}, fmt.Errorf(`"line": %v`, err)
	}
	sc, err := solo.Replay(e.Line)
	if err != nil {
		return Entry{}, fmt.Errorf(`"line" is not a legal game: %v`, err)
	}
	e.Score = *ej.Score
	if sc.Total() != e.Score {
		return Entry{}, fmt.Errorf(`"score" is %d, but the line scores %d`, e.Score, sc.Total())
	}
	return e, nil
}

// Problem is a line of the history that could not be read. It stays in the
// file untouched; readers skip it.
type Problem struct {
	Line int    // 1-based line number in the file
	Text string // the start of the line, for the report
	Err  error
}

func (p Problem) Error() string {
	return fmt.Sprintf("%s line %d: %v (skipped; the line stays in the file)", FileName, p.Line, p.Err)
}

// Dir returns the data directory: $NOVALUNA_HOME when set, else the
// platform's user data directory ($XDG_DATA_HOME/novaluna, by default
// ~/.local/share/novaluna, on Linux and the BSDs; ~/Library/Application
// Support/novaluna on macOS; %LocalAppData%\novaluna on Windows).
func Dir() (string, error) {
	if d := os.Getenv("NOVALUNA_HOME"); d != "" {
		return d, nil
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "novaluna"), nil
		}
	case "darwin", "ios":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no data directory: %w; set NOVALUNA_HOME", err)
		}
		return filepath.Join(home, "Library", "Application Support", "novaluna"), nil
	default:
		if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, "novaluna"), nil
		}
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data directory: %w; set NOVALUNA_HOME", err)
	}
	return filepath.Join(home, ".local", "share", "novaluna"), nil
}

// Append adds an entry to the history in dir, creating both if need be,
// with one durable append: the file is opened with O_APPEND, the whole line
// goes out in a single write, and the file is synced before Append returns.
// Two games ending at once both land, each on its own line. If the file
// ends in a torn line (no final newline), the entry starts on a new line so
// that it is not glued to the damage.
func Append(dir string, e Entry) error {
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot make the data directory: %w", err)
	}
	path := filepath.Join(dir, FileName)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("cannot open the history: %w", err)
	}
	if endsTorn(f) {
		data = append([]byte{'\n'}, data...)
	}
	data = append(data, '\n')
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the history: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the history: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write the history: %w", err)
	}
	return nil
}

// endsTorn reports whether the file is not empty and its last byte is not
// a newline.
func endsTorn(f *os.File) bool {
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return false
	}
	r, err := os.Open(f.Name())
	if err != nil {
		return false
	}
	defer r.Close()
	var b [1]byte
	if _, err := r.ReadAt(b[:], st.Size()-1); err != nil {
		return false
	}
	return b[0] != '\n'
}

// Read returns the entries of the history in dir, in file order, and the
// lines it skipped. A missing file is an empty history. Only a file that
// exists and cannot be read is an error.
func Read(dir string) ([]Entry, []Problem, error) {
	f, err := os.Open(filepath.Join(dir, FileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read the history: %w", err)
	}
	defer f.Close()
	return ReadFrom(f)
}

// ReadFrom reads history lines from r, as [Read] does.
func ReadFrom(r io.Reader) ([]Entry, []Problem, error) {
	var entries []Entry
	var problems []Problem
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, long, err := readLine(br)
		if err != nil && !errors.Is(err, io.EOF) {
			return entries, problems, fmt.Errorf("cannot read the history: %w", err)
		}
		if len(bytes.TrimSpace(line)) > 0 || long {
			switch e, perr := ParseEntry(line); {
			case long:
				problems = append(problems, Problem{n, snippet(line), fmt.Errorf("longer than %d KB", maxLine>>10)})
			case perr != nil:
				problems = append(problems, Problem{n, snippet(line), perr})
			default:
				entries = append(entries, e)
			}
		}
		if err != nil {
			return entries, problems, nil
		}
	}
}

// readLine reads a line without its newline, keeping at most maxLine bytes
// of it; long says it had more.
func readLine(br *bufio.Reader) (line []byte, long bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > maxLine {
			long = true
		} else {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), long, err
	}
}

func snippet(b []byte) string {
	const n = 40
	r := []rune(string(b))
	if len(r) > n {
		return string(r[:n]) + "..."
	}
	return string(r)
}
