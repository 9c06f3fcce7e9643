package jsonserver

import (
	"bytes"
	"net/http"
	"time"

	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/timing"
)

// stream is `GET /samples/:count/stream?chunk=&offset=&shape=`: NDJSON, one row per line, written `chunk` rows at a
// time; each chunk is generated only once the previous one was written and flushed (Write blocks while the socket's
// buffer is full, so generation follows the reader), and nothing more once the client has gone. The totals go in a
// Server-Timing trailer (generate, serialize, send: the time Write and Flush took).
func (h *Handler) stream(w http.ResponseWriter, r *http.Request, target, count string) {
	// The query before the count, as on the Node servers.
	query, refusal := limits.ParseQuery(target, limits.StreamQuery)
	if refusal != nil {
		refuse(w, refusal)
		return
	}
	shape, refusal := h.shapeOf(query)
	if refusal != nil {
		refuse(w, refusal)
		return
	}
	p, refusal := limits.ParseStreamParams(count, optional(query, "chunk"), optional(query, "offset"), h.Stream, shape)
	if refusal != nil {
		refuse(w, refusal)
		return
	}
	release := admit(w, h.Budget, ndjsonStreamBytes(shape, p, h.Stream.BufferBytes))
	if release == nil {
		return
	}
	defer release()
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Trailer", "Server-Timing")
	w.WriteHeader(200)
	ctx := r.Context()
	flusher := http.NewResponseController(w)
	var phases timing.Phases
	phases.HasSend = true
	var chunk bytes.Buffer
	for sent := 0; sent < p.Count; sent += p.ChunkRows {
		chunk.Reset()
		if !rowsText(ctx, &chunk, shape, min(p.ChunkRows, p.Count-sent), p.Offset+sent, '\n', &phases) {
			return
		}
		start := time.Now()
		_, err := w.Write(chunk.Bytes())
		if err == nil {
			err = flusher.Flush()
		}
		phases.Send += time.Since(start)
		if err != nil {
			return // the client went away
		}
	}
	w.Header().Set("Server-Timing", timing.Format(phases))
}
