package grpcserver

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"wirebench/goservers/internal/budget"
	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/shapes"
	"wirebench/goservers/internal/timing"
)

// largeReplyRows is LARGE_REPLY_ROWS: replies above it take turns in the lane.
const largeReplyRows = 10_000

// Rows serves every shape's service (sample.SampleService, wirebench.shapes.*Service) from the registry.
type Rows struct {
	MaxRows int
	Stream  limits.StreamLimits
	Budget  *budget.Budget
	// lane lets one large reply be built at a time (BuildLane), each only if its caller is still there.
	lane chan struct{}
}

// ServiceDesc is a shape's service with its two methods, written by hand rather than by protoc-gen-go-grpc so
// that the handlers can return Encoded bytes (the generated interface wants the rows message) and read Raw requests.
func (r *Rows) ServiceDesc(shape *shapes.Shape) *grpc.ServiceDesc {
	if r.lane == nil {
		r.lane = make(chan struct{}, 1)
	}
	return &grpc.ServiceDesc{
		ServiceName: shape.Service,
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{{
			MethodName: shape.UnaryMethod,
			Handler: func(_ any, ctx context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
				return r.unary(ctx, shape, dec)
			},
		}},
		Streams: []grpc.StreamDesc{{
			StreamName:    shape.StreamMethod,
			ServerStreams: true,
			Handler:       func(_ any, stream grpc.ServerStream) error { return r.stream(stream, shape) },
		}},
		Metadata: shape.ProtoFile,
	}
}

// unary is GetSamples / GetRows: the checks in the Node server's order, the reservation, the rows encoded here, and
// the server-timing trailer (generate, serialize).
func (r *Rows) unary(ctx context.Context, shape *shapes.Shape, dec func(any) error) (any, error) {
	var raw Raw
	if err := dec(&raw); err != nil {
		return nil, err
	}
	param := shape.UnaryParam()
	if err := decodeStrict(raw.Bytes, param); err != nil {
		return nil, err
	}
	count := int32Of(param, "count")
	if problem := limits.GetRowsProblem(count, r.MaxRows); problem != "" {
		return nil, status.Error(codes.InvalidArgument, problem)
	}
	if err := refuseMetadata(ctx, limits.SliceRowsMetadata, limits.SerializerMetadata); err != nil {
		return nil, err
	}
	n := int(count)
	bound := n * shape.MaxRowBytes(n-1).Protobuf
	release, err := admit(r.Budget, bound)
	if err != nil {
		return nil, err
	}
	defer release()
	if n > largeReplyRows {
		select {
		case r.lane <- struct{}{}:
			defer func() { <-r.lane }()
		case <-ctx.Done():
			return nil, status.Error(codes.Canceled, "the client cancelled the call")
		}
	}
	var phases timing.Phases
	reply := rowsMessage(ctx, shape, n, 0, bound, &phases)
	if reply == nil {
		return nil, status.Error(codes.Canceled, "the client cancelled the call")
	}
	_ = grpc.SetTrailer(ctx, metadata.Pairs(timing.Name, timing.Format(phases)))
	return reply, nil
}

// stream is StreamSamples / StreamRows: messages of chunk_rows rows, each generated only once the previous SendMsg
// returned (grpc-go's flow control blocks it while the client is not reading), nothing more after a cancel. The
// trailer sums generate, serialize and send (the time SendMsg took); a stream of no rows sends none, as on Node.
func (r *Rows) stream(stream grpc.ServerStream, shape *shapes.Shape) error {
	ctx := stream.Context()
	var raw Raw
	if err := stream.RecvMsg(&raw); err != nil {
		return err
	}
	// The serializer before the request's checks, as the Node handler; slices do not apply to a stream there.
	if err := refuseMetadata(ctx, limits.SerializerMetadata); err != nil {
		return err
	}
	param := shape.StreamParam()
	if err := decodeStrict(raw.Bytes, param); err != nil {
		return err
	}
	count, offset, chunkRows := int32Of(param, "count"), int32Of(param, "offset"), int32Of(param, "chunk_rows")
	if problem := limits.StreamRowsProblem(count, offset, chunkRows, r.Stream, shape); problem != "" {
		return status.Error(codes.InvalidArgument, problem)
	}
	rowBytes := shape.MaxRowBytes(int(offset) + int(count) - 1).Protobuf
	release, err := admit(r.Budget, min(r.Stream.BufferBytes, int(count)*rowBytes))
	if err != nil {
		return err
	}
	defer release()
	phases := timing.Phases{HasSend: true}
	for sent := 0; sent < int(count); sent += int(chunkRows) {
		rows := min(int(chunkRows), int(count)-sent)
		// A fresh buffer per message: grpc-go may still be writing the previous one after SendMsg returned.
		message := rowsMessage(ctx, shape, rows, int(offset)+sent, rows*rowBytes, &phases)
		if message == nil {
			return status.Error(codes.Canceled, "the client cancelled the call")
		}
		start := time.Now()
		err := stream.SendMsg(message)
		phases.Send += time.Since(start)
		if err != nil {
			return err
		}
	}
	if count > 0 {
		stream.SetTrailer(metadata.Pairs(timing.Name, timing.Format(phases)))
	}
	return nil
}

// refuseMetadata answers INVALID_ARGUMENT to a call that asks for what a Node server offers beyond protobuf in one
// piece (slices, another serializer).
func refuseMetadata(ctx context.Context, keys ...string) error {
	md, _ := metadata.FromIncomingContext(ctx)
	for _, key := range keys {
		if len(md.Get(key)) > 0 {
			return status.Error(codes.InvalidArgument, limits.MetadataProblem(key))
		}
	}
	return nil
}

// admit is reply-admission.ts: busy is RESOURCE_EXHAUSTED (retry later), a reply that can never fit INVALID_ARGUMENT.
func admit(b *budget.Budget, bytes int) (func(), error) {
	release, refusal := b.Reserve(bytes)
	if refusal == nil {
		return release, nil
	}
	code := codes.ResourceExhausted
	if refusal.TooLarge {
		code = codes.InvalidArgument
	}
	return nil, status.Error(code, refusal.Describe())
}
