/**
 * The state log is read line by line in chunks (src/adapters/log-lines.ts), never whole: a log of a
 * million-contact state passes V8's longest string (about 512 MiB), and read whole it made the
 * server refuse to start. Small chunks here put every boundary case inside a few bytes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLogLines } from '../src/adapters/log-lines.js';
import { tempDirs } from './support/temp-dirs.js';

const dirs = tempDirs('log-lines-');

function linesOf(bytes: Buffer, chunkBytes: number): { lines: [string, number, boolean][]; extent: ReturnType<typeof readLogLines> } {
  const file = join(dirs.fresh(), 'state.json.log');
  writeFileSync(file, bytes);
  const lines: [string, number, boolean][] = [];
  const extent = readLogLines(file, (text, index, terminated) => void lines.push([text, index, terminated]), chunkBytes);
  return { lines, extent };
}

describe('readLogLines', () => {
  it('gives every line whole, whatever the chunk size, with multi-byte characters cut across chunks', () => {
    const text = '{"n":1,"name":"Zoë"}\n{"n":2,"name":"東京 🚀"}\n\n{"n":3}\n';
    for (const chunk of [1, 2, 3, 7, 64]) {
      const { lines, extent } = linesOf(Buffer.from(text), chunk);
      expect(lines).toEqual([
        ['{"n":1,"name":"Zoë"}', 0, true],
        ['{"n":2,"name":"東京 🚀"}', 1, true],
        ['', 2, true],
        ['{"n":3}', 3, true],
      ]);
      expect(extent).toEqual({ contentEnd: Buffer.byteLength(text), linesEnd: Buffer.byteLength(text) });
    }
  });

  it('ends at the zeros grown ahead, and gives a torn last line as not terminated', () => {
    const content = Buffer.from('{"n":1}\n{"n":2,"na');
    const bytes = Buffer.concat([content, Buffer.alloc(100)]);
    for (const chunk of [1, 5, 8, 9, 4096]) {
      const { lines, extent } = linesOf(bytes, chunk);
      expect(lines).toEqual([
        ['{"n":1}', 0, true],
        ['{"n":2,"na', 1, false],
      ]);
      expect(extent).toEqual({ contentEnd: content.length, linesEnd: 8 });
    }
  });

  it('finds the extent without decoding anything, and stops when asked', () => {
    const file = join(dirs.fresh(), 'state.json.log');
    writeFileSync(file, Buffer.concat([Buffer.from('a\nb\nc'), Buffer.alloc(10)]));
    expect(readLogLines(file, undefined, 3)).toEqual({ contentEnd: 5, linesEnd: 4 });
    const seen: string[] = [];
    readLogLines(file, (text) => (seen.push(text), text !== 'a'), 2);
    expect(seen).toEqual(['a']);
  });

  it('agrees with splitting the whole text, for any lines and any chunk size', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }).map((line) => line.replace(/[\n\u0000]/g, '')), { maxLength: 12 }), fc.boolean(), fc.integer({ min: 1, max: 40 }), (lines, torn, chunk) => {
        const text = lines.join('\n') + (torn || lines.length === 0 ? '' : '\n');
        const { lines: got } = linesOf(Buffer.from(text), chunk);
        const expected = text === '' ? [] : text.split('\n');
        if (text.endsWith('\n') || text === '') expected.pop();
        expect(got.map(([line]) => line)).toEqual(text === '' ? [] : expected);
        expect(got.every(([, index, terminated], at) => index === at && terminated === (at < got.length - 1 || text.endsWith('\n')))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
