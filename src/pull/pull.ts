/**
 * `switchboard seed pull` (docs/seed-pull.md): reads one account through the public API (GET
 * only, paced by `RateLimit-*` and `Retry-After` with the conformance kit's pacer) and writes a
 * seed file `serve --seed` loads. The file is written streaming into `<out>.partial`, page by
 * page, with a state file beside it (`<out>.pull-state.json`, owner-only) recording how far it
 * got; `--resume` truncates the partial file to the last recorded point and goes on from the
 * saved cursor. Only a complete file is renamed to `<out>`.
 *
 * It is a client: what it knows about each group is the group's `pull` contribution (GET paths
 * and how a listed record becomes a seed item), never a model or the store.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, ftruncateSync, writeSync } from 'node:fs';
import { Pacer } from '../../conformance/http/pacer.js';
import { realWaiter, type Waiter } from '../../conformance/http/waiter.js';
import { causeOf } from '../../conformance/http/client.js';
import { isDeadlineError, withDeadline } from '../../conformance/http/deadline.js';
import type { AnyGroup } from '../groups/define.js';
import type { PullApi, PullListSection, PullSection } from '../groups/pull.js';
import { writeFileAtomic } from '../adapters/state-file.js';
import { Redactor, redactionRules, type RedactionRulesFile } from './redact.js';
import { dropUnloadable, type DroppedRecord } from './loadable.js';

export class PullError extends Error {
  override readonly name = 'PullError';

  /** The target's answer when it refused a read (status and error code), for refusals a group expects. */
  constructor(
    message: string,
    readonly refusal?: { readonly status: number; readonly code: string | undefined },
    /** The target stopped answering (down, hanging, rate limited): trying again later may work. */
    readonly transient = false,
  ) {
    super(message);
  }
}

export interface PullProgress {
  readonly section: string;
  readonly records: number;
  readonly requests: number;
  readonly waitedMs: number;
}

export interface PullOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly out: string;
  readonly groups: readonly AnyGroup[];
  /** Only these groups (the account itself is always pulled). */
  readonly only?: readonly string[];
  /** At most this many records per list section. */
  readonly limit?: number;
  /** `default`, `none`, or a rules file's content (keep/replace on top of the defaults). */
  readonly redact: 'default' | 'none' | RedactionRulesFile;
  readonly resume?: boolean;
  /** How long one request may take, answer body included (default 30 s). */
  readonly timeoutMs?: number;
  /** The target's time (ms) the pull's `ago` fields count back from; default: its `Date` header. */
  readonly asOfMs?: number;
  readonly waiter?: Waiter;
  readonly fetch?: typeof fetch;
  readonly onProgress?: (progress: PullProgress) => void;
  readonly onEstimate?: (estimate: PullEstimate) => void;
}

export interface PullEstimate {
  readonly quotaPerMinute: number;
  /** Requests known before paging: one per value section and one per list's first page. */
  readonly minimumRequests: number;
  readonly perRecord: Readonly<Record<string, number>>;
  /** `records` contacts at the quota: requests and minutes (lists page 100 at a time). */
  readonly forContacts: (records: number) => { requests: number; minutes: number };
}

export interface PullSummary {
  readonly out: string;
  readonly accountId: number;
  readonly requests: number;
  readonly waitedMs: number;
  readonly records: Readonly<Record<string, number>>;
  readonly pulled: readonly string[];
  readonly notPulled: readonly string[];
  readonly redacted: boolean;
  /** With `limit`: records dropped because a record they need was cut (so the file loads). */
  readonly dropped: readonly DroppedRecord[];
}

interface PullState {
  readonly version: 1;
  readonly baseUrl: string;
  readonly accountId: number;
  readonly startedAtMs: number;
  /** The redaction key (hex): kept only so a resumed pull gives the same fakes. */
  readonly key: string;
  section: number;
  cursor: string | null;
  inList: boolean;
  items: number;
  bytes: number;
  records: Record<string, number>;
}

const PAGE = 100;
export const DEFAULT_PULL_TIMEOUT_MS = 30_000;

export function planSections(groups: readonly AnyGroup[], only?: readonly string[]): { sections: PullSection[]; pulled: string[]; notPulled: string[] } {
  const unknown = (only ?? []).filter((name) => !groups.some((group) => group.name === name));
  if (unknown.length > 0) throw new PullError(`Unknown group(s): ${unknown.join(', ')} (known: ${groups.filter((g) => g.pull).map((g) => g.name).join(', ')})`);
  // A group comes with the groups it needs (contacts bring tags and custom fields), as in the registry.
  const wanted = new Set(['account', ...(only ?? [])]);
  const addNeeds = (group: AnyGroup): void => {
    for (const need of group.needs) if (!wanted.has(need.name)) (wanted.add(need.name), addNeeds(need));
  };
  for (const group of groups) if (wanted.has(group.name)) addNeeds(group);
  const chosen = groups.filter((group) => only === undefined || only.length === 0 || wanted.has(group.name));
  const pulled = chosen.filter((group) => group.pull !== undefined).map((group) => group.name);
  const notPulled = chosen.filter((group) => group.pull === undefined && (group.seed !== undefined || group.routes.length > 0)).map((group) => group.name);
  return { sections: chosen.flatMap((group) => [...(group.pull?.sections ?? [])]), pulled, notPulled };
}

export async function pullSeed(options: PullOptions): Promise<PullSummary> {
  const stateFile = `${options.out}.pull-state.json`;
  try {
    return await pullSeedOnce(options, stateFile);
  } catch (error) {
    // `--resume` is advice only when there is something to resume: a state file was written.
    if (error instanceof PullError && error.transient && existsSync(stateFile)) {
      throw new PullError(`${error.message}; the pull can go on later with --resume.`, error.refusal, true);
    }
    throw error;
  }
}

async function pullSeedOnce(options: PullOptions, stateFile: string): Promise<PullSummary> {
  const { sections, pulled, notPulled } = planSections(options.groups, options.only);
  const temp = `${options.out}.partial`;
  const waiter = options.waiter ?? realWaiter();
  const http = new GetClient(options.baseUrl, options.apiKey, waiter, options.fetch ?? fetch, options.timeoutMs ?? DEFAULT_PULL_TIMEOUT_MS);

  let state: PullState;
  if (options.resume) {
    state = readState(stateFile, temp, options.baseUrl);
  } else {
    if (existsSync(stateFile)) throw new PullError(`${stateFile} exists: an earlier pull was interrupted. Use --resume to go on, or delete it to start over.`);
    const probe = await http.probe();
    state = {
      version: 1, baseUrl: options.baseUrl, accountId: probe.accountId, startedAtMs: options.asOfMs ?? probe.serverTimeMs, key: randomBytes(32).toString('hex'),
      section: 0, cursor: null, inList: false, items: 0, bytes: 0, records: {},
    };
    options.onEstimate?.(estimateOf(sections, http.quota));
  }
  const redactor = options.redact === 'none' ? undefined : new Redactor(Buffer.from(state.key, 'hex'), redactionRules(options.redact === 'default' ? undefined : options.redact));
  const api: PullApi = {
    startedAtMs: state.startedAtMs,
    get: (path, query) => http.data(path, query),
    all: (path, query) => http.all(path, query),
    newKey: (scope) => `sbx_pulled_${scope}_${randomBytes(12).toString('hex')}`,
  };

  const fd = openSync(temp, options.resume ? 'r+' : 'w', 0o600);
  let position = state.bytes;
  const write = (text: string): void => {
    position += writeSync(fd, text, position);
  };
  const save = (): void => {
    state.bytes = position;
    writeFileAtomic(stateFile, JSON.stringify(state));
  };
  try {
    ftruncateSync(fd, position);
    if (position === 0) write('{"format":"switchboard-seed","version":1,"accounts":[{');
    const next = (): void => {
      state.section++;
      state.inList = false;
      state.cursor = null;
      state.items = 0;
      save();
    };
    while (state.section < sections.length) {
      const section = sections[state.section]!;
      const comma = state.section > 0 ? ',' : '';
      if ('value' in section) {
        let value = await section.value(api);
        if (redactor) value = redactor.section(section.field, value, false);
        write(`${comma}${JSON.stringify(section.field)}:${JSON.stringify(value)}`);
        next();
        continue;
      }
      if (!state.inList) {
        write(`${comma}${JSON.stringify(section.field)}:[`);
        state.inList = true;
        save();
      }
      await pullList(section, state, api, http, options, (items) => {
        for (const item of items) {
          const out = redactor ? redactor.section(section.field, item, true) : item;
          write(`${state.items > 0 ? ',' : ''}${JSON.stringify(out)}`);
          state.items++;
        }
        state.records[section.field] = state.items;
        options.onProgress?.({ section: section.field, records: state.items, requests: http.requests, waitedMs: http.waitedMs });
      }, save);
      write(']');
      next();
    }
    write('}]}\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  // A limit cuts every list at N, which can leave a kept record pointing at a cut one: drop those
  // (reported) so that what `seed check` calls valid, `serve --seed` loads.
  let dropped: DroppedRecord[] = [];
  if (options.limit !== undefined) {
    const seed = JSON.parse(readFileSync(temp, 'utf8')) as { accounts: Record<string, unknown>[] };
    dropped = dropUnloadable(seed);
    if (dropped.length > 0) {
      writeFileAtomic(temp, `${JSON.stringify(seed)}\n`);
      for (const { field } of dropped) if (state.records[field] !== undefined) state.records[field]--;
    }
  }
  renameSync(temp, options.out);
  rmSync(stateFile, { force: true });
  return {
    out: options.out, accountId: state.accountId, requests: http.requests, waitedMs: http.waitedMs, records: state.records,
    pulled, notPulled, redacted: redactor !== undefined, dropped,
  };
}

async function pullList(
  section: PullListSection,
  state: PullState,
  api: PullApi,
  http: GetClient,
  options: PullOptions,
  emit: (items: unknown[]) => void,
  save: () => void,
): Promise<void> {
  const limit = options.limit ?? Infinity;
  for (;;) {
    if (state.items >= limit) return;
    const page = await http.page(section.list, { ...section.query, limit: PAGE, ...(state.cursor ? { starting_after: state.cursor } : {}) });
    const records = page.data.slice(0, Math.max(0, limit - state.items));
    const items: unknown[] = [];
    for (const record of records) {
      const mapped = await section.map(record as never, api);
      if (mapped === undefined) continue;
      if (section.many && Array.isArray(mapped)) items.push(...mapped);
      else items.push(mapped);
    }
    emit(items);
    state.cursor = page.next_cursor;
    save();
    if (!page.has_more || page.next_cursor === null) return;
  }
}

function estimateOf(sections: readonly PullSection[], quota: number): PullEstimate {
  const perRecord: Record<string, number> = {};
  let minimum = 0;
  for (const section of sections) {
    minimum += 'value' in section ? (section.requests ?? 1) : 1;
    if ('list' in section) perRecord[section.field] = 1 / PAGE + (section.requestsPerRecord ?? 0);
  }
  return {
    quotaPerMinute: quota,
    minimumRequests: minimum,
    perRecord,
    forContacts: (records) => {
      const requests = Math.ceil(records / PAGE);
      return { requests, minutes: requests / quota };
    },
  };
}

function readState(stateFile: string, temp: string, baseUrl: string): PullState {
  if (!existsSync(stateFile)) throw new PullError(`Nothing to resume: ${stateFile} does not exist.`);
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as PullState;
  if (state.version !== 1 || state.baseUrl !== baseUrl) throw new PullError(`${stateFile} belongs to a pull of ${state.baseUrl}, not ${baseUrl}.`);
  if (!existsSync(temp) || statSync(temp).size < state.bytes) throw new PullError(`${temp} is missing or shorter than the state says: start over (delete ${stateFile}).`);
  return state;
}

interface Page {
  data: unknown[];
  has_more: boolean;
  next_cursor: string | null;
}

/** GET requests only, paced; a 429 waits out Retry-After, a refused connection retries a few times. */
export class GetClient {
  private readonly pacer: Pacer;
  requests = 0;
  quota = 200;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly waiter: Waiter,
    private readonly fetcher: typeof fetch,
    private readonly timeoutMs: number = DEFAULT_PULL_TIMEOUT_MS,
  ) {
    this.pacer = new Pacer(waiter, { burst: 15, margin: 2 });
  }

  get waitedMs(): number {
    return this.pacer.waitedMs;
  }

  async probe(): Promise<{ accountId: number; serverTimeMs: number }> {
    const { body, response } = await this.request('/account');
    const date = Date.parse(response.headers.get('date') ?? '');
    const id = (body as { data?: { account?: { id?: unknown } } }).data?.account?.id;
    if (typeof id !== 'number') throw new PullError(`GET /account answered without data.account.id: is --base-url the API's /api/v1?`);
    return { accountId: id, serverTimeMs: Number.isFinite(date) ? date : this.waiter.now() };
  }

  private readonly cache = new Map<string, Promise<unknown>>();

  /** A single resource's data; asked twice in one pull (the account's fields), it is fetched once. */
  async data<T>(path: string, query?: Readonly<Record<string, string | number>>): Promise<T> {
    const key = `${path}?${JSON.stringify(query ?? {})}`;
    let pending = this.cache.get(key);
    if (!pending) {
      pending = this.request(path, query).then(({ body }) => (body as { data: unknown }).data);
      this.cache.set(key, pending);
      pending.catch(() => this.cache.delete(key));
    }
    return (await pending) as T;
  }

  async page(path: string, query?: Readonly<Record<string, string | number>>): Promise<Page> {
    const body = (await this.request(path, query)).body as Partial<Page> | null;
    if (!Array.isArray(body?.data)) throw new PullError(`GET ${path} answered without a data list: is --base-url the API's /api/v1?`);
    return { data: body.data, has_more: body.has_more === true, next_cursor: typeof body.next_cursor === 'string' ? body.next_cursor : null };
  }

  async all<T>(path: string, query?: Readonly<Record<string, string | number>>): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | null = null;
    do {
      // A section's own `limit` wins: some lists page smaller than 100 (recent posts: 50).
      const page = await this.page(path, { limit: PAGE, ...query, ...(cursor ? { starting_after: cursor } : {}) });
      out.push(...(page.data as T[]));
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor !== null);
    return out;
  }

  private async request(path: string, query?: Readonly<Record<string, string | number>>): Promise<{ body: unknown; response: Response }> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, String(value));
    let failures = 0;
    for (let attempt = 0; ; attempt++) {
      await this.pacer.before('pull');
      let response: Response;
      let text: string;
      try {
        this.requests++;
        // The signal goes in fetch's own init (a Request's can be lost after a GC, undici#4068),
        // and withDeadline settles on time whatever the fetch does; the body is read under it too.
        ({ response, text } = await withDeadline(this.timeoutMs, async (signal) => {
          const answer = await this.fetcher(url, { method: 'GET', headers: { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' }, signal });
          return { response: answer, text: await answer.text() };
        }));
      } catch (error) {
        // A request that hung is not sent again: three more would keep the user waiting minutes.
        if (isDeadlineError(error)) {
          throw new PullError(`GET ${path} did not answer within ${this.timeoutMs / 1000} s (--timeout sets the limit)`, undefined, true);
        }
        if (++failures > 3) throw new PullError(`${this.baseUrl} is not answering (${causeOf(error)})`, undefined, true);
        await this.waiter.wait(1000 * 2 ** failures);
        continue;
      }
      this.pacer.after('pull', response.headers);
      const limit = Number(response.headers.get('ratelimit-limit'));
      if (Number.isInteger(limit) && limit > 0) this.quota = limit;
      if (response.status === 429) {
        if (attempt >= 20) throw new PullError(`GET ${path}: still rate limited after ${attempt} waits`, { status: 429, code: undefined }, true);
        await this.pacer.retryAfter(response.headers);
        continue;
      }
      if (response.status >= 500 && ++failures <= 3) {
        await this.waiter.wait(1000 * 2 ** failures);
        continue;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (response.ok) {
        if (body === undefined || body === null || typeof body !== 'object') {
          // A wrong URL behind a web server answers its welcome page with 200.
          const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'no content type';
          throw new PullError(`${url.href} answered ${type}, not JSON: is --base-url the API's /api/v1?`);
        }
        return { body, response };
      }
      const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
      const hint =
        response.status === 401 ? ' (check --api-key)' : response.status === 403 ? ' (the key lacks the scope this read needs, or the add-on is inactive)' : '';
      throw new PullError(`GET ${path} answered ${response.status} ${error?.code ?? ''}: ${error?.message ?? 'no error body'}${hint}`, {
        status: response.status,
        code: error?.code,
      }, response.status >= 500);
    }
  }
}
