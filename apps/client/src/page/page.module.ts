import { Module } from '@nestjs/common';
import { EndpointIndexController } from './endpoint-index.controller';
import { PageController } from './page.controller';
import { ResultsModule } from '../results/results.module';

/**
 * The page at `/` and the JSON index at `/client`; they read the configuration the client module provides globally,
 * and the saved runs (an example link only to a file that exists).
 */
@Module({ imports: [ResultsModule], controllers: [PageController, EndpointIndexController] })
export class PageModule {}
