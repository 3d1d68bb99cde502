/**
 * A temp directory for one test file, with a fresh numbered subdirectory per test, removed when
 * the file's tests are done (afterAll, registered by the call).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function tempDirs(prefix: string): { readonly root: string; readonly fresh: () => string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  let counter = 0;
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return {
    root,
    fresh: () => {
      const dir = join(root, String(++counter));
      mkdirSync(dir, { recursive: true });
      return dir;
    },
  };
}
