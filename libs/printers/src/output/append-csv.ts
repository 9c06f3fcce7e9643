import { existsSync } from 'node:fs';
import { appendFile, open, rename, stat } from 'node:fs/promises';

/** The first line of a file (its CSV header), read from its first 64 KiB; '' for an empty file. */
async function firstLine(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/, 1)[0];
  } finally {
    await handle.close();
  }
}

/**
 * Appends CSV rows under the file's header. A file written under other columns (by an older build: columns are added
 * as the engine grows) is never appended to, since its rows would then sit under the wrong names: it is kept whole
 * beside, renamed `<name>.before-<time>.csv`, and a new file starts with today's header. Returns that old file's new
 * name, or null.
 */
export async function appendCsvRows(
  file: string,
  print: (options: { header: boolean }) => string,
  now = new Date(),
): Promise<string | null> {
  let keptAs: string | null = null;
  if (existsSync(file)) {
    const header = print({ header: true }).split(/\r?\n/, 1)[0];
    const existing = await firstLine(file);
    if (existing !== '' && existing !== header) {
      keptAs = file.replace(/\.csv$/, '') + `.before-${now.toISOString().replace(/[:.]/g, '-')}.csv`;
      await rename(file, keptAs);
    }
  }
  const fresh = !existsSync(file) || (await stat(file)).size === 0;
  await appendFile(file, print({ header: fresh }), 'utf8');
  return keptAs;
}
