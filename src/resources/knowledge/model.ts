/**
 * The knowledge base (2.19, 4.12): FAQs, services and documents under one plan cap, and the
 * knowledge gaps inbound questions leave. Each sub-resource keeps its own records
 * (./faqs.ts, ./services.ts, ./documents.ts, ./gaps.ts); this model owns the shared cap
 * (`itemCount` against `itemLimit`: the item past it answers 403 plan_limit_reached), document
 * storage, and what crosses between them (an FAQ that answers an open gap resolves it).
 *
 * For appointments: `bookableServices(accountId)` (active services in display order) and
 * `serviceByName(accountId, name)` (case-insensitive; null when none), each with
 * `duration_minutes` (null means 30 minutes, 8).
 */
import { ApiError } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import type { AccountModel } from '../account/model.js';
import type { AiConfigModel } from '../ai-config/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { ReceivedMessage } from '../inbound/model.js';
import type { SendingModel } from '../sending/model.js';
import { createDocuments, type NewDocument } from './documents.js';
import { createFaqs, type NewFaq } from './faqs.js';
import { createGaps, type Hearing, type NewGap } from './gaps.js';
import { DOCUMENT_STORAGE_MB, KNOWLEDGE_ITEM_CAPS } from './plans.js';
import { isQuestion, words } from './matching.js';
import { LimitRecordSchema } from './records.js';
import type { PatchFaq, PatchService, UsageData } from './schemas.js';
import { createServices, type NewService, type ServiceRecord } from './services.js';

export interface KnowledgeNeeds {
  readonly account: AccountModel;
  readonly aiConfig: AiConfigModel;
  readonly conversations: ConversationsModel;
  /** The recipient rules every sender shares: an opted-out or blocked customer gets no AI answer. */
  readonly sending: SendingModel;
}

/** A sandbox override of an account's item cap (null: the plan's). */
interface LimitRecord extends Entity {
  readonly items: number | null;
}

const MB = 1024 * 1024;

export function createKnowledgeModel(core: CoreServices, needs: KnowledgeNeeds) {
  const { store } = core;
  const faqs = createFaqs(core);
  const services = createServices(core);
  const documents = createDocuments(core);
  const gaps = createGaps(core);
  const limits = store.define<LimitRecord>(
    'knowledge_limits',
    { account: { unique: true, key: (row) => String(row.account_id) } },
    { schema: LimitRecordSchema, sequence: 'knowledge_limit' },
  );

  const plan = (accountId: number) => needs.account.getAccount(accountId).plan;

  const model = {
    faqs,
    services,
    documents,
    gaps,

    /** Items under the shared cap: FAQs, services and documents together (mutants swap it). */
    itemCount: (accountId: number): number => faqs.count(accountId) + services.count(accountId) + documents.count(accountId),

    itemLimit(accountId: number): number {
      return limits.findUnique('account', String(accountId))?.items ?? KNOWLEDGE_ITEM_CAPS[plan(accountId)];
    },

    /** 403 plan_limit_reached when one more item would pass the cap. */
    ensureRoom(accountId: number): void {
      const limit = model.itemLimit(accountId);
      if (model.itemCount(accountId) >= limit) {
        throw new ApiError('plan_limit_reached', `The knowledge base holds at most ${limit} items (FAQs, services and documents together) on this plan.`);
      }
    },

    usage(accountId: number): UsageData {
      const limit = model.itemLimit(accountId);
      const current = model.itemCount(accountId);
      const limitMb = DOCUMENT_STORAGE_MB[plan(accountId)];
      return {
        items: {
          current,
          limit,
          remaining: Math.max(0, limit - current),
          can_add: current < limit,
          breakdown: { faqs: faqs.count(accountId), services: services.count(accountId), documents: documents.count(accountId) },
        },
        document_storage: {
          available: limitMb > 0,
          current_mb: Math.round((documents.storageBytes(accountId) / MB) * 100) / 100,
          limit_mb: limitMb,
        },
      };
    },

    createFaq(accountId: number, input: NewFaq) {
      model.ensureRoom(accountId);
      const faq = faqs.create(accountId, input);
      gaps.resolveAnsweredBy(accountId, faq);
      return faq;
    },

    updateFaq(accountId: number, id: number, patch: PatchFaq) {
      const faq = faqs.update(accountId, id, patch);
      gaps.resolveAnsweredBy(accountId, faq);
      return faq;
    },

    createService(accountId: number, input: NewService): ServiceRecord {
      model.ensureRoom(accountId);
      return services.create(accountId, input, needs.aiConfig.meetingInvitesReady(accountId));
    },

    updateService: (accountId: number, id: number, patch: PatchService): ServiceRecord =>
      services.update(accountId, id, patch, needs.aiConfig.meetingInvitesReady(accountId)),

    /** Sandbox and seeds: a document as the portal's upload would add it; the cap and storage apply. */
    addDocument(accountId: number, input: NewDocument) {
      const limitMb = DOCUMENT_STORAGE_MB[plan(accountId)];
      if (limitMb === 0) {
        throw new ApiError('feature_unavailable', "The account's plan has no document storage.", { param: 'document_storage' });
      }
      model.ensureRoom(accountId);
      if (documents.storageBytes(accountId) + input.size_bytes > limitMb * MB) {
        throw new ApiError('plan_limit_reached', `Documents may use at most ${limitMb} MB on this plan.`, { param: 'document_storage' });
      }
      return documents.add(accountId, input);
    },

    /** Sandbox: sets (or, with null, clears) the account's item cap. */
    setItemLimit(accountId: number, items: number | null): UsageData {
      const existing = limits.findUnique('account', String(accountId));
      if (existing) limits.update(existing.id, { items });
      else limits.insert({ id: store.nextId('knowledge_limit'), account_id: accountId, items });
      return model.usage(accountId);
    },

    createGap: (accountId: number, input: NewGap) => gaps.create(accountId, input),

    /** A deleted thread's (or erased contact's) messages leave the gaps they raised. */
    forgetConversation: (accountId: number, conversationId: number) => gaps.forgetConversation(accountId, conversationId),

    /**
     * Whether the AI may answer in this thread now: its channel's AI is on, the thread is not
     * muted (2.5: assigned or escalated; 3.1: any `ai_paused` reason) and the customer may be
     * messaged (not opted out or blocked: the send rules of sending/recipient-rules.ts).
     */
    aiLive(accountId: number, conversationId: number, channel: ReceivedMessage['channel']): boolean {
      if (!needs.aiConfig.aiEnabled(accountId, channel)) return false;
      const conversation = needs.conversations.find(accountId, conversationId);
      if (!conversation || conversation.ai_pause_reason !== null) return false;
      return needs.sending.recipients.person(conversation, 'message') === undefined;
    },

    /**
     * An inbound message the AI hears: answered by an FAQ (its use counted), or a gap with the
     * AI's reply. Nothing where the AI is not live (audit 7, M1): a muted thread or an opted-out
     * customer gets no answer, so no `ai_response` is recorded and no FAQ use is counted.
     */
    hear(accountId: number, message: Pick<ReceivedMessage, 'channel' | 'conversation_id' | 'text'>): Hearing {
      if (message.text === null || !model.aiLive(accountId, message.conversation_id, message.channel)) return { kind: 'ignored' };
      const heard = gaps.hear(accountId, { channel: message.channel, conversation_id: message.conversation_id, text: message.text }, faqs.answering(accountId));
      if (heard.kind === 'answered') faqs.markUsed(heard.faq);
      return heard;
    },

    /** The AI escalated this message's thread (audit 8, N5): an `escalation` gap for it, or a repeat. */
    heardEscalation: (accountId: number, message: { channel: ReceivedMessage['channel']; conversation_id: number; text: string }) => gaps.escalated(accountId, message),

    /**
     * Whether `hear` would take this text as a question (words that carry meaning, asked), without
     * hearing it: no gap, no FAQ use. The AI decides with it whether a reply is coming, and hears
     * the question only when it sends the reply (audit 8, N2).
     */
    asksQuestion: (text: string): boolean => words(text).size > 0 && isQuestion(text),

    /** For appointments: active services in display order. */
    bookableServices: (accountId: number): ServiceRecord[] => services.bookable(accountId),

    /** For appointments: the bookable service of this name (case-insensitive), or null. */
    serviceByName: (accountId: number, name: string): ServiceRecord | null => services.byName(accountId, name) ?? null,
  };
  return model;
}

export type KnowledgeModel = ReturnType<typeof createKnowledgeModel>;
