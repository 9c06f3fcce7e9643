import { Controller, Get, Header } from '@nestjs/common';
import { chartLibrarySource } from '@app/report';
import { CHART_SCRIPT_PATH, PAGE_CSP, pageHtml, PAGE_SCRIPT_PATH } from './page-html';
import { PAGE_SCRIPT } from './page-script';

/** `GET /` and what it loads, all from this origin. */
@Controller()
export class PageController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', PAGE_CSP)
  page(): string {
    return pageHtml();
  }

  @Get(PAGE_SCRIPT_PATH)
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  // Revalidated: it changes with the app, under the same URL.
  @Header('Cache-Control', 'no-cache')
  script(): string {
    return PAGE_SCRIPT;
  }

  @Get(CHART_SCRIPT_PATH)
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  // The page asks for it with ?v=<version>, so a new version is a new URL and this one never changes.
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  chartLibrary(): string {
    return chartLibrarySource();
  }
}
