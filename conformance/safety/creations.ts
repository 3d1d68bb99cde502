/**
 * Watches every response and records in the ledger whatever the kit's requests created, even by
 * accident (a create that a conformant server would have refused still gets swept). The table says
 * which POSTs create what and how to undo it; custom fields cannot be deleted (4.3), so they are
 * archived instead.
 */
import type { KitResponse } from '../http/client.js';
import type { AccountLabel, Ledger, LedgerEntry } from './ledger.js';

interface Creation {
  readonly kind: string;
  readonly undo: (id: number) => Pick<LedgerEntry, 'method' | 'path' | 'body'>;
  /** The request field that carries the run prefix, for 200 answers of create-or-update routes. */
  readonly nameField?: string;
}

const del = (base: string) => (id: number) => ({ method: 'DELETE' as const, path: `${base}/${id}` });

const CREATIONS: Readonly<Record<string, Creation>> = {
  '/api-keys': { kind: 'api-key', undo: del('/api-keys'), nameField: 'name' },
  '/tags': { kind: 'tag', undo: del('/tags'), nameField: 'name' },
  '/contacts': { kind: 'contact', undo: del('/contacts'), nameField: 'platform_user_id' },
  '/custom-fields': {
    kind: 'custom-field',
    undo: (id) => ({ method: 'PATCH', path: `/custom-fields/${id}`, body: { archived: true } }),
    nameField: 'field_key',
  },
  '/webhooks/endpoints': { kind: 'webhook-endpoint', undo: del('/webhooks/endpoints'), nameField: 'name' },
  '/blocked-users': { kind: 'blocked-user', undo: del('/blocked-users') },
  '/team/invitations': { kind: 'invitation', undo: del('/team/invitations') },
  '/knowledge/faqs': { kind: 'faq', undo: del('/knowledge/faqs') },
  '/knowledge/services': { kind: 'service', undo: del('/knowledge/services') },
  '/comment-triggers': { kind: 'comment-trigger', undo: del('/comment-triggers') },
  '/posts': { kind: 'post', undo: del('/posts') },
  '/flows': { kind: 'flow', undo: del('/flows') },
  '/competitors': { kind: 'competitor', undo: del('/competitors') },
  '/media': { kind: 'media', undo: del('/media') },
  // Appointments are never deleted (3.2): the kit cancels what it booked.
  '/appointments': { kind: 'appointment', undo: (id) => ({ method: 'PATCH', path: `/appointments/${id}`, body: { status: 'cancelled' } }) },
};

function dataId(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const data = (json as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

function requestField(body: string | undefined, field: string): unknown {
  if (body === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}

/** Creates addressed to an existing resource (`POST /flows/{id}/duplicate` makes a new flow). */
const ACTION_CREATIONS: readonly (readonly [RegExp, Creation])[] = [[/^\/flows\/\d+\/duplicate$/, CREATIONS['/flows']!]];

function creationAt(path: string): Creation | undefined {
  return CREATIONS[path] ?? ACTION_CREATIONS.find(([pattern]) => pattern.test(path))?.[1];
}

export function recordCreation(ledger: Ledger, prefix: string, basePath: string, response: KitResponse, account: AccountLabel): void {
  const { exchange } = response;
  if (exchange.method !== 'POST' || response.status < 200 || response.status > 299) return;
  const path = new URL(exchange.url).pathname;
  if (!path.startsWith(basePath)) return;
  const creation = creationAt(path.slice(basePath.length).replace(/\/+$/, ''));
  if (!creation) return;
  const id = dataId(response.json);
  if (id === undefined) return;
  // A 200 from create-or-update routes (those with a name field) may name something that existed
  // before the run; only what carries the run prefix is the kit's. Routes that only create (posts,
  // blocks, media...) made something new with any 2xx: the spec states no 201 for most of them.
  if (response.status !== 201 && creation.nameField !== undefined) {
    const name = creation.nameField ? requestField(exchange.requestBody, creation.nameField) : undefined;
    if (typeof name !== 'string' || !name.startsWith(prefix)) return;
  }
  ledger.add({ kind: creation.kind, id, account, seq: exchange.seq, ...creation.undo(id) });
}
