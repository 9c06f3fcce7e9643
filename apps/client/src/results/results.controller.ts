import { CONTENT_TYPES } from '@app/printers';
import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import type { Response } from 'express';
import { ResultsService, SavedRunSummary } from './results.service';

// Opened in the browser tab rather than saved: the report is meant to be looked at; data files stay downloads.
const SHOWN_INLINE = new Set(['report.html']);

/** Saved runs of every kind: a list, each data file as a download a spreadsheet opens as is, the report inline. */
@Controller('client/results')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get()
  list(): Promise<SavedRunSummary[]> {
    return this.results.list();
  }

  @Get(':id/:file')
  download(
    @Param('id') id: string,
    @Param('file') file: string,
    @Res({ passthrough: true }) res: Response,
  ): StreamableFile {
    const path = this.results.filePath(id, file);
    res.setHeader('Content-Type', CONTENT_TYPES[file] ?? 'application/octet-stream');
    res.setHeader(
      'Content-Disposition',
      `${SHOWN_INLINE.has(file) ? 'inline' : 'attachment'}; filename="${id}-${file}"`,
    );
    return new StreamableFile(createReadStream(path));
  }
}
