/**
 * The hooks the flows group offers (docs/architecture.md, "Hooks point the other way"). Other
 * groups plug in here without editing this folder: appointments answer `references` with the
 * account's bookable services (the knowledge base's active ones), comment triggers answer it with their triggers and guard
 * activation, and the flow runtime answers it with the AI config's conversation starters (what an
 * `ice_breaker` source names), cancels sessions on `flowPaused` and drops them on `flowDeleted`.
 * A simulator composed without those groups has empty lists.
 */
import type { ApiError } from '../../core/errors.js';
import { hook, type HooksOf } from '../../core/hooks.js';
import type { FlowDefinition } from './definition.js';

/** What a group that owns bookable services or comment triggers answers (issues 15, 16, 19). */
export interface FlowReferenceAnswer {
  readonly services?: readonly { readonly id: number; readonly name: string; readonly duration_minutes: number | null }[];
  readonly comment_triggers?: readonly { readonly id: number; readonly name: string; readonly active: boolean }[];
  /** The questions of the account's conversation starters, every platform (an `ice_breaker` source names one). */
  readonly starters?: readonly string[];
}

export const flowHooks = {
  /**
   * Provider: the account's bookable services (appointments) and comment triggers, for
   * references in definitions and the catalogue's `live`. A name no provider gives is
   * `unknown_service`, an id `unknown_comment_trigger` (docs/decisions.md).
   */
  references: hook<[accountId: number], FlowReferenceAnswer>(),
  /** Guard: a reason activation must be refused (409 `flow_blocked`), e.g. a comment trigger's; the first answer wins. */
  activationGuard: hook<[accountId: number, flowId: number, definition: FlowDefinition], ApiError | undefined>(),
  /** An active flow was paused: cancel the people mid-session; each listener answers how many it cancelled. */
  flowPaused: hook<[accountId: number, flowId: number], number>(),
  /** A flow is being deleted: drop its sessions, pause its linked comment trigger. */
  flowDeleted: hook<[accountId: number, flowId: number], void>(),
};

export type FlowHooks = HooksOf<typeof flowHooks>;
