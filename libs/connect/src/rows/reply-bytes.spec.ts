import { repliesInJson } from './reply-bytes';

describe('repliesInJson', () => {
  const call = (contentType?: string) => ({
    requestHeader: new Headers(contentType ? { 'content-type': contentType } : {}),
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/connect+json',
    'application/grpc+json',
    'application/grpc-web+json',
  ])('%s: JSON', (contentType) => expect(repliesInJson(call(contentType))).toBe(true));

  it.each([
    'application/proto',
    'application/connect+proto',
    'application/grpc',
    'application/grpc+proto',
    'application/grpc-web+proto',
  ])('%s: protobuf', (contentType) => expect(repliesInJson(call(contentType))).toBe(false));

  it('no content type: protobuf (connect-es refuses the call before it is admitted)', () =>
    expect(repliesInJson(call())).toBe(false));
});
