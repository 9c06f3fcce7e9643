import { Module } from '@nestjs/common';
import { ResultsController } from './results.controller';
import { ResultsService } from './results.service';

/** Saved runs under RESULTS_DIR: listed and served here, appended to by the bench endpoints, linked from the index. */
@Module({ controllers: [ResultsController], providers: [ResultsService], exports: [ResultsService] })
export class ResultsModule {}
