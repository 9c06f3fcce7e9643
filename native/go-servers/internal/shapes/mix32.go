// Package shapes builds the rows of the five built-in shapes exactly as libs/shapes does, so a client that verifies
// a Node server's rows verifies these too: row i of a shape is the same value whoever makes it.
package shapes

// Mix32 is libs/shapes' mix32 (murmur3's finaliser of the row number and a salt). JavaScript's Math.imul and `>>>`
// are 32-bit two's-complement multiply and logical shift, which is what uint32 arithmetic does, so no masking is
// needed; i + imul(...) | 0 wraps the same way in uint32.
func Mix32(i int, salt uint32) uint32 {
	h := uint32(i) + (salt+1)*0x9e3779b9
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

// pick is libs/shapes' pick: one element of list, chosen by the hash of (i, salt).
func pick[T any](list []T, i int, salt uint32) T {
	return list[Mix32(i, salt)%uint32(len(list))]
}
