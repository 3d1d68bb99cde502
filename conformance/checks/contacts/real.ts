/**
 * The "real" side of the model-based sequences: the target, reached over HTTP, with every name
 * namespaced by the sequence (so sequences never see each other's data), plus the comparison of
 * a contact the target returned with the one the model expects.
 */
import type { KitResponse } from '../../http/client.js';
import type { CheckContext } from '../../runner/check.js';
import { fail, readData } from '../../runner/expect.js';
import { POOL_PREFIX, poolFieldKey } from '../../safety/tombstones.js';
import { visibleValues, type ContactsModel } from './kit-model.js';

export interface Real {
  readonly ctx: CheckContext;
  /** The sequence's namespace: the run prefix plus a counter (a-z, 0-9, _). */
  readonly ns: string;
  /** Key label with write scope. */
  readonly key: string;
  /** Contact ids deleted in this sequence, by handle (GET must answer 404). */
  readonly deleted: Map<string, number>;
  /** Active custom fields the account had before the sequence, other than the kit's pool (the 15-field cap). */
  activeBefore: number;
}

export const pid = (real: Real, handle: string): string => `${real.ns}_${handle}`;
export const tagName = (real: Real, tag: string): string => `${real.ns}_${tag}`;
/**
 * Custom fields cannot be deleted (4.3), so the sequences work on the kit's pool of fields
 * (`sbc_pool_text`, `sbc_pool_number`, ...), reused by every run instead of new keys each time.
 */
export const fieldKey = (_real: Real, field: string): string => poolFieldKey(field);
export const displayName = (real: Real, handle: string, variant = ''): string => `${real.ns} ${handle}${variant}`;

function sameSet(a: readonly string[], b: ReadonlySet<string>): boolean {
  return a.length === b.size && a.every((x) => b.has(x));
}

/** Compares the contact in a response with the model's; returns the contact's id. */
export function expectContact(model: ContactsModel, real: Real, handle: string, response: KitResponse, what: string): number {
  const data = readData(response, what);
  const contact = model.contacts.get(handle);
  if (!contact) throw new Error(`${what}: the model has no contact ${handle} (kit bug)`);
  if (data['id'] !== contact.id) fail(`${what}: id ${String(data['id'])}, expected ${contact.id}`, response);
  if (data['platform_user_id'] !== pid(real, handle)) fail(`${what}: platform_user_id ${String(data['platform_user_id'])}`, response);
  if (data['stage'] !== contact.stage) fail(`${what}: stage "${String(data['stage'])}", expected "${contact.stage}"`, response);
  if (contact.name !== null && data['name'] !== contact.name) fail(`${what}: name "${String(data['name'])}", expected "${contact.name}"`, response);
  const tags = data['tags'];
  const expectedTags = new Set([...contact.tags].map((tag) => tagName(real, tag)));
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) fail(`${what}: tags must be an array of names`, response);
  const ours = (tags as string[]).filter((t) => t.startsWith(real.ns));
  if (!sameSet(ours, expectedTags)) fail(`${what}: tags [${ours.join(', ')}], expected [${[...expectedTags].join(', ')}]`, response);
  const custom = data['custom_fields'];
  if (typeof custom !== 'object' || custom === null || Array.isArray(custom)) fail(`${what}: custom_fields must be an object`, response);
  const expected = visibleValues(model, contact);
  const shown = Object.entries(custom as Record<string, unknown>).filter(([key]) => key.startsWith(POOL_PREFIX));
  for (const [key, value] of shown) {
    if (value === null) fail(`${what}: custom_fields.${key} is null; unset fields are omitted, never null (2.1)`, response);
    const short = key.slice(POOL_PREFIX.length);
    if (!expected.has(short)) fail(`${what}: custom_fields.${key} should not appear (unset or archived)`, response);
    if (expected.get(short) !== value) fail(`${what}: custom_fields.${key} is ${JSON.stringify(value)}, expected ${JSON.stringify(expected.get(short))}`, response);
  }
  if (shown.length !== expected.size) fail(`${what}: custom_fields shows ${shown.length} of the sequence's values, expected ${expected.size}`, response);
  return contact.id;
}
