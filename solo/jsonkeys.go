package solo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// checkJSON walks a JSON document alongside the Go type t it decodes into,
// and reports what encoding/json lets through or words poorly: a key that
// appears twice in an object (the decoder keeps the last), a key that
// differs from a format's key only in case (the decoder matches keys
// case-insensitively, FORMATS.md does not), and a value of the wrong type,
// named by where it is ("move 3: "x" holds a string"). Keys the type does
// not know are ignored, as FORMATS.md says. A syntax error ends the walk
// without a report: the decoder reports those.
func checkJSON(data []byte, t reflect.Type) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := walkJSON(dec, t, nil)
	var je *jsonError
	if errors.As(err, &je) {
		return err
	}
	return nil
}

func walkJSON(dec *json.Decoder, t reflect.Type, path []any) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if tok == nil {
		return nil // null: a missing value, which the format's checks report
	}
	if t != nil && t.Kind() == reflect.Interface {
		t = nil
	}
	switch tok := tok.(type) {
	case json.Delim:
		switch tok {
		case '{':
			if t != nil && t.Kind() != reflect.Struct && t.Kind() != reflect.Map {
				return typeMismatch(path, "an object", t)
			}
			return walkObject(dec, t, path)
		case '[':
			if t != nil && t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
				return typeMismatch(path, "a list", t)
			}
			var elem reflect.Type
			if t != nil {
				elem = t.Elem()
			}
			for i := 0; dec.More(); i++ {
				if err := walkJSON(dec, elem, append(path, i)); err != nil {
					return err
				}
			}
			_, err := dec.Token() // ]
			return err
		}
	case json.Number:
		if t == nil {
			return nil
		}
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if _, err := strconv.ParseInt(string(tok), 10, t.Bits()); err != nil {
				return typeMismatch(path, "the number "+string(tok), t)
			}
		case reflect.Float32, reflect.Float64:
		default:
			return typeMismatch(path, "a number", t)
		}
	case string:
		if t != nil && t.Kind() != reflect.String {
			return typeMismatch(path, "a string", t)
		}
	case bool:
		if t != nil && t.Kind() != reflect.Bool {
			return typeMismatch(path, "true or false", t)
		}
	}
	return nil
}

// walkObject walks the members of an object after its '{'.
func walkObject(dec *json.Decoder, t reflect.Type, path []any) error {
	fields := map[string]reflect.Type{}
	if t != nil && t.Kind() == reflect.Struct {
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			if name != "-" {
				fields[name] = f.Type
			}
		}
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if seen[key] {
			return &jsonError{fmt.Sprintf("malformed JSON: %sthe key %q appears twice; give each key once", in(path), key), nil}
		}
		seen[key] = true
		ft, known := fields[key]
		if !known {
			for name := range fields {
				if strings.EqualFold(name, key) {
					return &jsonError{fmt.Sprintf("malformed JSON: %sthe key %q should be %q: keys are written exactly as FORMATS.md gives them", in(path), key, name), nil}
				}
			}
		}
		if t != nil && t.Kind() == reflect.Map {
			ft = t.Elem()
		}
		if err := walkJSON(dec, ft, append(path, key)); err != nil {
			return err
		}
	}
	_, err := dec.Token() // }
	return err
}

func typeMismatch(path []any, found string, want reflect.Type) error {
	return &jsonError{fmt.Sprintf("malformed JSON: %s holds %s, want %s", where(path), found, jsonTypeName(want)), nil}
}

// where names a place in a document in the words of the formats: "move 3:
// "x"", "deck position 4", ""phase1_turns"", "the document".
func where(path []any) string {
	if len(path) == 0 {
		return "the document"
	}
	if len(path) >= 2 {
		if k, ok := path[0].(string); ok {
			if i, ok := path[1].(int); ok {
				var head string
				switch k {
				case "moves":
					head = fmt.Sprintf("move %d", i+1)
				case "deck":
					head = fmt.Sprintf("deck position %d", i+1)
				default:
					head = fmt.Sprintf("item %d of %q", i+1, k)
				}
				if len(path) == 2 {
					return head
				}
				return head + ": " + where(path[2:])
			}
		}
	}
	var b strings.Builder
	for i, p := range path {
		switch p := p.(type) {
		case string:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(p)
		case int:
			fmt.Fprintf(&b, "[%d]", p)
		}
	}
	return strconv.Quote(b.String())
}

// in is where(path) as the start of a message about something inside that
// place, or "" at the top of the document.
func in(path []any) string {
	if len(path) == 0 {
		return ""
	}
	return "in " + where(path) + ", "
}
