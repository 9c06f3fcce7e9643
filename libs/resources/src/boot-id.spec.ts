import { readFileSync } from 'node:fs';
import { machineBootId } from './boot-id';

describe('machineBootId', () => {
  const linux = process.platform === 'linux';

  (linux ? it : it.skip)("is the kernel's boot ID, a UUID, the same on every call", () => {
    const id = machineBootId();
    expect(id).toBe(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(machineBootId()).toBe(id);
  });

  (linux ? it.skip : it)('is null where /proc cannot be read', () => {
    expect(machineBootId()).toBeNull();
  });
});
