package limits

import "fmt"

// Int32WireProblem is int32-wire-problem.ts: why bytes are not a valid request message, naming the field, or "".
// protobuf-go, like protobufjs, reads an int32 as the low 32 bits of whatever varint comes (2^32 + 5 becomes 5), so
// every int32 field's varint is checked to be an int32's encoding, and the message to be well formed to its end.
// fields maps the message's int32 field numbers to their names; other fields are only skipped.
func Int32WireProblem(b []byte, message string, fields map[uint64]string) string {
	malformed := func(why string) string { return fmt.Sprintf("request is not a valid %s: %s", message, why) }
	pastEnd := malformed(fmt.Sprintf("a field runs past the end of its %d bytes", len(b)))
	pos := 0
	for pos < len(b) {
		at := pos
		tag, n := uvarint(b[pos:])
		if n <= 0 {
			return pastEnd
		}
		pos += n
		wireType := tag & 7
		if tag>>3 == 0 {
			return malformed(fmt.Sprintf("field number 0 at byte %d", at))
		}
		name, isInt32 := fields[tag>>3]
		if !isInt32 {
			skipped, problem := skip(b, pos, wireType)
			if problem == "past end" {
				return pastEnd
			}
			if problem != "" {
				return malformed(problem)
			}
			pos = skipped
			continue
		}
		if wireType != 0 {
			return fmt.Sprintf("%s: sent as wire type %d, but an int32 is a varint (wire type 0)", name, wireType)
		}
		var value uint64
		for k := 0; ; k++ {
			if pos >= len(b) {
				return name + ": its varint runs past the end of the request"
			}
			c := b[pos]
			pos++
			if k == 9 {
				// The tenth byte holds the 64th bit and nothing else.
				if c > 1 {
					return name + ": its varint is longer than 64 bits"
				}
				value |= uint64(c) << 63
				break
			}
			value |= uint64(c&0x7f) << (7 * k)
			if c < 0x80 {
				break
			}
		}
		hi, lo := uint32(value>>32), uint32(value)
		if !(hi == 0 && lo <= int32Max || hi == 0xffffffff && lo > int32Max) {
			return fmt.Sprintf("%s: %d is outside int32 (varint on the wire)", name, value)
		}
	}
	return ""
}

// uvarint reads a varint of up to 10 bytes; n <= 0 when it runs past the end.
func uvarint(b []byte) (uint64, int) {
	var v uint64
	for k := 0; k < len(b) && k < 10; k++ {
		v |= uint64(b[k]&0x7f) << (7 * k)
		if b[k] < 0x80 {
			return v, k + 1
		}
	}
	return 0, 0
}

// skip passes over one field's value as protobufjs' skipType does; "past end" when it runs past the bytes.
func skip(b []byte, pos int, wireType uint64) (int, string) {
	switch wireType {
	case 0:
		_, n := uvarint(b[pos:])
		if n <= 0 {
			return 0, "past end"
		}
		return pos + n, ""
	case 1:
		pos += 8
	case 2:
		length, n := uvarint(b[pos:])
		if n <= 0 {
			return 0, "past end"
		}
		pos += n + int(length)
		if length > uint64(len(b)) {
			return 0, "past end"
		}
	case 3:
		for {
			tag, n := uvarint(b[pos:])
			if n <= 0 {
				return 0, "past end"
			}
			pos += n
			if tag&7 == 4 {
				return pos, ""
			}
			next, problem := skip(b, pos, tag&7)
			if problem != "" {
				return 0, problem
			}
			pos = next
		}
	case 5:
		pos += 4
	default:
		return 0, fmt.Sprintf("invalid wire type %d at offset %d", wireType, pos)
	}
	if pos > len(b) {
		return 0, "past end"
	}
	return pos, ""
}
