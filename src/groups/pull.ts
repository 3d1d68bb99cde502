/**
 * A group's `pull` contribution (`switchboard seed pull`, docs/seed-pull.md): how its seed sections
 * are read back from a live account through the public API, GET requests only. A pull is a
 * client: it sees what the API shows and nothing else (no store, no model), so what the API does
 * not show (key material, webhook secrets, purged text) is absent from the pulled seed.
 *
 * A section is either one value (`value`) or an array built from one list endpoint (`list` +
 * `map`); the puller pages the list itself, so a list section streams to disk page by page and
 * resumes from its cursor after an interruption.
 */

/** What a section's code may ask of the target. Every call is one paced GET. */
export interface PullApi {
  /** The `data` of a single-resource GET (`/account`, `/flows/12`). */
  get<T = unknown>(path: string, query?: Readonly<Record<string, string | number>>): Promise<T>;
  /** Every record of a list endpoint, all pages (100 a page unless `query.limit` says less), in the order the API gives them. */
  all<T = unknown>(path: string, query?: Readonly<Record<string, string | number>>): Promise<T[]>;
  /** The target's time when the pull started (its `Date` header), for `ago` fields. */
  readonly startedAtMs: number;
  /** A fresh placeholder API key (key material is never readable; the pulled sandbox gets new keys). */
  newKey(scope: string): string;
}

export interface PullValueSection {
  readonly field: string;
  readonly value: (api: PullApi) => Promise<unknown>;
  /** Requests `value` makes at least (for the estimate; default 1). */
  readonly requests?: number;
}

export interface PullListSection<R = never> {
  readonly field: string;
  /** The list endpoint, paged with `limit` and `starting_after`. */
  readonly list: string;
  readonly query?: Readonly<Record<string, string | number>>;
  /** The seed item for one listed record (may GET more), or undefined to leave it out. */
  readonly map: (record: R, api: PullApi) => unknown | Promise<unknown>;
  /** Extra requests per record `map` makes (for the estimate). */
  readonly requestsPerRecord?: number;
  /** `map` returns an array of seed items (one record becomes several, e.g. a STOP then a START). */
  readonly many?: boolean;
}

export type PullSection = PullValueSection | PullListSection;

export interface PullSpec {
  readonly sections: readonly PullSection[];
}

/** A list section typed against the records its endpoint returns. */
export function pullList<R>(section: PullListSection<R>): PullListSection {
  return section as unknown as PullListSection;
}

/** ISO timestamp -> the seed's `ago` duration relative to when the pull started (whole seconds). */
export function agoOf(api: PullApi, iso: string | null | undefined): string {
  if (!iso) return '0s';
  const ms = api.startedAtMs - Date.parse(iso);
  return `${Math.max(0, Math.round(ms / 1000))}s`;
}

/** Copies the fields of `record` that are present and not null, for optional seed fields. */
export function present<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (record[key] !== null && record[key] !== undefined) out[key] = record[key];
  return out;
}

/**
 * `read`'s result, or `fallback` when the target refuses it with one of `codes` (a 403
 * `feature_unavailable` for a plan without the group): a refusal a group expects says what the
 * account has, so it is state to copy, not a reason to stop the pull. Any other error stops it.
 */
export async function unlessRefused<T, F>(read: Promise<T>, codes: readonly string[], fallback: F): Promise<T | F> {
  try {
    return await read;
  } catch (error) {
    const refusal = (error as { refusal?: { code?: string } }).refusal;
    if (refusal?.code !== undefined && codes.includes(refusal.code)) return fallback;
    throw error;
  }
}

const tagNames = new WeakMap<PullApi, Promise<Map<number, string>>>();

/**
 * A tag's name by id, for records that refer to a tag (a seed names tags, ids are the target's):
 * the account's tags are read once per pull and shared by every group that asks.
 */
export function tagName(api: PullApi, id: number): Promise<string | undefined> {
  let names = tagNames.get(api);
  if (!names) {
    names = api.all<{ id: number; name: string }>('/tags').then((tags) => new Map(tags.map((tag) => [tag.id, tag.name])));
    tagNames.set(api, names);
  }
  return names.then((map) => map.get(id));
}
