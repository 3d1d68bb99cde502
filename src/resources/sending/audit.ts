/**
 * The send-history audit and the body `idempotency_key` memory of POST /messages.
 *
 * - Every send that passed validation and routing leaves one audit row, sent or failed. It is
 *   the one record a failed send keeps (besides the cold-send contact and conversation), it
 *   survives contact deletion (4.2), and the overview analytics read `api_sends` from it.
 * - A successful send is remembered by its key for 24 hours: the same key and body replays the
 *   result, the same key with another body is 422 `idempotency_key_reused`. Failed sends are not
 *   remembered, so a retry with the same key after a 503 sends.
 */
import { ApiError } from '../../core/errors.js';
import { canonicalJson } from '../../core/canonical-json.js';
import { sha256Hex } from '../../core/hash.js';
import { IDEMPOTENCY_TTL_MS } from '../../core/idempotency.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import type { SendAction } from '../channels/capabilities.js';
import { z } from 'zod';
import { SEND_ACTIONS } from '../channels/capabilities.js';
import { Channel as ChannelSchema, EpochMs, storedRecord } from '../shared/schemas.js';
import { SendResult, type SendResultData } from './schemas.js';

export interface SendAuditRecord extends Entity {
  readonly at_ms: number;
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly action: SendAction;
  readonly conversation_id: number | null;
  readonly idempotency_key: string;
  readonly outcome: 'sent' | 'failed';
  readonly error_code: string | null;
  /** The send created the contact and conversation (cold outbound). */
  readonly cold_created: boolean;
}

export interface SentRequestRecord extends Entity {
  readonly key: string;
  readonly fingerprint: string;
  readonly result: SendResultData;
  readonly expires_ms: number;
}

export interface SendCounts {
  readonly requested: number;
  readonly sent: number;
}

export function createSendAudit(core: CoreServices) {
  const { store, clock } = core;
  const audit = store.define<SendAuditRecord>('send_audit', {}, {
    schema: storedRecord({
      at_ms: EpochMs,
      channel: ChannelSchema,
      platform_user_id: z.string().min(1).max(255),
      action: z.enum(SEND_ACTIONS),
      // The audit outlives a deleted conversation: not a reference that must resolve.
      conversation_id: z.number().int().positive().nullable(),
      idempotency_key: z.string().min(1).max(255),
      outcome: z.enum(['sent', 'failed']),
      error_code: z.string().max(64).nullable(),
      cold_created: z.boolean(),
    }),
    sequence: 'send_audit',
  });
  const sent = store.define<SentRequestRecord>(
    'sent_requests',
    { key: { unique: true, key: (row) => `${row.account_id}|${row.key}` } },
    {
      schema: storedRecord({ key: z.string().min(1).max(255), fingerprint: z.string().regex(/^[0-9a-f]{64}$/), result: SendResult, expires_ms: EpochMs }),
      sequence: 'sent_request',
    },
  );

  return {
    audit,
    sent,

    fingerprint: (body: unknown): string => sha256Hex(canonicalJson(body)),

    /** The remembered result for this key, or 422 when the key came with another body. */
    replay(accountId: number, key: string, fingerprint: string): SendResultData | undefined {
      const row = sent.findUnique('key', `${accountId}|${key}`);
      if (!row || row.expires_ms <= clock.now()) return undefined;
      if (row.fingerprint !== fingerprint) {
        throw new ApiError('idempotency_key_reused', 'This idempotency_key was already used for a different send.', {
          param: 'idempotency_key',
        });
      }
      return row.result;
    },

    remember(accountId: number, key: string, fingerprint: string, result: SendResultData): void {
      const stale = sent.findUnique('key', `${accountId}|${key}`);
      if (stale) sent.remove(stale.id);
      sent.insert({
        id: store.nextId('sent_request'),
        account_id: accountId,
        key,
        fingerprint,
        result,
        expires_ms: clock.now() + IDEMPOTENCY_TTL_MS,
      });
    },

    record(accountId: number, row: Omit<SendAuditRecord, 'id' | 'account_id' | 'at_ms'>): SendAuditRecord {
      return audit.insert({ ...row, id: store.nextId('send_audit'), account_id: accountId, at_ms: clock.now() });
    },

    /** Sends requested and sent in [fromMs, toMs): `api_sends` of the overview analytics. */
    counts(accountId: number, fromMs: number, toMs: number): SendCounts {
      let requested = 0;
      let sentCount = 0;
      for (const row of audit.ofAccount(accountId)) {
        if (row.at_ms < fromMs || row.at_ms >= toMs) continue;
        requested++;
        if (row.outcome === 'sent') sentCount++;
      }
      return { requested, sent: sentCount };
    },

    list: (accountId: number): SendAuditRecord[] => [...audit.ofAccount(accountId)],
  };
}

