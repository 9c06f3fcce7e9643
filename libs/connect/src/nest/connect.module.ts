import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ConnectRoutesMounter } from './connect-routes.mounter';

/**
 * Serves the app's @ConnectService providers (declared in any module of the app, with whatever they inject) as
 * Connect, gRPC and gRPC-Web routes on the app's own HTTP server and port: import it once.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [ConnectRoutesMounter],
})
export class ConnectModule {}
