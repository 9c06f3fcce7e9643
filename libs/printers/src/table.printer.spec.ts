import { SAMPLE_RUN } from '@app/explain';
import { printTable } from './table.printer';

// Cells of the line whose first cell is `scenario` and second `transport`, trimmed.
function cells(text: string, scenario: string, transport: string): string[] {
  const rows = text.split('\n').map((line) =>
    line
      .split('│')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
  const row = rows.find((r) => r[0] === scenario && r[1] === transport);
  if (!row) throw new Error(`no row ${scenario} ${transport} in\n${text}`);
  return row;
}

describe('printTable', () => {
  const text = printTable(SAMPLE_RUN);

  it('has no colour codes', () => {
    expect(text).not.toMatch(/\x1b\[/);
  });

  it('writes one line per result with human-readable figures', () => {
    expect(cells(text, '1-2', 'json')).toEqual([
      '1-2',
      'json',
      'row',
      '10,000',
      '1',
      '1',
      '47.90',
      '47.00–48.50 (75%)',
      '48.49',
      '1.6',
      '',
      '208,768',
      '1,234,567',
      '1,235,000',
      '40.083',
      '',
      '',
      '',
      'yes',
    ]);
  });

  it('shows gRPC/JSON only on grpc rows with a json twin', () => {
    expect(cells(text, '1-1', 'grpc')[17]).toBe('0.95');
    expect(cells(text, '1-2', 'grpc')[17]).toBe('1.98');
    expect(cells(text, '1-1', 'json')[17]).toBe('');
    expect(cells(text, "=cmd|' /C calc'!A0", 'grpc')[17]).toBe('');
  });

  it('shows server peak RSS in MB and an unverified result as no', () => {
    expect(cells(text, '1-1', 'json')[16]).toBe('95.5');
    expect(cells(text, "=cmd|' /C calc'!A0", 'grpc')[18]).toBe('no');
  });

  it('explains the ratio and the median interval under the table', () => {
    expect(text).toMatch(/above 1 means gRPC took longer/);
    expect(text).toMatch(/median 95% CI ms: distribution-free interval/);
  });

  it('adds the breakdown table after the figures', () => {
    const breakdown = text.slice(text.indexOf('unattributed'));
    expect(cells(breakdown, '1-1', 'json')).toEqual([
      '1-1',
      'json',
      '2.95',
      '0.00',
      '0.01',
      '0.02',
      '20.00',
      '0.00',
      '2.07',
      '0.10',
      '0.00',
      '0.05',
      '50.00',
      '0.65',
      '0.05',
      '0.00',
    ]);
    expect(text).toContain('They add up to median ms.');
  });
});
