/**
 * List order (2.1 "Lists are newest-first unless stated"; 4.3 "definitions in creation order"),
 * one check per list the kit can see records in, so a list served oldest first fails under its
 * own name. The lists whose order other checks already judge (API keys in `pagination.walk`,
 * tags and team by name, opt-outs, messages, sessions, events, comments, recent posts) are not
 * repeated here.
 *
 * Each check reads one page of 100 and requires `created_at` never to go the wrong way (equal
 * instants may come in any order: the spec states no tie-break). Where the kit can make records
 * cheaply and undo them (contacts, webhook endpoints, FAQs, draft flows, blocks of made-up
 * handles, media, inactive comment triggers), it first makes two at distinct instants
 * (a second apart: timestamps are whole seconds), so the rule is judged even on an empty account,
 * and requires the newer of the two to come first. Elsewhere it judges what the account has and
 * skips `list_too_short` when fewer than two distinct instants are listed.
 */
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectStatus, fail, readData, readList } from '../runner/expect.js';
import type { KitResponse, SendOptions } from '../http/client.js';
import { PNG_3X2, uploadForm } from './ai-knowledge/shared.js';
import { leadCapture } from './flows/client.js';
import { costOf } from './helpers.js';
import { sandbox } from './sandbox.js';

const group = 'list-order';

/** Two records the check made, oldest first (when it can tell), and how to undo them afterwards. */
interface Filled {
  readonly ids?: readonly [number, number];
  readonly undo: () => Promise<void>;
}

interface OrderedList {
  readonly path: string;
  readonly clause: string;
  /** `newest` (2.1's default) or `creation` (oldest first, 4.3's custom fields). */
  readonly order: 'newest' | 'creation';
  /** Makes two records a second apart; absent where the kit judges only what is there. */
  readonly fill?: (ctx: CheckContext) => Promise<Filled | undefined>;
  /** The fill is a bonus, not a need: the check is read-only and fills only when the profile allows. */
  readonly optionalFill?: boolean;
  readonly query?: Readonly<Record<string, string>>;
  /**
   * A whole-set list (2.1: one page, everything): asked with its own `query` only, no `limit`,
   * since its route states no such parameter (4.3 states only `include_archived`; audit 13f F4).
   */
  readonly wholeSet?: boolean;
  /**
   * The instants "newest" may be read from: `created_at` unless the record has none. With several
   * the list passes when it is in order by any one of them (the spec names no field).
   */
  readonly fields?: readonly string[];
  /** `spec` unless the order judged is the house's reading of an unstated field (then `assumption`). */
  readonly level?: 'spec' | 'assumption';
  /** The check's id, when it is not `order.<path>`. */
  readonly id?: string;
  /** Extra routes the fill uses. */
  readonly fillRoutes?: readonly string[];
}

/** Whole-second timestamps: a bit over one second apart guarantees two distinct instants. */
const APART_MS = 1100;

async function madeId(response: KitResponse, what: string): Promise<number> {
  expectStatus(response, [200, 201], what);
  const id = readData(response, what)['id'];
  if (typeof id !== 'number') fail(`${what}: the result has no integer id`, response);
  return id;
}

async function fillContacts(ctx: CheckContext): Promise<Filled> {
  const key = await ctx.keyFor('write');
  const make = (n: number) =>
    ctx.setup(`create contact ${n} of 2`, async () => {
      const handle = ctx.name(`order${n}`);
      return madeId(await ctx.send({ method: 'POST', path: '/contacts', key, body: { channel: 'telegram', platform_user_id: handle, name: `${handle} person` } }), 'POST /contacts');
    });
  const first = await make(1);
  await ctx.wait(APART_MS);
  const second = await make(2);
  // Swept at the end with the run's other contacts (the ledger recorded them).
  return { ids: [first, second], undo: async () => undefined };
}

/**
 * Makes two records of a deletable kind a second apart with `scope`'s key, and deletes both
 * afterwards. A 403 (a plan's cap reached, e.g. the account's 3 endpoints) is no verdict on the
 * order: the check then judges what is listed.
 */
function fillByPost(path: string, kind: string, scope: 'write' | 'admin', requestOf: (ctx: CheckContext, n: number) => Pick<SendOptions, 'body' | 'form'>) {
  return async (ctx: CheckContext): Promise<Filled | undefined> => {
    const key = await ctx.keyFor(scope);
    const made: number[] = [];
    const undo = async () => {
      for (const id of made) {
        const removed = await ctx.send({ method: 'DELETE', path: `${path}/${id}`, key });
        if (removed.status >= 200 && removed.status < 300) ctx.ledger.forget(kind, id);
      }
    };
    try {
      for (const n of [1, 2]) {
        if (n === 2) await ctx.wait(APART_MS);
        const response = await ctx.send({ method: 'POST', path, key, ...requestOf(ctx, n) });
        if (response.status === 403) {
          await undo();
          return undefined;
        }
        made.push(await ctx.setup(`create record ${n} of 2`, () => madeId(response, `POST ${path}`)));
      }
    } catch (error) {
      await undo();
      throw error;
    }
    return { ids: [made[0]!, made[1]!], undo };
  };
}

// Paused endpoints at a host that never resolves: nothing is ever delivered.
const fillEndpoints = fillByPost('/webhooks/endpoints', 'webhook-endpoint', 'admin', (ctx, n) => ({
  body: { name: ctx.name(`order${n}`), url: `https://hooks.switchboard.invalid/switchboard-conformance/${ctx.prefix}/order${n}` },
}));
const fillFaqs = fillByPost('/knowledge/faqs', 'faq', 'write', (ctx, n) => ({ body: { question: `${ctx.name(`order${n}`)}?`, answer: 'An answer from the conformance kit.' } }));
// Drafts of the kit's lead-capture graph: never published, so never live.
const fillFlows = fillByPost('/flows', 'flow', 'write', (ctx, n) => ({ body: { name: ctx.name(`order${n}`), definition: leadCapture(ctx.name(`order${n}`).slice(0, 50)) } }));
// A made-up handle of the run: blocking it blocks no real person's messages.
const fillBlocks = fillByPost('/blocked-users', 'blocked-user', 'write', (ctx, n) => ({ body: { ig_username: ctx.name(`o${n}`).slice(0, 30) } }));
const fillMedia = fillByPost('/media', 'media', 'write', (ctx, n) => ({ form: uploadForm(PNG_3X2, 'image/png', 'kit.png', { name: ctx.name(`order${n}`), category: 'product' }) }));
// Inactive DM triggers on a keyword of the run: they never answer a real comment.
const fillTriggers = fillByPost('/comment-triggers', 'comment-trigger', 'write', (ctx, n) => ({
  body: {
    name: ctx.name(`order${n}`),
    active: false,
    platform: 'instagram',
    keywords: [`order${n}${ctx.runId.replace(/[^a-z]/gi, '').toLowerCase()}`.slice(0, 40)],
    response_mode: 'both',
    public_replies: ['Sent you a DM'],
    dm_templates: ['Here is the link'],
    buttons: [{ title: 'Open', type: 'url', url: 'https://kit.conformance.invalid/link' }],
  },
}));

/**
 * Gaps are the AI's to record and no route of the API makes one. On the simulator the sandbox can
 * (as its AI would), so a fresh simulator account has two to order; elsewhere the check judges
 * what the account's AI recorded.
 */
async function fillGaps(ctx: CheckContext): Promise<Filled | undefined> {
  if (!ctx.target.simulator) return undefined;
  for (const n of [1, 2]) {
    if (n === 2) await ctx.wait(APART_MS);
    const body = { signal_type: 'no_knowledge', channel: 'telegram', user_message: `${ctx.name(`order${n}`)}?` };
    await ctx.setup(`record gap ${n} of 2 (sandbox)`, async () => expectStatus(await sandbox(ctx, 'POST', '/knowledge-gaps', body), 201, 'POST /_sandbox/knowledge-gaps'));
  }
  return { undo: async () => undefined };
}

/**
 * Custom fields cannot be deleted (4.3): rather than leave new ones behind, the kit takes two of
 * its pool fields (reused across runs, archived again afterwards) a second apart; on a fresh
 * account that creates two definitions at distinct instants. Archived definitions are listed too
 * (`include_archived`): creation order covers them as well.
 */
async function fillCustomFields(ctx: CheckContext): Promise<Filled | undefined> {
  const key = await ctx.keyFor('write');
  const taken: number[] = [];
  const undo = async () => {
    for (const id of taken) await ctx.fields.release(key, id);
  };
  for (const name of ['text', 'number']) {
    if (taken.length > 0) await ctx.wait(APART_MS);
    const field = await ctx.setup(`have the kit's ${name} pool field`, () => ctx.fields.acquire(key, name, `Kit pool: ${name}`));
    if (field === 'cap') break;
    taken.push(field.id);
  }
  return { undo };
}

const LISTS: readonly OrderedList[] = [
  { path: '/contacts', clause: '2.1', order: 'newest', fill: fillContacts, fillRoutes: ['POST /contacts'] },
  { path: '/webhooks/endpoints', clause: '2.1', order: 'newest', fill: fillEndpoints, fillRoutes: ['POST /webhooks/endpoints', 'DELETE /webhooks/endpoints/{id}'] },
  { path: '/custom-fields', clause: '4.3', order: 'creation', fill: fillCustomFields, optionalFill: true, query: { include_archived: 'true' }, wholeSet: true },
  // 4.4 lists conversations with no order and no field: 2.1's "newest" may be a thread's creation
  // or its latest message (an inbox by activity), so the spec check takes either; the house's
  // reading (created_at, decisions.md F8) is judged at assumption.
  { path: '/conversations', clause: '2.1', order: 'newest', fields: ['created_at', 'last_message_at'] },
  { path: '/conversations', clause: '2.1', order: 'newest', level: 'assumption', id: 'order.conversations-created-at' },
  { path: '/appointments', clause: '2.1', order: 'newest' },
  { path: '/blocked-users', clause: '2.1', order: 'newest', fill: fillBlocks, fillRoutes: ['POST /blocked-users', 'DELETE /blocked-users/{id}'] },
  { path: '/knowledge/faqs', clause: '2.1', order: 'newest', fill: fillFaqs, fillRoutes: ['POST /knowledge/faqs', 'DELETE /knowledge/faqs/{id}'] },
  { path: '/flows', clause: '2.1', order: 'newest', fill: fillFlows, fillRoutes: ['POST /flows', 'DELETE /flows/{id}'] },
  // A gap (2.19) has no created_at: its instant is last_seen_at (the one `since` filters on).
  // Every status is listed, to see more of them.
  { path: '/knowledge-gaps', clause: '2.1', order: 'newest', fields: ['last_seen_at'], query: { status: 'all' }, fill: fillGaps, optionalFill: true },
  { path: '/team/invitations', clause: '2.1', order: 'newest' },
  { path: '/media', clause: '2.1', order: 'newest', fill: fillMedia, fillRoutes: ['POST /media', 'DELETE /media/{id}'] },
  { path: '/posts', clause: '2.1', order: 'newest' },
  { path: '/comment-triggers', clause: '2.1', order: 'newest', fill: fillTriggers, fillRoutes: ['POST /comment-triggers', 'DELETE /comment-triggers/{id}'] },
];

interface Item {
  readonly id: unknown;
  readonly at: number | undefined;
  readonly created: unknown;
}

function itemsOf(data: readonly unknown[], field: string): Item[] {
  return data.map((raw) => {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const created = item[field];
    const at = typeof created === 'string' ? Date.parse(created) : undefined;
    return { id: item['id'], at: at !== undefined && Number.isFinite(at) ? at : undefined, created };
  });
}

const wrongWay = (list: OrderedList, earlier: number, later: number): boolean => (list.order === 'newest' ? later > earlier : later < earlier);
const rule = (list: OrderedList): string => (list.order === 'newest' ? 'newest first (2.1)' : 'in creation order (4.3)');

async function judge(ctx: CheckContext, list: OrderedList): Promise<void> {
  const fills = list.fill !== undefined && (!list.optionalFill || ctx.profile !== 'read-only');
  const filled = fills ? await list.fill!(ctx) : undefined;
  try {
    const query = list.wholeSet ? { ...list.query } : { limit: '100', ...list.query };
    const asked = `GET ${list.path}${list.wholeSet ? '' : '?limit=100'}`;
    const response = await ctx.send({ path: list.path, query });
    expectStatus(response, 200, asked);
    const data = readList(response, `GET ${list.path}`).data;
    // Each candidate field's first step the wrong way (undefined: in order by that field).
    const judged = (list.fields ?? ['created_at']).map((field) => {
      const dated = itemsOf(data, field).filter((item) => item.at !== undefined);
      const index = dated.findIndex((item, i) => i > 0 && wrongWay(list, dated[i - 1]!.at!, item.at!));
      const wrong = index < 0 ? undefined : `item ${String(dated[index - 1]!.id)} (${field} ${String(dated[index - 1]!.created)}) comes before item ${String(dated[index]!.id)} (${field} ${String(dated[index]!.created)})`;
      return { field, wrong, instants: new Set(dated.map((item) => item.at)).size };
    });
    if (judged.every((by) => by.wrong !== undefined)) fail(`GET ${list.path} is not ${rule(list)}${judged.length > 1 ? ' by any of its instants' : ''}: ${judged.map((by) => by.wrong).join('; ')}`, response);
    const items = itemsOf(data, judged[0]!.field);
    if (filled?.ids) {
      const [older, newer] = filled.ids;
      const olderAt = items.findIndex((item) => item.id === older);
      const newerAt = items.findIndex((item) => item.id === newer);
      if (olderAt < 0 || newerAt < 0) fail(`${asked} does not list the two records just created (${older}, ${newer})`, response);
      const newerFirst = newerAt < olderAt;
      if (newerFirst !== (list.order === 'newest')) fail(`GET ${list.path} is not ${rule(list)}: ${older} was created a second before ${newer} but is listed ${newerFirst ? 'after' : 'before'} it`, response);
      return;
    }
    if (judged.every((by) => by.instants < 2)) return ctx.skip('list_too_short', `GET ${list.path} lists fewer than two distinct ${judged.map((by) => by.field).join(' or ')} instants`);
  } finally {
    await filled?.undo();
  }
}

const idOf = (path: string): string => `order.${path.slice(1).replace(/\//g, '-')}`;

export const listOrderChecks: CheckDefinition[] = LISTS.map((list) => ({
  id: list.id ?? idOf(list.path),
  title: `GET ${list.path} is ${list.order === 'newest' ? 'newest first' : 'in creation order'}${list.fields && list.fields.length > 1 ? ` by ${list.fields.join(' or ')}` : list.level === 'assumption' ? ' by created_at' : ''}${list.fill && !list.optionalFill ? ' (two records made a second apart)' : ''}`,
  clause: list.clause,
  level: list.level ?? 'spec',
  group,
  profile: list.fill && !list.optionalFill ? 'safe' : 'read-only',
  routes: [`GET ${list.path}`, ...(list.optionalFill ? [] : (list.fillRoutes ?? []))],
  cost: costOf(list.fill ? 5 : 1),
  async run(ctx) {
    await judge(ctx, list);
  },
}));
