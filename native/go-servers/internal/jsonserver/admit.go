package jsonserver

import (
	"net/http"
	"strconv"

	"wirebench/goservers/internal/budget"
	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/shapes"
)

// jsonReplyBytes is reply-bytes.ts: the largest `{"<rowsField>":[...]}` body of count rows, what a reply reserves.
func jsonReplyBytes(shape *shapes.Shape, count int) int {
	return count*shape.MaxRowBytes(count-1).JSON + len(`{"`+shape.RowsField+`":[]}`)
}

// ndjsonStreamBytes is what a stream may hold: its budget, or all of its rows when they are fewer.
func ndjsonStreamBytes(shape *shapes.Shape, p limits.StreamParams, bufferBytes int) int {
	return min(bufferBytes, p.Count*shape.MaxRowBytes(p.Offset+p.Count-1).JSON)
}

// admit is admit-http-reply.ts: the reservation's release, or the refusal already answered (400 for a reply that
// can never fit, 503 with Retry-After while the server is busy).
func admit(w http.ResponseWriter, b *budget.Budget, bytes int) func() {
	release, refusal := b.Reserve(bytes)
	if refusal == nil {
		return release
	}
	status, name := 503, "Service Unavailable"
	if refusal.TooLarge {
		status, name = 400, "Bad Request"
	} else {
		w.Header().Set("Retry-After", strconv.Itoa(budget.RetryAfterSeconds))
	}
	sendJSON(w, status, limits.Obj("statusCode", status, "error", name, "message", refusal.Describe(),
		"parameter", refusal.Setting, "limit", refusal.Max))
	return nil
}
