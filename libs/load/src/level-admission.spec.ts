import { loadConfig } from '@app/config';
import { levelTooLarge } from './level-admission';

const { maxInflightBytes } = loadConfig({}).serverMemory;

describe('levelTooLarge', () => {
  it('admits what the servers admit: the row at 100,000 rows, on either transport', () => {
    expect(levelTooLarge('json', 100_000, 'row', maxInflightBytes)).toBeNull();
    expect(levelTooLarge('grpc', 100_000, 'row', maxInflightBytes)).toBeNull();
  });

  it("refuses, in the servers' words, a reply of a shape that can never fit MAX_INFLIGHT_BYTES", () => {
    // 4 KiB blobs, base64 in JSON: 100,000 rows are ~550 MB of JSON, over the 512 MiB default.
    expect(levelTooLarge('json', 100_000, 'binary', maxInflightBytes)).toMatch(
      new RegExp(
        String.raw`^this reply may take up to [\d.]+ MiB \(\d+ bytes\), more than the server's ` +
          String.raw`MAX_INFLIGHT_BYTES \(536870912 bytes\): ask for fewer rows`,
      ),
    );
    expect(levelTooLarge('json', 1000, 'binary', maxInflightBytes)).toBeNull();
    // The limit is the configured one.
    expect(levelTooLarge('grpc', 1000, 'binary', 1024 * 1024)).toMatch(/MAX_INFLIGHT_BYTES \(1048576 bytes\)/);
  });
});
