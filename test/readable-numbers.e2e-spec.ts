// Numbers as people read them (issue 23 item 6): the client's replies round ratios and times to 3 significant
// digits (readableNumber); ?raw=1, saved runs and the bench CLI's files keep them as measured.
import { readableNumber } from '@app/printers';
import { parse } from 'csv-parse/sync';
import { getJson, useStackWithResults } from './support/stack';

jest.setTimeout(60_000);

/** Every number in a reply that is not a whole one (counts and bytes are left as they are). */
function fractions(value: unknown): number[] {
  if (typeof value === 'number') return Number.isInteger(value) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap(fractions);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(fractions);
  return [];
}

describe('numbers in the client replies', () => {
  const setup = useStackWithResults('wirebench-readable-');
  const url = (path: string) => `${setup.stack.clientUrl}${path}`;

  it('/client/compare gives its ratio and times to 3 significant digits, not 3.0902901616677823', async () => {
    const { status, body } = await getJson(url('/client/compare?rows=200&requests=3&runs=5&warmup=1'));
    expect(status).toBe(200);
    expect(fractions(body).length).toBeGreaterThan(10);
    for (const n of fractions(body)) expect(readableNumber(n)).toBe(n);
    expect(String(body.ratio.medianGrpcOverJson).replace(/^0\.0*|\./g, '').length).toBeLessThanOrEqual(3);
  });

  it('?raw=1 gives them as measured, as the bench CLI asks for them', async () => {
    const { status, body } = await getJson(
      url('/client/bench?transports=json,grpc&rows=200&requests=3&runs=5&warmup=1&raw=1'),
    );
    expect(status).toBe(200);
    expect(fractions(body).some((n) => readableNumber(n) !== n)).toBe(true);
    expect((await getJson(url('/client/bench?raw=yes'))).body).toMatchObject({ statusCode: 400, parameter: 'raw' });
  });

  it('?save=1 writes the run times as measured, the reply gives them rounded', async () => {
    const { body } = await getJson(url('/client/json/parallel/3?rows=200&runs=5&warmup=1&save=1'));
    const csv: Record<string, string>[] = parse(
      await (await fetch(url('/client/results/client-endpoints/runs.csv'))).text(),
      { columns: true },
    );
    const saved = csv.map((r) => Number(r.ms));
    expect(saved).toHaveLength(5);
    expect(saved.map(readableNumber)).toEqual(body.runs.map((r: { ms: number }) => r.ms));
    expect(saved.some((ms) => readableNumber(ms) !== ms)).toBe(true);
  });

  it('/client/load rounds too', async () => {
    const { status, body } = await getJson(url('/client/load?transport=grpc&concurrency=2&duration=1&warmup=0'));
    expect(status).toBe(200);
    for (const n of fractions(body)) expect(readableNumber(n)).toBe(n);
  });
});
