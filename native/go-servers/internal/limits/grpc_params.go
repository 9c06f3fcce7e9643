package limits

import (
	"fmt"

	"wirebench/goservers/internal/shapes"
)

// GetRowsProblem is get-samples-param.ts' check of GetSamples / GetRows, "" when it will serve.
func GetRowsProblem(count int32, maxRows int) string {
	if count < 0 || int(count) > maxRows {
		return fmt.Sprintf("count must be an integer from 0 to %d (MAX_ROWS), got %d", maxRows, count)
	}
	return ""
}

// StreamRowsProblem is stream-samples-param.ts' check of StreamSamples / StreamRows, "" when it will serve.
func StreamRowsProblem(count, offset, chunkRows int32, l StreamLimits, shape *shapes.Shape) string {
	if count < 0 || int(count) > l.MaxStreamRows {
		return fmt.Sprintf("count must be an integer from 0 to %d (MAX_STREAM_ROWS), got %d", l.MaxStreamRows, count)
	}
	if chunkRows < 1 || int(chunkRows) > l.MaxRows {
		return fmt.Sprintf("chunk_rows must be an integer from 1 to %d (MAX_ROWS), got %d", l.MaxRows, chunkRows)
	}
	if offset < 0 || int64(offset)+int64(max(count, 1))-1 > int32Max {
		return fmt.Sprintf("offset must be an integer from 0 with offset + count - 1 at most %d (rowNum is an "+
			"int32), got offset %d and count %d", int32Max, offset, count)
	}
	last := int(int64(offset) + int64(count) - 1)
	return ChunkBudgetProblem("chunk_rows", int(min(chunkRows, count)), shape.MaxRowBytes(last).Protobuf, l.BufferBytes)
}

// The request metadata by which a Node gRPC server is asked for slices (grpc-sliced) or another serializer
// (grpc-static, grpc-es, grpc-tsproto).
const (
	SliceRowsMetadata  = "wirebench-slice-rows"
	SerializerMetadata = "wirebench-serializer"
)

// MetadataProblem refuses those requests: this server encodes every reply with protobuf-go, in one piece.
func MetadataProblem(key string) string {
	return fmt.Sprintf("%s is not served here: the Go gRPC server encodes with protobuf-go only", key)
}
