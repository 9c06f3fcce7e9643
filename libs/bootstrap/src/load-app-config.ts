import { loadConfig, WirebenchConfig } from '@app/config';
import { useBinaryBlobBytes, useUserShape } from '@app/shapes';

/**
 * What every app (the six servers through runWithWorkers, and the client) loads at start-up: the configuration, and
 * with it the user's own message (WIREBENCH_PROTO & co.) made the shape `user` of this process, so the registry's
 * readers (getShape, servedShapes: HTTP routes, gRPC services, health, reflection, the client's transports) serve
 * and call it like a built-in one; and the `binary` shape made of BINARY_BLOB_BYTES-byte blobs. The one place an app
 * registers them; loadConfig itself stays free of side effects.
 */
export function loadAppConfig(env: Record<string, string | undefined> = process.env): WirebenchConfig {
  const config = loadConfig(env);
  useUserShape(config.userShape);
  useBinaryBlobBytes(config.binaryBlobBytes);
  return config;
}
