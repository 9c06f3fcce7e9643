// The tests use the same free-port finder as wirebench's own launchers.
export { freePort } from '@app/network';
