// go-json-server: the native floor of the JSON family. net/http and encoding/json serving the same rows, limits and
// admin routes as apps/bare-json-server, on GO_JSON_SERVER_PORT (3031) at JSON_SERVER_HOST.
package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"time"

	"wirebench/goservers/internal/budget"
	"wirebench/goservers/internal/jsonserver"
	"wirebench/goservers/internal/lifecycle"
	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/shapes"
)

const app = "go-json-server"

// Requests still running when a signal comes get this long before their connections are cut (the bare server's).
const closeGrace = 5 * time.Second

func main() {
	c := lifecycle.Start(app)
	registry := shapes.Registry(c.BinaryBlobBytes)
	handler := jsonserver.NewHandler(jsonserver.Handler{
		Registry: registry,
		MaxRows:  c.MaxRows,
		Stream: limits.StreamLimits{
			MaxStreamRows: c.MaxStreamRows, MaxRows: c.MaxRows, DefaultChunkRows: c.StreamChunkRows,
			BufferBytes: c.StreamBufferBytes,
		},
		Budget: budget.New(c.MaxInflightBytes),
		Meter:  lifecycle.Meter(c, c.JSONHost, registry),
	})
	server := jsonserver.NewServer(c, handler)
	listener, err := net.Listen("tcp", server.Addr)
	if err != nil {
		lifecycle.ExitOnListenError(app, server.Addr, err)
	}
	go func() {
		if err := server.Serve(listener); err != nil && !errors.Is(err, http.ErrServerClosed) {
			lifecycle.ExitOnListenError(app, server.Addr, err)
		}
	}()
	lifecycle.Listening(app, "http://"+listener.Addr().String(), jsonserver.ResourcesAt, c, c.JSONHost)
	lifecycle.WaitForStop()
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	if server.Shutdown(ctx) != nil {
		_ = server.Close()
	}
	os.Exit(0)
}
