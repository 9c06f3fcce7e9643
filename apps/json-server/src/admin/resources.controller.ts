import { Controller, Delete, Get, NotFoundException, Param, Post } from '@nestjs/common';
import { RESOURCES_ROUTES, ResourceMeter, ResourceReport, ResourceSnapshot } from '@app/resources';

/**
 * This process's CPU time and peak RSS for the engine when it cannot read /proc (a server on another host); the
 * bare JSON server answers the same routes through resourcesRoute. Registered only when SERVER_RESOURCES allows it.
 */
@Controller()
export class ResourcesController {
  constructor(private readonly meter: ResourceMeter) {}

  @Get(RESOURCES_ROUTES.snapshot)
  snapshot(): ResourceSnapshot {
    return this.meter.snapshot();
  }

  @Post(RESOURCES_ROUTES.windows)
  begin(): { window: string } {
    return this.meter.begin();
  }

  @Delete(`${RESOURCES_ROUTES.windows}/:window`)
  end(@Param('window') window: string): ResourceReport {
    const report = this.meter.end(window);
    if (!report) throw new NotFoundException(`no open window ${window}`);
    return report;
  }
}
