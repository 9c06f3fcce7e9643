package shapes

import (
	"bytes"
	"encoding/json"
	"strings"

	"google.golang.org/protobuf/proto"

	"wirebench/goservers/gen/samplepb"
	"wirebench/goservers/gen/shapespb"
)

// Registry is every built-in shape in libs/shapes' registry order (`row` first, the default), binary's blobs of
// blobBytes (BINARY_BLOB_BYTES). The servers iterate it for routes, services and health, and never switch on a name.
func Registry(blobBytes int) []*Shape {
	return []*Shape{
		{
			Name: "row", RowsField: "samples", Service: "sample.SampleService", UnaryMethod: "GetSamples",
			StreamMethod: "StreamSamples", ProtoFile: "sample.proto",
			JSONRows: makeJSON(RowOf),
			ProtoRows: func(count, offset int) proto.Message {
				return &samplepb.Samples{Samples: makeList(func(i int) *samplepb.Sample { return rowProto(RowOf(i)) }, count, offset)}
			},
			MaxRowBytes: rowBytes,
			UnaryParam:  func() proto.Message { return &samplepb.GetSamplesParam{} },
			StreamParam: func() proto.Message { return &samplepb.StreamSamplesParam{} },
		},
		builtIn("numeric", "NumericService", makeJSON(NumericJSONOf), func(count, offset int) proto.Message {
			return &shapespb.NumericRows{Rows: makeList(NumericProtoOf, count, offset)}
		}, fixed(numericBytes)),
		builtIn("text", "TextService", makeJSON(TextJSONOf), func(count, offset int) proto.Message {
			return &shapespb.TextRows{Rows: makeList(TextProtoOf, count, offset)}
		}, fixed(textBytes)),
		builtIn("nested", "NestedService", makeJSON(NestedJSONOf), func(count, offset int) proto.Message {
			return &shapespb.NestedRows{Rows: makeList(NestedProtoOf, count, offset)}
		}, fixed(nestedBytes)),
		binaryShape(blobBytes),
	}
}

func builtIn(name, service string, jsonRows func(int, int) JSONRows, protoRows func(int, int) proto.Message,
	bound func(int) RowBytes) *Shape {
	return &Shape{
		Name: name, RowsField: "rows", Service: "wirebench.shapes." + service, UnaryMethod: "GetRows",
		StreamMethod: "StreamRows", ProtoFile: "shapes.proto", JSONRows: jsonRows, ProtoRows: protoRows,
		MaxRowBytes: bound,
		UnaryParam:  func() proto.Message { return &shapespb.GetRowsParam{} },
		StreamParam: func() proto.Message { return &shapespb.StreamRowsParam{} },
	}
}

func binaryShape(blobBytes int) *Shape {
	shape := builtIn("binary", "BinaryService", makeJSON(binaryJSONOf(blobBytes)), func(count, offset int) proto.Message {
		return &shapespb.BinaryRows{Rows: makeList(binaryProtoOf(blobBytes), count, offset)}
	}, fixed(binaryBytes(blobBytes)))
	shape.Setting = &Setting{Variable: "BINARY_BLOB_BYTES", Value: blobBytes}
	return shape
}

// Names lists the shapes by name, in registry order, as the unknown-shape messages do.
func Names(registry []*Shape) []string {
	names := make([]string, len(registry))
	for k, s := range registry {
		names[k] = s.Name
	}
	return names
}

// Find is the shape of that name, or nil.
func Find(registry []*Shape, name string) *Shape {
	for _, s := range registry {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// JSONText is a value's JSON as JSON.stringify writes it for the values here: encoding/json without its HTML
// escaping of <, > and & (JavaScript leaves them alone), and without the Encoder's newline.
func JSONText(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only the servers' own structs, strings and numbers are passed here
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// JSONString is JSON.stringify of a string, as the messages quote what a client sent.
func JSONString(s string) string { return string(JSONText(s)) }

// ShapeList joins the names as the messages list them.
func ShapeList(registry []*Shape) string { return strings.Join(Names(registry), ", ") }
