// go-grpc-server: the native floor of the gRPC family. grpc-go and protobuf-go serving the same services, rows and
// limits as apps/bare-grpc-server, on GO_GRPC_SERVER_PORT (3032) at GRPC_SERVER_HOST.
package main

import (
	"net"
	"os"
	"strings"
	"time"

	"wirebench/goservers/internal/config"
	"wirebench/goservers/internal/grpcserver"
	"wirebench/goservers/internal/lifecycle"
	"wirebench/goservers/internal/shapes"
)

const app = "go-grpc-server"

// Calls in flight when a signal comes get this long to finish before they are cut.
const closeGrace = 5 * time.Second

func main() {
	c := lifecycle.Start(app)
	registry := shapes.Registry(c.BinaryBlobBytes)
	meter := lifecycle.Meter(c, c.GRPCHost, registry)
	server := grpcserver.NewServer(c, registry, meter)
	address := config.ListenAddress(c.GRPCHost, c.GRPCPort)
	listener, err := net.Listen("tcp", address)
	if err != nil {
		lifecycle.ExitOnListenError(app, address, err)
	}
	go func() {
		if err := server.Serve(listener); err != nil {
			lifecycle.ExitOnListenError(app, address, err)
		}
	}()
	services := make([]string, 0, len(registry))
	for _, s := range registry {
		services = append(services, s.Service)
	}
	where := listener.Addr().String() + " (" + strings.Join(services, ", ") + ", grpc.health.v1.Health, reflection)"
	lifecycle.Listening(app, where, grpcserver.AdminService, c, c.GRPCHost)
	lifecycle.WaitForStop()
	stopped := make(chan struct{})
	go func() {
		server.GracefulStop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(closeGrace):
		server.Stop()
	}
	os.Exit(0)
}
