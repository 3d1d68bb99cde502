/** The suite's DNS guard (test/support/no-dns.mjs) works in the worker and in spawned processes. */
import { spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module shared with spawned processes, no types.
import { refusedLookups } from './support/no-dns.mjs';

afterEach(() => {
  // These tests look names up on purpose; the setup file's after-hook must not count them.
  (refusedLookups as string[]).length = 0;
});

describe('no test looks a name up', () => {
  it('refuses a lookup in the test worker, without a query', async () => {
    await expect(lookup('hooks.switchboard.test')).rejects.toThrow(/test guard: DNS lookup of "hooks.switchboard.test" refused/);
    await expect(fetch('https://api.somewhere.invalid/')).rejects.toMatchObject({ cause: { message: expect.stringContaining('test guard') } });
    expect(refusedLookups).toEqual(['hooks.switchboard.test', 'api.somewhere.invalid']);
  });

  it('still resolves localhost and leaves IP addresses alone', async () => {
    expect((await lookup('localhost')).address).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect((await lookup('127.0.0.1')).address).toBe('127.0.0.1');
  });

  it('guards the node processes a test spawns', () => {
    const child = spawnSync(process.execPath, ['-e', "require('node:dns').lookup('spawned.invalid', (e) => console.log(e ? e.message : 'resolved'))"], { encoding: 'utf8' });
    expect(child.stdout).toContain('test guard: DNS lookup of "spawned.invalid" refused');
  });
});
