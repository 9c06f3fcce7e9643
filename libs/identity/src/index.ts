// Who answers on an address, and how to ask it: identifyApp (which wirebench app, or which stranger, holds a port),
// the plain HTTP/1.1 and HTTP/2 answer reader, and the clients of a server's resource admin routes (HTTP, gRPC).
export { identifyApp } from './identify-app';
export { adminGrpc } from './admin-grpc';
export { adminHttp } from './admin-http';
