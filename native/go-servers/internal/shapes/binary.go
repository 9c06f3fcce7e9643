package shapes

import "wirebench/goservers/gen/shapespb"

// DefaultBlobBytes is binary.shape.ts' BINARY_BLOB_BYTES default (4 KiB); MaxBlobBytes its largest (1 MiB).
const (
	DefaultBlobBytes = 4096
	MaxBlobBytes     = 1024 * 1024
)

var contentTypes = []string{"application/octet-stream", "image/png", "application/zip"}

// Blob is `size` bytes of xorshift32 seeded from the row number, little-endian words, as binary.shape.ts' blob().
// JavaScript's `x << 13`, `x >>> 17` on an int32 are the same bits as uint32 shifts.
func Blob(i, size int) []byte {
	data := make([]byte, size)
	x := Mix32(i, 40) | 1 // xorshift needs a non-zero state
	for o := 0; o < size; o += 4 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		for b := 0; b < 4 && o+b < size; b++ {
			data[o+b] = byte(x >> (8 * b))
		}
	}
	return data
}

// BinaryJSON is a BinaryRow's JSON form: encoding/json writes []byte as standard padded base64, as proto3 JSON does.
type BinaryJSON struct {
	RowNum      int32  `json:"rowNum"`
	ContentType string `json:"contentType"`
	Data        []byte `json:"data"`
}

func binaryJSONOf(blobBytes int) func(int) BinaryJSON {
	return func(i int) BinaryJSON {
		return BinaryJSON{RowNum: int32(i), ContentType: pick(contentTypes, i, 41), Data: Blob(i, blobBytes)}
	}
}

func binaryProtoOf(blobBytes int) func(int) *shapespb.BinaryRow {
	return func(i int) *shapespb.BinaryRow {
		return &shapespb.BinaryRow{RowNum: int32(i), ContentType: pick(contentTypes, i, 41), Data: Blob(i, blobBytes)}
	}
}
