/**
 * Streamed snapshots (issue 12 item 3): GET /_sandbox/snapshot goes out record by record in both
 * runtimes, its text exactly what the one-string snapshot was (old snapshots still restore), and
 * it holds the state of the instant it was asked for, whatever is written while it is read.
 * `sim.restoreFromChunks` reads a snapshot as it arrives, cut anywhere, and is all or nothing.
 */
import { describe, expect, it } from 'vitest';
import { SnapshotError } from '../src/store/rules.js';
import type { SimulatorSnapshot } from '../src/simulator.js';
import { describeRuntimes } from './support/runtimes.js';
import { testSimulator } from './support/simulator.js';

const START = '2026-03-02T09:00:00Z';
const encoder = new TextEncoder();

function cutEvery(text: string, size: number): Uint8Array[] {
  const bytes = encoder.encode(text);
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

async function addContacts(sim: ReturnType<typeof testSimulator>['sim'], key: string | undefined, count: number, prefix: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await sim.request({ method: 'POST', path: '/contacts', key, body: { channel: 'telegram', platform_user_id: `${prefix}-${i}`, name: `Person ${prefix} ${i}` } });
    expect(res.status).toBe(201);
  }
}

describeRuntimes(
  'GET /_sandbox/snapshot streams',
  (api) => {
    it('sends the snapshot chunked, in the {data} envelope, with exactly the one-string text', async () => {
      const { sim } = api();
      const origin = api().runtime === 'node:http' ? undefined : 'msw';
      const response = await api().call({ path: '/_sandbox/snapshot', headers: { 'X-Sandbox-Token': sim.controlToken } });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if (origin === undefined) {
        // No Content-Length: the length is not known before the last record is written.
        expect(response.headers['content-length']).toBeUndefined();
        expect(response.headers['transfer-encoding']).toBe('chunked');
      }
      expect(response.body).toEqual({ data: JSON.parse(JSON.stringify(sim.snapshot())) });
    });

    it('restores through POST /_sandbox/restore as it came', async () => {
      const { sim, keys } = api();
      const operator = { 'X-Sandbox-Token': sim.controlToken };
      const saved = await api().call({ path: '/_sandbox/snapshot', headers: operator });
      const created = await api().call({ method: 'POST', path: '/contacts', key: keys.write, body: { channel: 'telegram', platform_user_id: 'after-snapshot' } });
      expect(created.status).toBe(201);
      const id = (created.body as { data: { id: number } }).data.id;
      const restored = await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator, body: saved.body });
      expect(restored.status).toBe(200);
      expect((await api().call({ path: `/contacts/${id}`, key: keys.read })).status).toBe(404);
    });

    it('reads the restore body as it streams in: a cut, non-JSON or broken snapshot is 400 and changes nothing', async () => {
      const { sim, keys } = api();
      const operator = { 'X-Sandbox-Token': sim.controlToken, 'Content-Type': 'application/json' };
      const text = JSON.stringify(sim.snapshot());
      const created = await api().call({ method: 'POST', path: '/contacts', key: keys.write, body: { channel: 'telegram', platform_user_id: 'kept' } });
      const id = (created.body as { data: { id: number } }).data.id;
      const broken = JSON.parse(text) as SimulatorSnapshot;
      (broken.store.collections as Record<string, unknown[]>)['contacts']!.push({ id: 'not-a-number', account_id: 1 });
      for (const body of [text.slice(0, Math.floor(text.length / 2)), 'not json at all', JSON.stringify(broken)]) {
        const refused = await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator, body });
        expect(refused.status, body.slice(0, 40)).toBe(400);
        expect((refused.body as { error: { code: string; param?: string } }).error.code).toBe('invalid_param');
        expect((await api().call({ path: `/contacts/${id}`, key: keys.read })).status).toBe(200);
      }
    });
  },
  { clock: { frozenAt: START } },
);

describe('snapshot chunks', () => {
  it('join to exactly JSON.stringify(sim.snapshot()), compact and indented, in many chunks', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await addContacts(sim, keys.write, 300, 'chunks');
    const chunks = [...sim.snapshotChunks()];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(JSON.stringify(sim.snapshot()));
    expect([...sim.snapshotChunks({ indent: 2 })].join('')).toBe(JSON.stringify(sim.snapshot(), null, 2));
    expect([...sim.snapshotChunks({ envelope: true })].join('')).toBe(JSON.stringify({ data: sim.snapshot() }));
  });

  it('hold the state of the instant they were asked for, whatever is written while they are read', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await addContacts(sim, keys.write, 200, 'before');
    const expected = JSON.stringify(sim.snapshot());
    const chunks = sim.snapshotChunks();
    const first = chunks.next();
    // Writes, updates and deletes between two chunks change nothing already promised.
    await addContacts(sim, keys.write, 20, 'during');
    await sim.request({ method: 'DELETE', path: '/contacts/1', key: keys.full });
    const rest = [...chunks];
    expect((first.value as string) + rest.join('')).toBe(expected);
  });
});

describe('sim.restoreFromChunks', () => {
  it('restores a snapshot cut into chunks anywhere, bare or in its {data} envelope', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await addContacts(sim, keys.write, 20, 'saved');
    const saved = sim.snapshot();
    const text = [...sim.snapshotChunks()].join('');
    for (const size of [5, 4096]) {
      const target = testSimulator({ clock: { frozenAt: START } }).sim;
      await target.restoreFromChunks(cutEvery(text, size));
      expect(target.snapshot()).toEqual(saved);
    }
    const target = testSimulator().sim;
    async function* envelope() {
      for (const chunk of sim.snapshotChunks({ envelope: true })) yield encoder.encode(chunk);
    }
    await target.restoreFromChunks(envelope());
    expect(target.snapshot()).toEqual(saved);
  });

  it('changes nothing when the snapshot is bad: not JSON, cut short, wrong outline, a bad record, too large', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await addContacts(sim, keys.write, 5, 'kept');
    const before = JSON.stringify(sim.snapshot());
    const good = sim.snapshot();
    const text = JSON.stringify(good);
    const badRecord = structuredClone(good) as unknown as { store: { collections: Record<string, Record<string, unknown>[]> } };
    badRecord.store.collections['contacts']![2]!['surprise'] = true;
    const danglingTag = structuredClone(good) as unknown as { store: { collections: Record<string, Record<string, unknown>[]> } };
    danglingTag.store.collections['contacts']![0]!['tag_ids'] = [999_999];
    const cases: [string, Uint8Array[], RegExp, { maxBytes?: number }?][] = [
      ['not JSON', cutEvery('{"format": nope}', 3), /^body: the snapshot is not valid JSON/],
      ['cut short', cutEvery(text.slice(0, text.length - 40), 100), /^body: the snapshot is not valid JSON/],
      ['wrong version', cutEvery(JSON.stringify({ ...good, version: 2 }), 50), /^version: /],
      ['unknown field in a record', cutEvery(JSON.stringify(badRecord), 64), /^store\.collections\.contacts\[2\]\.surprise: an unknown field/],
      ['reference to nothing', cutEvery(JSON.stringify(danglingTag), 64), /^store\.collections\.contacts\[0\]\.tag_ids: refers to tags 999999/],
      ['over the limit', cutEvery(text, 64), /^body: the snapshot is larger than the 1000 bytes a restore reads/, { maxBytes: 1000 }],
    ];
    for (const [name, chunks, message, options] of cases) {
      const error = await sim.restoreFromChunks(chunks, options).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, name).toBeInstanceOf(SnapshotError);
      expect((error as Error).message, name).toMatch(message);
      expect(JSON.stringify(sim.snapshot()), name).toBe(before);
    }
  });

  it('takes what the one-string snapshot wrote before streaming existed', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await addContacts(sim, keys.write, 10, 'old');
    const old: SimulatorSnapshot = JSON.parse(JSON.stringify(sim.snapshot(), null, 2)) as SimulatorSnapshot;
    const target = testSimulator().sim;
    await target.restoreFromChunks([JSON.stringify(old, null, 2)]);
    expect(target.snapshot()).toEqual(sim.snapshot());
  });
});
