/**
 * The one way a number is written in a path or query: digits, no sign, no leading zero (0 itself aside), at most 16
 * of them. '00010' is refused rather than read as 10, as '1e3', '0x10', ' 5', '+5' and '' are.
 */
export const PLAIN_INTEGER = /^(?:0|[1-9]\d{0,15})$/;
