import { SetMetadata } from '@nestjs/common';
import type { DescService } from '@bufbuild/protobuf';

export const CONNECT_SERVICES = Symbol('wirebench.connectServices');

/**
 * Marks a Nest provider as the Connect handler of these services: its methods, by the services' local method names
 * (getSamples, streamRows, ...), answer the calls. ConnectModule finds it in Nest's container, so the instance that
 * serves is the one Nest built, with its constructor's dependencies injected.
 */
export const ConnectService = (...services: DescService[]): ClassDecorator => SetMetadata(CONNECT_SERVICES, services);
