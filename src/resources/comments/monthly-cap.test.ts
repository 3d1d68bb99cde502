/**
 * The AI comment manager's monthly count and cap cover the whole calendar month (3.6 `skipped`,
 * 4.14 "monthly counts vs caps"), though handled comments are kept only 30 days (2.24, 8): on the
 * 31st of December the 1st's drafts still count (audit 9e R1). A new month starts from 0; the
 * count survives snapshot and restore, and a state saved before the draft ledger counts the
 * drafts its records still show; the `--state` log carries it. Both runtimes, on the virtual clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadState, persistState } from '../../adapters/state-file.js';
import { silentLogger } from '../../core/logger.js';
import { createSimulator } from '../../simulator.js';
import { data, type Json } from '../../../test/support/flow-graphs.js';
import { seedWithoutCommentAutomation } from '../../../test/support/comment-triggers.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const at = (iso: string): number => Date.parse(iso);
const noModeration = { spam: false, profanity: false, negativity: false, competitor_links: false, self_promotion: false };

describeRuntimes('the comment manager’s monthly count and cap (audit 9e R1)', (api) => {
  // The Pro seed account: caps 100 a day, 2,000 a month.
  const pro = () => api().accounts[1]!;
  let person = 0;
  const enable = async () => {
    const res = await api().call({ method: 'PATCH', path: '/ai/config', key: pro().keys.admin!, body: { comment_ai: { enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const comment = (): string => {
    person += 1;
    return api().sim.sandbox.comment(pro().id, { platform: 'instagram', post_id: 'p1', text: `love these boots ${person}`, commenter: { id: `pc${person}`, username: `pc${person}` } }).handled_comment!.status;
  };
  const stats = async (): Promise<Record<string, Json>> => data(await api().call({ path: '/comments/stats', key: pro().keys.read! })) as Record<string, Json>;
  const freeze = (iso: string) => api().sim.sandbox.clock.freeze(at(iso));

  it('drafts of the 1st still count on the 31st, when their records are gone (the audit’s steps)', async () => {
    freeze('2026-12-01T00:30:00Z');
    await enable();
    for (let i = 0; i < 5; i++) expect(comment()).toBe('pending');
    expect(await stats()).toMatchObject({ queue_depth: 5, today: { handled: 5, limit: 100 }, month: { handled: 5, limit: 2000 } });
    freeze('2026-12-02T01:00:00Z');
    expect(await stats()).toMatchObject({ today: { handled: 0 }, month: { handled: 5 } });
    freeze('2026-12-31T00:00:00Z');
    expect(await stats()).toMatchObject({ month: { handled: 5 } });
    freeze('2026-12-31T12:00:00Z');
    // Retention dropped the records (2.24), not the month's count.
    expect(await stats()).toMatchObject({ queue_depth: 0, by_status: { pending: 0 }, today: { handled: 0 }, month: { handled: 5, limit: 2000 } });
  });

  it('the monthly cap holds on the 31st: 2,000 drafted by the 20th, nothing more drafted in December; January starts from 0', async () => {
    await enable();
    for (let day = 1; day <= 20; day++) {
      freeze(`2026-12-${String(day).padStart(2, '0')}T00:30:00Z`);
      for (let i = 0; i < 100; i++) comment();
    }
    expect(await stats()).toMatchObject({ today: { handled: 100 }, month: { handled: 2000, limit: 2000 } });
    freeze('2026-12-21T00:30:00Z');
    expect(comment()).toBe('skipped');
    freeze('2026-12-31T12:00:00Z');
    expect(await stats()).toMatchObject({ today: { handled: 0 }, month: { handled: 2000 } });
    expect([comment(), comment(), comment()]).toEqual(['skipped', 'skipped', 'skipped']);
    expect(await stats()).toMatchObject({ month: { handled: 2000 }, by_status: { skipped: expect.any(Number) } });
    // A new calendar month: the count starts again and drafting resumes.
    freeze('2027-01-01T00:00:01Z');
    expect(await stats()).toMatchObject({ today: { handled: 0 }, month: { handled: 0, limit: 2000 } });
    expect(comment()).toBe('pending');
    expect(await stats()).toMatchObject({ today: { handled: 1 }, month: { handled: 1 } });
  });

  it('a snapshot keeps the month’s count after its records expire; restoring it reads the same', async () => {
    freeze('2026-12-01T00:30:00Z');
    await enable();
    for (let i = 0; i < 3; i++) comment();
    freeze('2026-12-31T12:00:00Z');
    const snapshot = api().sim.sandbox.snapshot();
    api().sim.sandbox.reset();
    expect(await stats()).toMatchObject({ month: { handled: 0 } });
    api().sim.sandbox.restore(snapshot);
    expect(await stats()).toMatchObject({ queue_depth: 0, month: { handled: 3 } });
  });

  it('a state saved before the draft ledger counts the drafts its records still show, and keeps them past retention', async () => {
    freeze('2026-12-01T00:30:00Z');
    await enable();
    for (let i = 0; i < 4; i++) comment();
    freeze('2026-12-02T00:30:00Z');
    for (let i = 0; i < 2; i++) comment();
    const snapshot = api().sim.sandbox.snapshot();
    // What an older state file holds: the records, no ledger.
    const { comment_ai_drafts: _ledger, ...collections } = snapshot.store.collections;
    api().sim.sandbox.restore({ ...snapshot, store: { ...snapshot.store, collections } });
    expect(await stats()).toMatchObject({ today: { handled: 2 }, month: { handled: 6 } });
    freeze('2026-12-31T12:00:00Z');
    // The 1st's four records are gone (30 days), the 2nd's two are still kept.
    expect(await stats()).toMatchObject({ queue_depth: 2, month: { handled: 6 } });
  });
}, { seed: seedWithoutCommentAutomation() });

describe('the month’s draft count in a `serve --state` file', () => {
  it('is logged with every draft: a simulator started from file + log still counts the 1st’s drafts on the 31st', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-q9c-'));
    try {
      const file = join(dir, 'state.json');
      const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', seed: seedWithoutCommentAutomation() });
      const persistence = persistState(sim, file);
      const pro = sim.accounts[1]!;
      sim.sandbox.clock.freeze(at('2026-12-01T00:30:00Z'));
      const enabled = await sim.request({ method: 'PATCH', path: '/ai/config', key: pro.keys.admin!, body: { comment_ai: { enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] } } });
      expect(enabled.status).toBe(200);
      for (let i = 0; i < 5; i++) sim.sandbox.comment(pro.id, { platform: 'facebook', text: `hello ${i}`, commenter: { id: `s${i}` } });
      await persistence.whenDurable();
      // No close(): as after a crash, the drafts are only in the log.
      const again = createSimulator({ logger: silentLogger, rateLimit: 'off', seed: seedWithoutCommentAutomation(), state: loadState(file) });
      again.sandbox.clock.freeze(at('2026-12-31T12:00:00Z'));
      const stats = await again.request({ path: '/comments/stats', key: pro.keys.read! });
      expect(stats.body).toMatchObject({ data: { queue_depth: 0, month: { handled: 5, limit: 2000 } } });
      again.close();
      await persistence.close();
      sim.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
