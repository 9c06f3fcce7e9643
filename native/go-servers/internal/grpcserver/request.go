package grpcserver

import (
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"wirebench/goservers/internal/limits"
)

// decodeStrict decodes a request into m after the strict check of with-strict-requests.ts: every int32 field's
// varint must be an int32's, and the bytes well formed. Its refusal is INVALID_ARGUMENT naming the field.
func decodeStrict(raw []byte, m proto.Message) error {
	desc := m.ProtoReflect().Descriptor()
	int32Fields := map[uint64]string{}
	fields := desc.Fields()
	for k := 0; k < fields.Len(); k++ {
		f := fields.Get(k)
		if f.Kind() == protoreflect.Int32Kind && f.Cardinality() != protoreflect.Repeated {
			int32Fields[uint64(f.Number())] = string(f.Name())
		}
	}
	if problem := limits.Int32WireProblem(raw, string(desc.Name()), int32Fields); problem != "" {
		return status.Error(codes.InvalidArgument, problem)
	}
	if err := proto.Unmarshal(raw, m); err != nil {
		return status.Errorf(codes.InvalidArgument, "request is not a valid %s: %v", desc.Name(), err)
	}
	return nil
}

// int32Of reads a request's int32 field by its proto name (count, offset, chunk_rows), which every shape's
// request messages share.
func int32Of(m proto.Message, name protoreflect.Name) int32 {
	r := m.ProtoReflect()
	return int32(r.Get(r.Descriptor().Fields().ByName(name)).Int())
}
