/**
 * JSON in pieces, both ways: the chunked writer gives exactly JSON.stringify's text, and the
 * chunked parser accepts exactly what JSON.parse accepts and builds the same value, wherever the
 * chunks are cut (through a string, an escape, a number or a multi-byte character).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonChunkError, JsonChunkParser, JsonChunkTooLarge, parseJsonChunks } from './json-chunk-parser.js';
import { jsonByteChunks, jsonTextChunks } from './json-text-stream.js';

const encoder = new TextEncoder();

/** The bytes of `text` cut at the given places. */
function cut(text: string, cuts: readonly number[]): Uint8Array[] {
  const bytes = encoder.encode(text);
  const points = [...new Set(cuts.map((point) => point % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    out.push(bytes.subarray(from, point));
    from = point;
  }
  return out;
}

function parseCut(text: string, cuts: readonly number[]): unknown {
  const parser = new JsonChunkParser();
  for (const chunk of cut(text, cuts)) parser.write(chunk);
  return parser.end();
}

const tricky = fc.oneof(
  fc.string(),
  fc.constantFrom('\\', '"', '\\"', 'a\\\\', '\u00e9', '\u{1F600}', '\n', '__proto__', ''),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    tricky,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(tricky, tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('jsonTextChunks', () => {
  it('joins to exactly JSON.stringify, compact and indented', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(0, 2, 4), fc.integer({ min: 1, max: 50 }), (value, indent, chunkChars) => {
        const text = [...jsonTextChunks(value, { indent, chunkChars })].join('');
        expect(text).toBe(indent === 0 ? JSON.stringify(value) : JSON.stringify(value, null, indent));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out undefined members and writes undefined elements as null, as JSON.stringify does', () => {
    const value = { a: undefined, b: [undefined, 1], c: { toJSON: () => 'x' } };
    expect([...jsonTextChunks(value)].join('')).toBe(JSON.stringify(value));
  });

  it('yields chunks of about the size asked, never the whole document at once', () => {
    const records = Array.from({ length: 2000 }, (_, id) => ({ id, account_id: 1, name: `Person ${id}` }));
    const chunks = [...jsonTextChunks({ collections: { contacts: records } }, { chunkChars: 4096 })];
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(4096 + 200);
    const bytes = [...jsonByteChunks({ a: '\u00e9' })];
    expect(new TextDecoder().decode(bytes[0])).toBe('{"a":"\u00e9"}');
  });
});

describe('JsonChunkParser', () => {
  it('builds what JSON.parse builds, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(0, 2), fc.array(fc.nat(), { maxLength: 12 }), (value, indent, cuts) => {
        const text = JSON.stringify(value, null, indent);
        expect(parseCut(text, cuts)).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts through every byte of a snapshot-like document', () => {
    const text = JSON.stringify({ data: { store: { collections: { c: [{ id: 1, s: 'a\\"b\u00e9\u{1F600}' }, [1, [2]], 'x', 3.5e2, true, null] } } } });
    for (let at = 0; at <= encoder.encode(text).length; at++) expect(parseCut(text, [at])).toStrictEqual(JSON.parse(text));
  });

  it('reads arrays of records in batches only at their own element boundaries', () => {
    // Commas after a closing brace inside strings, nested arrays of objects, and a later array.
    const records = Array.from({ length: 40 }, (_, id) => ({ id, s: '},{"x":1},{', nested: [{ a: 1 }, { b: [2, { c: 3 }] }], empty: {} }));
    const text = JSON.stringify({ data: { collections: { a: records, b: [{ id: 1 }, { id: 2 }], c: [[1, 2], [3]] } } });
    for (const size of [1, 13, 64, 500, 4096]) {
      const parser = new JsonChunkParser();
      const bytes = encoder.encode(text);
      for (let at = 0; at < bytes.length; at += size) parser.write(bytes.subarray(at, at + size));
      expect(parser.end(), String(size)).toStrictEqual(JSON.parse(text));
    }
  });

  it('reads records longer than a chunk, and arrays whose records hold commas between objects', () => {
    // A record of 300 kB arrives over many 4 kB chunks; then records whose nested `},{` and
    // strings make the guessed run fail, so the array goes on by the structural scan.
    const long = { id: 1, notes: 'x\\"'.repeat(100_000), tags: [1, 2] };
    const nested = Array.from({ length: 300 }, (_, id) => ({ id, items: [{ a: '},{' }, { b: [{ c: id }, { d: '\\' }] }] }));
    const text = JSON.stringify({ store: { collections: { a: [long, { id: 2 }], b: nested, c: ['s', 1, null, [], {}] } } }, null, 1);
    for (const size of [4096, 65_536]) {
      const parser = new JsonChunkParser();
      const bytes = encoder.encode(text);
      for (let at = 0; at < bytes.length; at += size) parser.write(bytes.subarray(at, at + size));
      expect(parser.end(), String(size)).toStrictEqual(JSON.parse(text));
    }
  });

  it('names the byte offset and the JSON path of what is wrong', () => {
    const records = Array.from({ length: 50 }, (_, id) => `{"id":${id},"name":"n${id}"}`);
    records[37] = '{"id":37,"name":nope}';
    const text = `{"store":{"collections":{"contacts":[${records.join(',')}]}}}`;
    const offset = encoder.encode(text).indexOf(encoder.encode('{"id":37')[0]!, text.indexOf('{"id":37'));
    for (const size of [7, 64, 100_000]) {
      const parser = new JsonChunkParser();
      const bytes = encoder.encode(text);
      const error = (() => {
        try {
          for (let at = 0; at < bytes.length; at += size) parser.write(bytes.subarray(at, at + size));
          parser.end();
        } catch (caught) {
          return caught as Error;
        }
        return undefined;
      })();
      expect(error, String(size)).toBeInstanceOf(JsonChunkError);
      expect(error!.message, String(size)).toContain(`at byte ${offset}, in $.store.collections.contacts[37])`);
    }
    expect(() => parseCut('{"a":{"b c":[1,2,}}', [4])).toThrow(/in \$\.a\["b c"\]\[2\]\)/);
    expect(() => parseCut('{"a":1,"b":tru}', [])).toThrow(/at byte 11, in \$\.b\)/);
  });

  it('refuses bytes that are not UTF-8 inside a run of records', () => {
    const head = encoder.encode('[{"a":"ok"},{"a":"');
    const tail = encoder.encode('"},{"a":"\uFFFD \u00e9"}]');
    const bad = new Uint8Array([...head, 0xc3, 0x28, ...tail]);
    expect(() => parseCut(new TextDecoder().decode(head) + '\uFFFD' + new TextDecoder().decode(tail), [3])).not.toThrow();
    const parser = new JsonChunkParser();
    expect(() => {
      parser.write(bad);
      parser.end();
    }).toThrow(/not valid UTF-8/);
  });

  it('refuses what JSON.parse refuses', () => {
    const bad = ['[{"a":1},{"b":2},{"c":]', '[{"a":1},{"b":2},{"c":3},]', '[{"a":1} {"b":2},{"c":3}]', '', '{', '{"a":1', '{"a" 1}', '{"a":}', '[1,]', '[1 2]', '{"a":1,}', '{a:1}', 'tru', '[01]', '{"a":[{"b":1]}]}', '"abc', '{}x', '[1]]', '{"a":nul}', "['x']", '{"a":"\u0001"}'];
    for (const text of bad) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(() => parseCut(text, [1, 3]), text).toThrow(JsonChunkError);
    }
  });

  it('refuses bytes that are not UTF-8', () => {
    const parser = new JsonChunkParser();
    expect(() => {
      parser.write(new Uint8Array([0x22, 0xff, 0x22]));
      parser.end();
    }).toThrow(/UTF-8/);
  });

  it('keeps "__proto__" as an own member, as JSON.parse does', () => {
    const value = parseCut('{"__proto__":{"polluted":true},"a":1}', [5]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
  });

  it('stops reading past its byte limit', async () => {
    async function* chunks() {
      for (;;) yield encoder.encode('[1,2,3,');
    }
    await expect(parseJsonChunks(chunks(), 1000)).rejects.toBeInstanceOf(JsonChunkTooLarge);
  });
});
