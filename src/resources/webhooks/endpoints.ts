/**
 * Webhook endpoints (2.27, 3.7, 4.1): up to 3 per account, created paused, enabled only with
 * complete governance, each with its own Standard Webhooks secret. Delivery lives in
 * dispatcher.ts; this file holds the endpoint rules only.
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import type { Entity } from '../../store/collection.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { CoreServices } from '../../groups/services.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
  MAX_ENDPOINTS_PER_ACCOUNT,
  ROTATION_OVERLAP_MS,
} from './limits.js';
import type {
  CreateWebhookEndpointInput,
  PayloadProfileName,
  UpdateWebhookEndpointInput,
  WebhookEndpointData,
} from './schemas.js';
import { z } from 'zod';
import { EpochMs, NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { PayloadProfile, UPDATABLE_ENDPOINT_FIELDS } from './schemas.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';
import { generateSecret } from './signing.js';
import { checkWebhookUrl } from './url-rule.js';
import { patchChanges } from '../../util/same-json.js';

export interface GovernanceRecord {
  readonly attested: boolean;
  readonly purpose: string | null;
  readonly destination_owner: string | null;
  readonly payload_profile: PayloadProfileName;
}

export interface EndpointStats {
  readonly delivered: number;
  readonly failed: number;
  readonly last_delivered_at: string | null;
}

export interface WebhookEndpointRecord extends Entity {
  readonly name: string;
  readonly url: string;
  readonly enabled: boolean;
  readonly events: readonly string[];
  readonly governance: GovernanceRecord;
  readonly timeout_ms: number;
  readonly max_attempts: number;
  readonly secret: string;
  /** The secret before the last rotation; it keeps signing until `previous_secret_until_ms`. */
  readonly previous_secret: string | null;
  readonly previous_secret_until_ms: number | null;
  readonly secret_rotated_at: string | null;
  readonly stats: EndpointStats;
  readonly created_at: string;
  readonly updated_at: string;
}

/** The account summary's view of an endpoint (2.29). */
export const ENVELOPE_STYLE = 'standard_webhooks';

/** Complete governance: attested, with a purpose (3.7, 7.1). */
export function governanceComplete(governance: GovernanceRecord): boolean {
  return governance.attested && governance.purpose !== null;
}

/** What a seed gives for one endpoint (./seed.ts fills the defaults). */
export interface SeededEndpointInput {
  readonly name: string;
  readonly url: string;
  readonly enabled: boolean;
  readonly events: readonly string[];
  readonly governance: GovernanceRecord;
  readonly timeout_ms?: number | undefined;
  readonly max_attempts?: number | undefined;
  readonly secret: string;
  readonly secret_rotated_at: string | null;
  readonly stats: EndpointStats;
  readonly created_at?: string | undefined;
  readonly updated_at?: string | undefined;
}

export interface EndpointChangeListener {
  /** After commit: the endpoint was enabled, or its queue may move (re-enable, delete). */
  (endpointId: number): void;
}

export function createWebhookEndpointModel(core: CoreServices, onChange: EndpointChangeListener) {
  const { store, clock, settings } = core;
  const endpoints = store.define<WebhookEndpointRecord>('webhook_endpoints', {}, {
    schema: storedRecord({
      name: z.string().min(1).max(100),
      url: z.string().min(1).max(2048),
      enabled: z.boolean(),
      events: z.array(z.string().min(1).max(100)).max(100),
      governance: z.strictObject({
        attested: z.boolean(),
        purpose: z.string().nullable(),
        destination_owner: z.string().nullable(),
        payload_profile: PayloadProfile,
      }),
      timeout_ms: z.number().int().positive(),
      max_attempts: z.number().int().positive(),
      secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'a whsec_ signing secret'),
      previous_secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/).nullable(),
      previous_secret_until_ms: EpochMs.nullable(),
      secret_rotated_at: NullableTimestamp,
      stats: z.strictObject({ delivered: z.number().int().min(0), failed: z.number().int().min(0), last_delivered_at: NullableTimestamp }),
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
    sequence: 'webhook_endpoint',
  });

  function present(record: WebhookEndpointRecord): WebhookEndpointData {
    return {
      id: record.id,
      name: record.name,
      url: record.url,
      enabled: record.enabled,
      events: [...record.events],
      governance: { ...record.governance, complete: governanceComplete(record.governance) },
      timeout_ms: record.timeout_ms,
      max_attempts: record.max_attempts,
      secret_rotated_at: record.secret_rotated_at,
      stats: { ...record.stats },
      created_at: record.created_at,
      updated_at: record.updated_at,
    };
  }

  function validUrl(raw: string): string {
    const verdict = checkWebhookUrl(raw, settings.allowLocalWebhooks);
    if (!verdict.ok) throw invalidParam('url', verdict.reason);
    return verdict.url;
  }

  /** Event filters name catalogued events only; a repeat is kept once. */
  function eventFilters(names: readonly string[]): string[] {
    names.forEach((name, index) => {
      if (!core.events.isCatalogued(name)) {
        throw invalidParam(`events.${index}`, `Unknown event name ${JSON.stringify(name)}: GET /openapi.json lists them under x-webhook-events.`);
      }
    });
    return [...new Set(names)];
  }

  function getOwned(accountId: number, id: number): WebhookEndpointRecord {
    const record = endpoints.getOwned(accountId, id);
    if (!record) throw notFound('Webhook endpoint');
    return record;
  }

  return {
    present,
    getOwned,

    /** Ascending ids of the account's endpoints. */
    ids: (accountId: number): SortedIdView => endpoints.idsOfAccount(accountId),
    byId: (id: number): WebhookEndpointRecord | undefined => endpoints.get(id),

    /** The secrets that sign a delivery now: the current one, and the previous one during the overlap. */
    signingSecrets(record: WebhookEndpointRecord): string[] {
      const overlap = record.previous_secret !== null && (record.previous_secret_until_ms ?? 0) > clock.now();
      return overlap ? [record.secret, record.previous_secret!] : [record.secret];
    },

    /** Loopback receivers the simulator allows (deliveries check resolved addresses against it too). */
    loopbackAllowance: settings.allowLocalWebhooks,

    /** Whether the URL is still allowed now (a restored state may hold one the current options refuse). */
    urlAllowed(record: WebhookEndpointRecord): string | null {
      const verdict = checkWebhookUrl(record.url, settings.allowLocalWebhooks);
      return verdict.ok ? null : verdict.reason;
    },

    /** How many endpoints the account has (enabled or not): 0 lets every event skip delivery at once. */
    count(accountId: number): number {
      return endpoints.countOfAccount(accountId);
    },

    list(accountId: number): WebhookEndpointRecord[] {
      return [...endpoints.ofAccount(accountId)];
    },

    create(accountId: number, input: CreateWebhookEndpointInput): WebhookEndpointRecord {
      const events = eventFilters(input.events ?? []);
      const url = validUrl(input.url);
      if (endpoints.countOfAccount(accountId) >= MAX_ENDPOINTS_PER_ACCOUNT) {
        throw new ApiError(
          'plan_limit_reached',
          `An account can have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first.`,
        );
      }
      const now = clock.iso();
      return endpoints.insert({
        id: store.nextId('webhook_endpoint'),
        account_id: accountId,
        name: input.name,
        url,
        enabled: false,
        events,
        governance: {
          attested: input.governance?.attested ?? false,
          purpose: input.governance?.purpose ?? null,
          destination_owner: input.governance?.destination_owner ?? null,
          payload_profile: input.governance?.payload_profile ?? 'full',
        },
        timeout_ms: input.timeout_ms ?? DEFAULT_TIMEOUT_MS,
        max_attempts: input.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
        secret: generateSecret(),
        previous_secret: null,
        previous_secret_until_ms: null,
        secret_rotated_at: null,
        stats: { delivered: 0, failed: 0, last_delivered_at: null },
        created_at: now,
        updated_at: now,
      });
    },

    /**
     * A seed's endpoint (a pulled account's, docs/seed-pull.md): the create rules (URL, event
     * filters, the per-account cap) and the enable rule hold as for the API; the record keeps the
     * seed's state, times and counters, and the secret the seed names (a placeholder when the
     * pull could not read it). Seeds emit nothing, so no queue is kicked.
     */
    seed(accountId: number, input: SeededEndpointInput): WebhookEndpointRecord {
      const events = eventFilters(input.events);
      const url = validUrl(input.url);
      if (endpoints.countOfAccount(accountId) >= MAX_ENDPOINTS_PER_ACCOUNT) {
        throw new Error(`an account can have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints`);
      }
      if (input.enabled && !governanceComplete(input.governance)) {
        throw new Error('an enabled endpoint needs governance attested with a purpose');
      }
      const now = clock.iso();
      return endpoints.insert({
        id: store.nextId('webhook_endpoint'),
        account_id: accountId,
        name: input.name,
        url,
        enabled: input.enabled,
        events,
        governance: input.governance,
        timeout_ms: input.timeout_ms ?? DEFAULT_TIMEOUT_MS,
        max_attempts: input.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
        secret: input.secret,
        previous_secret: null,
        previous_secret_until_ms: null,
        secret_rotated_at: input.secret_rotated_at,
        stats: input.stats,
        created_at: input.created_at ?? now,
        updated_at: input.updated_at ?? now,
      });
    },

    update(accountId: number, id: number, input: UpdateWebhookEndpointInput): WebhookEndpointRecord {
      const record = getOwned(accountId, id);
      refuseEmptyPatch(input, UPDATABLE_ENDPOINT_FIELDS);
      const events = input.events === undefined ? undefined : eventFilters(input.events);
      const url = input.url === undefined ? record.url : validUrl(input.url);
      const governance: GovernanceRecord = { ...record.governance, ...stripUndefined(input.governance ?? {}) };
      const enabled = input.enabled ?? record.enabled;
      if (enabled && !governanceComplete(governance)) {
        throw new ApiError(
          'governance_incomplete',
          record.enabled
            ? 'An enabled endpoint needs attested governance with a purpose; pause it (enabled: false) first.'
            : 'Enabling needs governance.attested true and a governance.purpose of at least 8 characters.',
          { param: input.enabled === true ? 'enabled' : 'governance' },
        );
      }
      const fields = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        url,
        ...(events !== undefined ? { events } : {}),
        ...(input.timeout_ms !== undefined ? { timeout_ms: input.timeout_ms } : {}),
        ...(input.max_attempts !== undefined ? { max_attempts: input.max_attempts } : {}),
        governance,
        enabled,
      };
      // A PATCH that changes nothing writes nothing, and `updated_at` stays (as on contacts).
      if (!patchChanges(record, fields)) return record;
      const next = endpoints.update(record.id, { ...fields, updated_at: clock.iso() });
      // Enabling resumes the queue; lowering max_attempts may end a retrying head at once.
      if ((next.enabled && !record.enabled) || next.max_attempts < record.max_attempts) store.afterCommit(() => onChange(next.id));
      return next;
    },

    remove(accountId: number, id: number): WebhookEndpointRecord {
      const record = getOwned(accountId, id);
      endpoints.remove(record.id);
      store.afterCommit(() => onChange(record.id));
      return record;
    },

    rotateSecret(accountId: number, id: number): WebhookEndpointRecord {
      const record = getOwned(accountId, id);
      const now = clock.now();
      return endpoints.update(record.id, {
        secret: generateSecret(),
        previous_secret: record.secret,
        previous_secret_until_ms: now + ROTATION_OVERLAP_MS,
        secret_rotated_at: clock.iso(now),
        updated_at: clock.iso(now),
      });
    },

    /** Records the end of one delivery (not of one attempt). */
    recordOutcome(id: number, delivered: boolean): void {
      const record = endpoints.get(id);
      if (!record) return;
      const stats = delivered
        ? { ...record.stats, delivered: record.stats.delivered + 1, last_delivered_at: clock.iso() }
        : { ...record.stats, failed: record.stats.failed + 1 };
      endpoints.update(id, { stats });
    },
  };
}

export type WebhookEndpointModel = ReturnType<typeof createWebhookEndpointModel>;

function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
