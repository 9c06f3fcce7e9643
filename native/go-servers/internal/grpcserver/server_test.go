package grpcserver

import (
	"context"
	"net"
	"regexp"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"wirebench/goservers/gen/samplepb"
	"wirebench/goservers/gen/shapespb"
	"wirebench/goservers/internal/config"
	"wirebench/goservers/internal/shapes"
)

func dial(t *testing.T) *grpc.ClientConn {
	t.Helper()
	c, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	registry := shapes.Registry(shapes.DefaultBlobBytes)
	server := NewServer(c, registry, nil)
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	conn, err := grpc.NewClient(listener.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func TestGetSamples(t *testing.T) {
	conn := dial(t)
	var trailer metadata.MD
	reply, err := samplepb.NewSampleServiceClient(conn).GetSamples(context.Background(),
		&samplepb.GetSamplesParam{Count: 3}, grpc.Trailer(&trailer))
	if err != nil {
		t.Fatal(err)
	}
	if len(reply.Samples) != 3 || reply.Samples[2].ColumnJ != "columnJ2" {
		t.Errorf("reply %v", reply)
	}
	if st := trailer.Get("server-timing"); len(st) != 1 ||
		!regexp.MustCompile(`^generate;dur=[0-9.]+, serialize;dur=[0-9.]+$`).MatchString(st[0]) {
		t.Errorf("server-timing %v", st)
	}
}

func TestStreamRows(t *testing.T) {
	conn := dial(t)
	stream, err := shapespb.NewNestedServiceClient(conn).StreamRows(context.Background(),
		&shapespb.StreamRowsParam{Count: 31, Offset: 5, ChunkRows: 7})
	if err != nil {
		t.Fatal(err)
	}
	var rows, messages int
	for {
		m, err := stream.Recv()
		if err != nil {
			break
		}
		if want := shapes.NestedProtoOf(5 + rows); !proto.Equal(m.Rows[0], want) {
			t.Errorf("row %d = %v, want %v", 5+rows, m.Rows[0], want)
		}
		rows += len(m.Rows)
		messages++
	}
	if rows != 31 || messages != 5 {
		t.Errorf("rows %d in %d messages", rows, messages)
	}
	if st := stream.Trailer().Get("server-timing"); len(st) != 1 ||
		!regexp.MustCompile(`^generate;dur=[0-9.]+, serialize;dur=[0-9.]+, send;dur=[0-9.]+$`).MatchString(st[0]) {
		t.Errorf("server-timing %v", st)
	}
}

func TestInvalidArgument(t *testing.T) {
	conn := dial(t)
	ctx := context.Background()
	_, err := samplepb.NewSampleServiceClient(conn).GetSamples(ctx, &samplepb.GetSamplesParam{Count: -1})
	want := "count must be an integer from 0 to 1000000 (MAX_ROWS), got -1"
	if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != want {
		t.Errorf("count -1: %v", err)
	}
	md := metadata.NewOutgoingContext(ctx, metadata.Pairs("wirebench-serializer", "grpc-static"))
	_, err = shapespb.NewTextServiceClient(conn).GetRows(md, &shapespb.GetRowsParam{Count: 1})
	want = "wirebench-serializer is not served here: the Go gRPC server encodes with protobuf-go only"
	if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != want {
		t.Errorf("serializer: %v", err)
	}
	// 2^32 + 1 in the count's varint, which protobuf-go alone would read as 1.
	err = conn.Invoke(ctx, "/sample.SampleService/GetSamples", rawMessage{0x08, 0x81, 0x80, 0x80, 0x80, 0x10},
		&samplepb.Samples{}, grpc.ForceCodec(rawCodec{}))
	want = "count: 4294967297 is outside int32 (varint on the wire)"
	if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != want {
		t.Errorf("2^32 + 1: %v", err)
	}
}

func TestHealth(t *testing.T) {
	conn := dial(t)
	for _, service := range []string{"", "sample.SampleService", "wirebench.shapes.BinaryService"} {
		reply, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{Service: service})
		if err != nil || reply.Status != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("health %q: %v %v", service, reply, err)
		}
	}
}

// rawMessage and rawCodec send request bytes as they are, to test what a well-behaved client never sends.
type rawMessage []byte

type rawCodec struct{}

func (rawCodec) Name() string { return "proto" }

func (rawCodec) Marshal(v any) ([]byte, error) {
	if r, ok := v.(rawMessage); ok {
		return r, nil
	}
	return proto.Marshal(v.(proto.Message))
}

func (rawCodec) Unmarshal(data []byte, v any) error { return proto.Unmarshal(data, v.(proto.Message)) }
