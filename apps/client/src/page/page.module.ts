import { Module } from '@nestjs/common';
import { EndpointIndexController } from './endpoint-index.controller';
import { PageController } from './page.controller';

/** The page at `/` and the JSON index at `/client`; they read the configuration the client module provides globally. */
@Module({ controllers: [PageController, EndpointIndexController] })
export class PageModule {}
