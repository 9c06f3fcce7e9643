// Package jsonserver is the Go JSON server: net/http and encoding/json serving the rows, limits and admin routes of
// apps/bare-json-server, so the client times and verifies it as it does the Node one.
package jsonserver

import (
	"net/http"
	"strconv"

	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/shapes"
)

const jsonType = "application/json; charset=utf-8"

// sendJSON writes a value's JSON with the headers send-json.ts sets (Express's res.json): type with charset, length.
func sendJSON(w http.ResponseWriter, status int, body any) {
	sendJSONBytes(w, status, shapes.JSONText(body))
}

func sendJSONBytes(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", jsonType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body) // a client that left is nobody to tell
}

func refuse(w http.ResponseWriter, r *limits.Refusal) { sendJSON(w, r.Status, r.Body) }
