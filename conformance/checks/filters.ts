/**
 * Filter semantics: a list filter must select exactly the records it names, not merely accept a
 * valid value (a server that validates `channel` and then ignores it must fail here).
 *
 * - `contacts.filters` creates records that match and records that do not, for every filter of
 *   GET /contacts (4.2: channel, stage, tag, email, phone, name, updated_since; ANDed), and asserts
 *   exactly the expected set. Each query carries `name=<stem>` so only the check's own records
 *   count; the `name` filter itself is asserted first.
 * - `*.filter-results` judge the filters of GET /contacts, GET /conversations (4.4) and
 *   GET /opt-outs (4.9) on the account's existing data (read-only, so they run on any
 *   deployment): every record a filter returns satisfies it, and when the whole list fits in a few
 *   pages the filtered list is exactly the matching part of it. A filter the data cannot tell
 *   apart (every record matches, or none) is not judged.
 */
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectStatus, fail, readData, readList } from '../runner/expect.js';
import { costOf, walk } from './helpers.js';
import { freshPhone } from './sandbox.js';

type Item = Record<string, unknown>;

const ids = (items: readonly Item[]): string => `[${items.map((item) => String(item['id'])).join(', ')}]`;

/** `YYYY-MM-DDTHH:MM:SS+00:00`, the format 2.1 gives for `updated_since` and `since`. */
export function timestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

interface Made {
  readonly id: number;
  readonly body: Item;
  readonly updatedAt: number;
}

async function exactly(ctx: CheckContext, filter: string, query: Record<string, string>, expected: readonly Made[], all: readonly Made[]): Promise<void> {
  const response = await ctx.send({ path: '/contacts', query: { ...query, limit: '100' } });
  const what = `GET /contacts?${new URLSearchParams(query).toString()}`;
  expectStatus(response, 200, what);
  const list = readList(response, what);
  const got = list.data as Item[];
  const wanted = new Set(expected.map((made) => made.id));
  const missing = expected.filter((made) => !got.some((item) => item['id'] === made.id));
  const extra = got.filter((item) => !wanted.has(item['id'] as number));
  if (missing.length === 0 && extra.length === 0 && !list.has_more) return;
  const ours = new Set(all.map((made) => made.id));
  const foreign = extra.filter((item) => !ours.has(item['id'] as number)).length;
  fail(
    `${what}: the ${filter} filter selected ${ids(got)}${list.has_more ? ' and more pages' : ''}, expected exactly [${expected.map((made) => made.id).join(', ')}]` +
      (missing.length > 0 ? `; left out ${missing.map((made) => made.id).join(', ')}` : '') +
      (extra.length > 0 ? `; ${extra.length} extra record(s)${foreign > 0 ? `, ${foreign} not made by this check (is the filter ignored?)` : ''}` : ''),
    response,
  );
}

/**
 * Read-side filter judgement over the account's own data. `cases` builds the filters to try
 * from the unfiltered records (values that some but not all of them have).
 */
async function judgeOnExistingData(
  ctx: CheckContext,
  path: string,
  cases: (items: readonly Item[]) => { param: string; value: string; matches: (item: Item) => boolean }[],
): Promise<void> {
  const all = await ctx.setup(`list ${path}`, () => walk(ctx, path, { limit: 100, maxPages: 3 }));
  const complete = !readList(all.pages[all.pages.length - 1]!, `GET ${path}`).has_more;
  if (all.items.length < 2) return ctx.skip('nothing_to_compare', `${path} has ${all.items.length} record(s)`);
  const tried = cases(all.items).filter(({ matches }) => {
    const count = all.items.filter(matches).length;
    return count > 0 && count < all.items.length;
  });
  if (tried.length === 0) return ctx.inconclusive('not measurable: every record matches every filter value the data offers, or none does');
  for (const { param, value, matches } of tried) {
    const what = `GET ${path}?${param}=${value}`;
    const filtered = await walk(ctx, path, { limit: 100, maxPages: 3, query: { [param]: value } });
    const stray = filtered.items.find((item) => !matches(item));
    if (stray) fail(`${what} returned record ${String(stray['id'])}, which does not match ${param}=${value}`, filtered.pages[0]);
    if (!complete) continue;
    const expected = all.items.filter(matches).map((item) => item['id']);
    const got = filtered.items.map((item) => item['id']);
    const left = expected.filter((id) => !got.includes(id));
    if (left.length > 0) fail(`${what} left out ${left.length} matching record(s) (${left.slice(0, 5).map(String).join(', ')}) of the ${expected.length} the unfiltered list shows`, filtered.pages[0]);
  }
}

/** Enum values present in the data, each a case. */
function enumCases(items: readonly Item[], param: string, field = param): { param: string; value: string; matches: (item: Item) => boolean }[] {
  const values = [...new Set(items.map((item) => item[field]).filter((value): value is string => typeof value === 'string'))];
  return values.map((value) => ({ param, value, matches: (item: Item) => item[field] === value }));
}

/** An instant strictly between two of the records' timestamps, so "at or after" and "after" agree. */
function sinceCase(items: readonly Item[], param: string, field: string): { param: string; value: string; matches: (item: Item) => boolean }[] {
  const times = [...new Set(items.map((item) => (typeof item[field] === 'string' ? Date.parse(item[field]) : Number.NaN)).filter((t) => !Number.isNaN(t)))].sort((a, b) => a - b);
  for (let i = Math.floor(times.length / 2); i < times.length - 1; i++) {
    if (times[i + 1]! - times[i]! >= 2_000) {
      const at = Math.floor(times[i]! / 1000) * 1000 + 1_000;
      return [{ param, value: timestamp(at), matches: (item: Item) => typeof item[field] === 'string' && Date.parse(item[field]) >= at }];
    }
  }
  return [];
}

export const filterChecks: CheckDefinition[] = [
  {
    id: 'contacts.filters',
    title: 'Every GET /contacts filter selects exactly the matching records (ANDed)',
    clause: '4.2',
    level: 'spec',
    group: 'contacts',
    profile: 'safe',
    routes: ['POST /contacts', 'GET /contacts'],
    cost: costOf(14),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const stem = ctx.name('flt');
      const tag = `${stem}_tag`;
      const [phoneOne, phoneTwo] = [freshPhone(), freshPhone()];
      const make = async (hint: string, body: Item): Promise<Made> => {
        const response: KitResponse = await ctx.send({ method: 'POST', path: '/contacts', key, body: { platform_user_id: `${stem}_${hint}`, ...body } });
        expectStatus(response, [200, 201], `POST /contacts (${hint})`);
        const data = readData(response, 'POST /contacts');
        if (typeof data['id'] !== 'number' || typeof data['updated_at'] !== 'string') fail('POST /contacts: the contact lacks id or updated_at', response);
        return { id: data['id'], body, updatedAt: Date.parse(data['updated_at']) };
      };
      const { one, two, three, outsider } = await ctx.setup('create the contacts to filter', async () => {
        const one = await make('one', { channel: 'telegram', name: `${stem} one`, stage: 'contacted', tags: [tag], email: `${stem}.one@example.com`, phone: phoneOne });
        const two = await make('two', { channel: 'instagram', name: `${stem} two`, stage: 'qualified', email: `${stem}.two@example.com`, phone: phoneTwo });
        // Its name leaves out the stem: only the name filter tells it from the others.
        const outsider = await make('outsider', { channel: 'telegram', name: `${ctx.prefix} outsider`, stage: 'contacted', tags: [tag] });
        // Two seconds later, so an instant between the two updated_at values exists (2.1: to the second).
        await ctx.wait(2_100);
        const three = await make('three', { channel: 'telegram', name: `${stem} three` });
        return { one, two, three, outsider };
      });
      const all = [one, two, three, outsider];
      const named = { name: stem };
      await exactly(ctx, 'name', named, [one, two, three], all);
      await exactly(ctx, 'channel', { ...named, channel: 'telegram' }, [one, three], all);
      await exactly(ctx, 'channel', { ...named, channel: 'instagram' }, [two], all);
      await exactly(ctx, 'stage', { ...named, stage: 'contacted' }, [one], all);
      await exactly(ctx, 'stage', { ...named, stage: 'new' }, [three], all);
      await exactly(ctx, 'tag', { ...named, tag }, [one], all);
      await exactly(ctx, 'email', { ...named, email: `${stem}.one@example.com` }, [one], all);
      await exactly(ctx, 'phone', { ...named, phone: phoneTwo }, [two], all);
      const since = Math.floor(Math.max(one.updatedAt, two.updatedAt, outsider.updatedAt) / 1000) * 1000 + 1_000;
      if (three.updatedAt >= since + 500) await exactly(ctx, 'updated_since', { ...named, updated_since: timestamp(since) }, [three], all);
    },
  },
  {
    id: 'contacts.filter-results',
    title: "GET /contacts filters select exactly the matching records of the account's data",
    clause: '4.2',
    level: 'spec',
    group: 'contacts',
    profile: 'read-only',
    routes: ['GET /contacts'],
    cost: costOf(12),
    async run(ctx) {
      await judgeOnExistingData(ctx, '/contacts', (items) => [...enumCases(items, 'channel'), ...enumCases(items, 'stage'), ...sinceCase(items, 'updated_since', 'updated_at')]);
    },
  },
  {
    id: 'conversations.filter-results',
    title: "GET /conversations filters (channel, status, assigned_to, updated_since) select exactly the matching records",
    clause: '4.4',
    level: 'spec',
    group: 'conversations',
    profile: 'read-only',
    routes: ['GET /conversations'],
    cost: costOf(14),
    async run(ctx) {
      await judgeOnExistingData(ctx, '/conversations', (items) => {
        const assigned = [...new Set(items.map((item) => item['assigned_to']).filter((value): value is number => typeof value === 'number'))].slice(0, 2);
        return [
          ...enumCases(items, 'channel'),
          ...enumCases(items, 'status'),
          ...assigned.map((value) => ({ param: 'assigned_to', value: String(value), matches: (item: Item) => item['assigned_to'] === value })),
          ...sinceCase(items, 'updated_since', 'updated_at'),
        ];
      });
    },
  },
  {
    id: 'opt-outs.filter-results',
    title: 'GET /opt-outs filters (channel, status, scope, since) select exactly the matching records',
    clause: '4.9',
    level: 'spec',
    group: 'opt-outs',
    profile: 'read-only',
    routes: ['GET /opt-outs'],
    cost: costOf(14),
    async run(ctx) {
      await judgeOnExistingData(ctx, '/opt-outs', (items) => [
        ...enumCases(items, 'channel'),
        // 4.9: opted_in returns SMS records only; opted_out any channel.
        { param: 'status', value: 'opted_out', matches: (item: Item) => item['status'] === 'opted_out' },
        // 4.9: passing scope excludes SMS.
        ...enumCases(items, 'scope').map((c) => ({ ...c, matches: (item: Item) => item['channel'] !== 'sms' && item['scope'] === c.value })),
        ...sinceCase(items, 'since', 'recorded_at'),
      ]);
    },
  },
];
