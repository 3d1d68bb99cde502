/**
 * The atomic writer behind `record`, `serve --record` and `scenario import --out` (audit 17cli C1,
 * C10): a write that fails (the name is a directory, the directory is gone) leaves no temp file.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../src/scenarios/record/write.js';

const dir = mkdtempSync(join(tmpdir(), 'write-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('writes the whole text', () => {
    const file = join(dir, 'ok.yaml');
    writeFileAtomic(file, 'name: x\n');
    expect(readFileSync(file, 'utf8')).toBe('name: x\n');
    expect(readdirSync(dir)).toEqual(['ok.yaml']);
  });

  it('a rename that fails (the target is a directory) removes its temp file', () => {
    const target = join(dir, 'adir');
    mkdirSync(target);
    expect(() => writeFileAtomic(target, 'name: x\n')).toThrow();
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a write into a missing directory throws and creates nothing', () => {
    expect(() => writeFileAtomic(join(dir, 'nodir', 'x.yaml'), 'name: x\n')).toThrow(/ENOENT/);
    expect(existsSync(join(dir, 'nodir'))).toBe(false);
  });
});
