// Package grpcserver is the Go gRPC server: grpc-go and protobuf-go serving every shape's service with the checks,
// messages and server-timing trailer of apps/bare-grpc-server.
package grpcserver

import (
	"fmt"

	"google.golang.org/protobuf/proto"
)

// Encoded is a reply its handler has already marshalled, so that the handler can time the serialize phase itself.
type Encoded []byte

// Raw receives a request's bytes undecoded, so the handler can check them strictly (limits.Int32WireProblem)
// before decoding them: a codec's error would be grpc-go's INTERNAL, where the Node servers answer INVALID_ARGUMENT.
type Raw struct{ Bytes []byte }

// codec replaces grpc-go's "proto" codec for this server (grpc.ForceServerCodec): Encoded replies and Raw requests
// pass through as bytes; every other message (health, reflection, admin) is marshalled by protobuf-go as before.
// grpc-go otherwise marshals a reply after the handler returns, where its time cannot be told from the send.
type codec struct{}

func (codec) Name() string { return "proto" }

func (codec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case Encoded:
		return m, nil
	case proto.Message:
		return proto.Marshal(m)
	}
	return nil, fmt.Errorf("codec: cannot marshal %T", v)
}

func (codec) Unmarshal(data []byte, v any) error {
	switch m := v.(type) {
	case *Raw:
		// grpc-go may reuse data's buffer after this returns.
		m.Bytes = append([]byte(nil), data...)
		return nil
	case proto.Message:
		return proto.Unmarshal(data, m)
	}
	return fmt.Errorf("codec: cannot unmarshal into %T", v)
}
