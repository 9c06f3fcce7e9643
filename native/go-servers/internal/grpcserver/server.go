package grpcserver

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/reflection"

	"wirebench/goservers/gen/adminpb"
	"wirebench/goservers/internal/budget"
	"wirebench/goservers/internal/config"
	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/resources"
	"wirebench/goservers/internal/shapes"
)

// NewServer is a grpc-go server with grpc-server-options.ts' settings where grpc-go has them: reply size
// GRPC_MAX_MESSAGE_BYTES, request size MAX_REQUEST_BYTES, GOAWAY to a connection idle for GRPC_IDLE_TIMEOUT_MS,
// keepalive pings every GRPC_KEEPALIVE_TIME_MS answered within GRPC_KEEPALIVE_TIMEOUT_MS, the handshake within
// GRPC_HANDSHAKE_TIMEOUT_MS (guard-handshakes.ts). grpc-js does not police a client's pings, so neither does this
// one (grpc-go's default would GOAWAY a client pinging more often than every 5 minutes). Every shape's service,
// health (SERVING for "" and each service), reflection, and wirebench.admin.Admin when meter is not nil.
func NewServer(c config.Config, registry []*shapes.Shape, meter *resources.Meter) *grpc.Server {
	server := grpc.NewServer(
		grpc.ForceServerCodec(codec{}),
		grpc.MaxSendMsgSize(c.GRPCMaxMessageBytes),
		grpc.MaxRecvMsgSize(c.MaxRequestBytes),
		grpc.KeepaliveParams(keepalive.ServerParameters{
			MaxConnectionIdle: c.GRPCIdle, Time: c.GRPCKeepaliveTime, Timeout: c.GRPCKeepalive,
		}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: time.Nanosecond, PermitWithoutStream: true}),
		grpc.ConnectionTimeout(c.GRPCHandshake),
	)
	rows := &Rows{
		MaxRows: c.MaxRows,
		Stream:  limits.StreamLimits{MaxStreamRows: c.MaxStreamRows, MaxRows: c.MaxRows, BufferBytes: c.StreamBufferBytes},
		Budget:  budget.New(c.MaxInflightBytes),
	}
	status := health.NewServer()
	status.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	for _, shape := range registry {
		server.RegisterService(rows.ServiceDesc(shape), nil)
		status.SetServingStatus(shape.Service, healthpb.HealthCheckResponse_SERVING)
	}
	healthpb.RegisterHealthServer(server, status)
	if meter != nil {
		adminpb.RegisterAdminServer(server, admin{meter: meter})
	}
	reflection.Register(server)
	return server
}
