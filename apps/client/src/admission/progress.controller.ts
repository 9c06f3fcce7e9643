import { Controller, Get } from '@nestjs/common';
import { CallAdmission, CallProgress } from './call-admission.service';

/**
 * `GET /client/progress`: the measurement calls in flight, each with where it is (run, rows so far, time). Not a
 * measurement itself, so it answers while the client is busy; the page polls it while its comparison runs.
 */
@Controller('client/progress')
export class ProgressController {
  constructor(private readonly admission: CallAdmission) {}

  @Get()
  calls(): { calls: CallProgress[] } {
    return { calls: this.admission.progress() };
  }
}
