package shapes

import (
	"encoding/json"

	"google.golang.org/protobuf/proto"
)

// RowBytes bounds what one row takes, as libs/shapes' Shape.maxRowBytes: its JSON text plus a separator, and its
// record in the rows message as protobufjs encodes it. The limits and the in-flight budget are computed from it, so
// a request is refused here exactly where a Node server refuses it.
type RowBytes struct {
	JSON     int
	Protobuf int
}

// Setting is a configuration value a shape's rows depend on (BINARY_BLOB_BYTES), reported in shapeSettings.
type Setting struct {
	Variable string
	Value    int
}

// JSONRows are generated rows in their JSON form, encoded one at a time so a body can be built in pieces.
type JSONRows interface {
	Len() int
	Encode(enc *json.Encoder, k int) error
}

// jsonSlice adapts a slice of a shape's JSON structs; each row is one json.Encoder.Encode (text plus "\n").
type jsonSlice[T any] []T

func (s jsonSlice[T]) Len() int { return len(s) }

func (s jsonSlice[T]) Encode(enc *json.Encoder, k int) error { return enc.Encode(&s[k]) }

// Shape is one entry of the registry: what the servers need to serve it, so they never switch on a name.
type Shape struct {
	Name string
	// RowsField is the reply's key in JSON (`samples` for the article's row, `rows` otherwise).
	RowsField    string
	Service      string
	UnaryMethod  string
	StreamMethod string
	// ProtoFile is the file that declares Service, as reflection names it.
	ProtoFile string
	// JSONRows generates rows offset .. offset+count-1 in their proto3 JSON form (the generate phase).
	JSONRows func(count, offset int) JSONRows
	// ProtoRows generates the same rows as the shape's rows message (the generate phase).
	ProtoRows func(count, offset int) proto.Message
	// MaxRowBytes bounds any row numbered up to lastRowNum (libs/shapes maxRowBytes).
	MaxRowBytes func(lastRowNum int) RowBytes
	// UnaryParam and StreamParam are the methods' request messages (sample's own for `row`, shapes' otherwise).
	UnaryParam, StreamParam func() proto.Message
	Setting                 *Setting
}

// makeJSON and makeProto build rows offset .. offset+count-1 with a row function.
func makeJSON[T any](row func(int) T) func(count, offset int) JSONRows {
	return func(count, offset int) JSONRows {
		out := make(jsonSlice[T], count)
		for k := range out {
			out[k] = row(offset + k)
		}
		return out
	}
}

func makeList[T any](row func(int) T, count, offset int) []T {
	out := make([]T, count)
	for k := range out {
		out[k] = row(offset + k)
	}
	return out
}
