/**
 * Section 2.1: lists are newest first unless the spec states another order. The default seed must
 * agree with that on every list it fills, so the `created_at` of what a list serves never rises
 * down the page (a seed whose ids ran against its timestamps once served an older invitation
 * first).
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

/**
 * Lists the spec orders otherwise: tags by name (4.5), custom fields in creation order (4.3), team
 * members by name (4.10; judged only while the seed gave them one creation time).
 */
const OTHER_ORDER = new Set(['/tags', '/custom-fields', '/team']);

describe('default seed order', () => {
  it('every list without path parameters serves its seeded records newest first by created_at', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const document = (await sim.request({ method: 'GET', path: '/openapi.json' })).body as { paths: Record<string, { get?: unknown }> };
    const lists = Object.keys(document.paths)
      .filter((path) => document.paths[path]!.get !== undefined && !path.includes('{'))
      .map((path) => path.replace(/^\/api\/v1/, ''))
      .filter((path) => !OTHER_ORDER.has(path));
    let judged = 0;
    for (const account of sim.accounts) {
      for (const path of lists) {
        const response = await sim.request({ method: 'GET', path, key: account.keys.full!, query: { limit: '100' } });
        const items = (response.body as { data?: unknown }).data;
        if (!Array.isArray(items) || items.length < 2) continue;
        const created = items.map((item) => (item as { created_at?: unknown }).created_at);
        if (!created.every((value) => typeof value === 'string')) continue;
        const times = (created as string[]).map((value) => Date.parse(value));
        const rises = times.flatMap((time, index) => (index > 0 && time > times[index - 1]! ? [`${created[index - 1]} -> ${created[index]}`] : []));
        expect(rises, `account ${account.id} GET ${path}`).toEqual([]);
        judged++;
      }
    }
    expect(judged).toBeGreaterThan(30);
  });
});
