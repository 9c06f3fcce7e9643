import { Injectable } from '@nestjs/common';
import { rows } from '@app/data-generator';
import type { Row } from '@app/data-generator';

/** Rows for one response; ParseCountPipe has already held the count to MAX_ROWS. */
@Injectable()
export class SamplesService {
  getSamples(count: number): { samples: Row[] } {
    return { samples: rows(count) };
  }
}
