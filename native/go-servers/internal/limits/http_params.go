package limits

import (
	"fmt"

	"wirebench/goservers/internal/shapes"
)

// ParseCount is parse-count.ts: `:count` is a plain integer from 0 to max.
func ParseCount(value string, max int) (int, *Refusal) {
	if n, ok := plain(value); ok && n <= int64(max) {
		return int(n), nil
	}
	return 0, BadRequest("count", max,
		fmt.Sprintf("count must be an integer from 0 to %d, got %s", max, shapes.JSONString(value)))
}

// ParseShape is parse-shape.ts: absent is the article's row; an unknown name is refused listing the valid ones.
// `user` (a shape from the user's own .proto on a Node server) is unknown here: the Go servers have only the
// built-in shapes' generated code, and say so.
func ParseShape(registry []*shapes.Shape, value *string) (*shapes.Shape, *Refusal) {
	if value == nil {
		return registry[0], nil
	}
	if s := shapes.Find(registry, *value); s != nil {
		return s, nil
	}
	return nil, BadRequest("shape", Object{{"shapes", shapes.Names(registry)}}, UnknownShape(registry, *value))
}

// UnknownShape is UnknownShapeError's message, for HTTP and gRPC alike.
func UnknownShape(registry []*shapes.Shape, name string) string {
	message := fmt.Sprintf("unknown shape %s: valid shapes are %s", shapes.JSONString(name), shapes.ShapeList(registry))
	if name == "user" {
		message += " (the Go servers serve the built-in shapes only, not a user's own .proto)"
	}
	return message
}

// Serializer refuses any `?serializer=`: a Node JSON server may write with another JSON serializer; this one writes
// with encoding/json only, and names none it could switch to.
func Serializer(value *string) *Refusal {
	if value == nil {
		return nil
	}
	return BadRequest("serializer", Object{{"serializers", []string{}}},
		fmt.Sprintf("unknown JSON serializer %s: the Go JSON server writes with encoding/json only, so it takes no "+
			"serializer parameter", shapes.JSONString(*value)))
}

// StreamLimits are what a stream is checked against (parse-stream-params.ts' StreamLimits).
type StreamLimits struct {
	MaxStreamRows, MaxRows, DefaultChunkRows, BufferBytes int
}

// StreamParams is a checked stream range.
type StreamParams struct {
	Count, ChunkRows, Offset int
}

// ParseStreamParams is parse-stream-params.ts: count 0..MAX_STREAM_ROWS, chunk 1..MAX_ROWS (default
// STREAM_CHUNK_ROWS), offset with the last row number in an int32, one chunk within STREAM_BUFFER_BYTES.
func ParseStreamParams(count string, chunk, offset *string, l StreamLimits, shape *shapes.Shape) (StreamParams, *Refusal) {
	rows, ok := plain(count)
	if !ok || rows > int64(l.MaxStreamRows) {
		return StreamParams{}, bad("count", l.MaxStreamRows,
			fmt.Sprintf("count must be an integer from 0 to %d", l.MaxStreamRows), count)
	}
	chunkRows := int64(l.DefaultChunkRows)
	if chunk != nil {
		n, ok := plain(*chunk)
		if !ok || n < 1 || n > int64(l.MaxRows) {
			return StreamParams{}, bad("chunk", l.MaxRows, fmt.Sprintf("chunk must be an integer from 1 to %d", l.MaxRows), *chunk)
		}
		chunkRows = n
	}
	maxOffset := int64(int32Max) - max(rows-1, 0)
	var first int64
	if offset != nil {
		n, ok := plain(*offset)
		if !ok || n > maxOffset {
			return StreamParams{}, bad("offset", int(maxOffset), fmt.Sprintf("offset must be an integer from 0 to "+
				"%d (the last row number, offset + count - 1, must fit in an int32)", maxOffset), *offset)
		}
		first = n
	}
	rowBytes := shape.MaxRowBytes(int(first + rows - 1)).JSON
	if problem := ChunkBudgetProblem("chunk", int(min(chunkRows, rows)), rowBytes, l.BufferBytes); problem != "" {
		return StreamParams{}, BadRequest("chunk", l.BufferBytes/rowBytes, problem)
	}
	return StreamParams{Count: int(rows), ChunkRows: int(chunkRows), Offset: int(first)}, nil
}

func bad(parameter string, limit int, text, got string) *Refusal {
	return BadRequest(parameter, limit, text+", got "+shapes.JSONString(got))
}

// ChunkBudgetProblem is chunk-budget.ts: a chunk is held whole while it is sent, so its largest encoding must fit
// the stream's budget. "" when it does.
func ChunkBudgetProblem(parameter string, chunkRows, rowBytes, bufferBytes int) string {
	if chunkRows*rowBytes <= bufferBytes {
		return ""
	}
	return fmt.Sprintf("%s must be at most %d here: a chunk of %d rows may encode to %d bytes, more than a stream "+
		"may hold (STREAM_BUFFER_BYTES, %d)", parameter, bufferBytes/rowBytes, chunkRows, chunkRows*rowBytes, bufferBytes)
}
