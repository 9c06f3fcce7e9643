import { SAMPLE_RUN } from '@app/explain';
import { FORMATS, parseFormats, print } from './print';
import { printJson } from './json.printer';
import { printMarkdown } from './markdown.printer';
import { printSummaryCsv } from './summary-csv.printer';
import { printTable } from './table.printer';
import { printLoadCsv } from './load-csv.printer';
import { printLoadMarkdown } from './load-markdown.printer';
import { printLoadTable } from './load-table.printer';

describe('print', () => {
  it('dispatches each format to its printer, csv to the summary', () => {
    expect(print('table', SAMPLE_RUN)).toBe(printTable(SAMPLE_RUN));
    expect(print('csv', SAMPLE_RUN)).toBe(printSummaryCsv(SAMPLE_RUN));
    expect(print('json', SAMPLE_RUN)).toBe(printJson(SAMPLE_RUN));
    expect(print('md', SAMPLE_RUN)).toBe(printMarkdown(SAMPLE_RUN));
  });

  it('dispatches a load run to the load printers', () => {
    const load = { ...SAMPLE_RUN, kind: 'load' as const, scenarios: undefined, targets: {}, levels: [] };
    expect(print('csv', load)).toBe(printLoadCsv(load));
    expect(print('table', load)).toBe(printLoadTable(load));
    expect(print('md', load)).toBe(printLoadMarkdown(load));
    expect(JSON.parse(print('json', load))).toMatchObject({ kind: 'load', levels: [] });
  });

  it('rejects an unknown format, naming it and the valid ones', () => {
    expect(() => print('xml', SAMPLE_RUN)).toThrow(
      'Unknown output format "xml"; valid formats are: table, csv, json, md',
    );
  });
});

describe('parseFormats', () => {
  it('splits a comma list, trimming and dropping repeats', () => {
    expect(parseFormats('table, csv,json,table')).toEqual(['table', 'csv', 'json']);
    expect(parseFormats('md')).toEqual(['md']);
  });

  it('rejects unknown names, all at once', () => {
    expect(() => parseFormats('table,xml,yaml')).toThrow(
      'Unknown output formats "xml", "yaml"; valid formats are: table, csv, json, md',
    );
    expect(() => parseFormats('Table')).toThrow('Unknown output format "Table"');
  });

  it('rejects an empty list', () => {
    expect(() => parseFormats(' , ')).toThrow('No output format given; valid formats are: table, csv, json, md');
  });

  it('knows exactly the four formats', () => {
    expect(FORMATS).toEqual(['table', 'csv', 'json', 'md']);
  });
});
