package jsonserver

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"wirebench/goservers/internal/shapes"
	"wirebench/goservers/internal/timing"
)

// pieceRows is STREAM_PIECE_ROWS / REPLY_PIECE_ROWS: rows generated and encoded between two looks at the client,
// so a reply or chunk of any size stops within a few ms of work once its client has gone.
const pieceRows = 2000

// rowsText appends rows first .. first+count-1 of the shape, one JSON text per row followed by sep (',' inside a
// reply's array, '\n' in NDJSON), timing generate (the rows in their JSON form) and serialize (encoding/json)
// separately. It stops early, returning false, once ctx is done.
func rowsText(ctx context.Context, buf *bytes.Buffer, shape *shapes.Shape, count, first int, sep byte,
	phases *timing.Phases) bool {
	enc := json.NewEncoder(buf)
	// JSON.stringify leaves <, > and & alone; encoding/json's default escapes them.
	enc.SetEscapeHTML(false)
	for done := 0; done < count; done += pieceRows {
		if ctx.Err() != nil {
			return false
		}
		watch := timing.Start()
		rows := shape.JSONRows(min(pieceRows, count-done), first+done)
		watch = watch.Add(&phases.Generate)
		for k := 0; k < rows.Len(); k++ {
			if err := rows.Encode(enc, k); err != nil {
				panic(err) // the shapes' own structs always encode
			}
			// Encode ends each text with '\n': NDJSON's separator already, the array's comma otherwise.
			buf.Bytes()[buf.Len()-1] = sep
		}
		watch.Add(&phases.Serialize)
	}
	return true
}

// replyBody is `{"<rowsField>":[row,row,...]}`, the bytes JSON.stringify writes for the Node server's reply; nil when
// ctx was done first. sizeHint is the reply's reserved bound, so the buffer grows at most once.
func replyBody(ctx context.Context, shape *shapes.Shape, count, sizeHint int) ([]byte, timing.Phases) {
	var phases timing.Phases
	buf := bytes.NewBuffer(make([]byte, 0, sizeHint))
	buf.WriteString(`{"` + shape.RowsField + `":[`)
	if !rowsText(ctx, buf, shape, count, 0, ',', &phases) {
		return nil, phases
	}
	start := time.Now()
	if count > 0 {
		buf.Truncate(buf.Len() - 1) // the last row's comma
	}
	buf.WriteString("]}")
	phases.Serialize += time.Since(start)
	return buf.Bytes(), phases
}
