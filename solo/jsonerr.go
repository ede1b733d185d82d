package solo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// jsonError is a JSON decoding failure told in the words of the file
// formats, not of Go: which key holds what, and what it should hold. The
// decoder's own error stays reachable through Unwrap.
type jsonError struct {
	msg   string
	cause error
}

func (e *jsonError) Error() string { return e.msg }
func (e *jsonError) Unwrap() error { return e.cause }

// describeJSONError explains err, an error of json.Decoder.Decode on data.
func describeJSONError(data []byte, err error) error {
	var (
		typeErr   *json.UnmarshalTypeError
		syntaxErr *json.SyntaxError
	)
	switch {
	case errors.Is(err, io.EOF):
		return &jsonError{"malformed JSON: the file is empty", err}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &jsonError{"malformed JSON: the document stops before its end (a missing ] or }?)", err}
	case errors.As(err, &syntaxErr):
		line, col := lineCol(data, syntaxErr.Offset)
		return &jsonError{fmt.Sprintf("malformed JSON at line %d, column %d: %s", line, col, syntaxErr.Error()), err}
	case errors.As(err, &typeErr):
		where := "the document"
		if typeErr.Field != "" {
			where = fmt.Sprintf("%q", typeErr.Field)
		}
		return &jsonError{fmt.Sprintf("malformed JSON: %s holds %s, want %s", where, jsonValueName(typeErr.Value), jsonTypeName(typeErr.Type)), err}
	}
	return &jsonError{"malformed JSON: " + err.Error(), err}
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(data []byte, offset int64) (int, int) {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - (bytes.LastIndexByte(before, '\n') + 1)
	return line, max(col, 1)
}

// jsonValueName names what the decoder found: "number 1.5", "string", ...
func jsonValueName(v string) string {
	switch {
	case strings.HasPrefix(v, "number "):
		return "the number " + strings.TrimPrefix(v, "number ")
	case v == "number":
		return "a number"
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	case v == "bool":
		return "true or false"
	}
	return "a " + v
}

// jsonTypeName names the JSON a Go type reads.
func jsonTypeName(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "something else"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Slice, reflect.Array:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(jsonTypeName(t.Elem()), "a "), "an ") + "s"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return "another kind of value"
}
