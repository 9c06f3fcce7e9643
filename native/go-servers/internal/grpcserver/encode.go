package grpcserver

import (
	"context"

	"google.golang.org/protobuf/proto"

	"wirebench/goservers/internal/shapes"
	"wirebench/goservers/internal/timing"
)

// pieceRows is STREAM_PIECE_ROWS / REPLY_PIECE_ROWS: rows generated and encoded between two looks at the call.
const pieceRows = 2000

// Deterministic: nested's map entries in key order, the same bytes every time (protobufjs writes them in insertion
// order, so the bytes differ from Node's there, the decoded rows do not).
var marshal = proto.MarshalOptions{Deterministic: true}

// rowsMessage is the rows message of rows first .. first+count-1, encoded piece by piece: a repeated field's records
// concatenate, so the pieces' bytes are the whole message's. generate is the rows made as messages, serialize the
// protobuf-go encode. nil once ctx is done (the client cancelled). sizeHint is its reserved bound.
func rowsMessage(ctx context.Context, shape *shapes.Shape, count, first, sizeHint int, phases *timing.Phases) Encoded {
	buf := make([]byte, 0, sizeHint)
	for done := 0; done < count; done += pieceRows {
		if ctx.Err() != nil {
			return nil
		}
		watch := timing.Start()
		piece := shape.ProtoRows(min(pieceRows, count-done), first+done)
		watch = watch.Add(&phases.Generate)
		var err error
		if buf, err = marshal.MarshalAppend(buf, piece); err != nil {
			panic(err) // the shapes' own messages always encode
		}
		watch.Add(&phases.Serialize)
	}
	return buf
}
