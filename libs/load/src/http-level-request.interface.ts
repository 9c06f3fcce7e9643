/** The one request an HTTP/1.1 level sends again and again, and the exact bytes every reply must be. */
export interface HttpLevelRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The request body (POST); absent for a GET. */
  body?: Buffer;
  expected: Buffer;
}
