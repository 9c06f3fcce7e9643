package shapes

import (
	"google.golang.org/protobuf/proto"

	"wirebench/goservers/gen/samplepb"
	"wirebench/goservers/gen/shapespb"
)

// The bounds of numeric, text and nested rows do not depend on the row number (libs/shapes bounds them by a widest
// row of fixed values): these are the figures maxRowBytes gives there, checked against Node by the tests
// (bounds_test.go) so a limit message here names the same numbers as a Node server's.
var (
	numericBytes = RowBytes{JSON: 526, Protobuf: 123}
	textBytes    = RowBytes{JSON: 2035, Protobuf: 1984}
	nestedBytes  = RowBytes{JSON: 825, Protobuf: 400}
)

func fixed(b RowBytes) func(int) RowBytes { return func(int) RowBytes { return b } }

// rowBytes is the article row's exact bound: the last row of a range is its longest. protobufjs writes a field set
// to its default (rowNum 0), which protobuf-go leaves out; the bound is protobufjs's, as the Node servers reserve.
func rowBytes(lastRowNum int) RowBytes {
	r := RowOf(max(0, lastRowNum))
	size := proto.Size(&samplepb.Samples{Samples: []*samplepb.Sample{rowProto(r)}})
	if r.RowNum == 0 {
		size += 2 // tag and a zero varint
	}
	return RowBytes{JSON: len(JSONText(r)) + 1, Protobuf: size}
}

// binaryBytes bounds a binary row by a widest one: every blob has the same size, so only the row number and the
// content type vary in length. Every field is set, so protobuf-go and protobufjs encode it alike.
func binaryBytes(blobBytes int) RowBytes {
	widest := BinaryJSON{RowNum: 1<<31 - 1, ContentType: "application/octet-stream", Data: make([]byte, blobBytes)}
	message := &shapespb.BinaryRows{Rows: []*shapespb.BinaryRow{{
		RowNum: widest.RowNum, ContentType: widest.ContentType, Data: widest.Data,
	}}}
	return RowBytes{JSON: len(JSONText(widest)) + 1, Protobuf: proto.Size(message)}
}
