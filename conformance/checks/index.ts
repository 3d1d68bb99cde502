/**
 * Every check of the kit, in the order they run. The scope matrix is built from the routes the
 * target serves; the observers run last (the runner moves `final` checks to the end).
 */
import type { CheckDefinition, TargetFacts } from '../runner/check.js';
import { contactChecks } from './contacts/checks.js';
import { sequenceChecks } from './contacts/sequences.js';
import { authChecks } from './core/auth.js';
import { corsChecks } from './core/cors.js';
import { conversationReadChecks } from './conversations-read.js';
import { createAnswerChecks } from './create-answers.js';
import { deleteAnswerChecks } from './delete-answers.js';
import { filterChecks } from './filters.js';
import { isolationChecks } from './isolation.js';
import { conversationChecks } from './conversations.js';
import { flowChecks } from './flows/index.js';
import { flowRuntimeChecks } from './flow-runtime.js';
import { optOutAndBlockChecks } from './opt-outs-blocks.js';
import { teamChecks } from './team.js';
import { webhookChecks } from './webhooks.js';
import { eventChecks } from './events.js';
import { errorChecks } from './core/errors.js';
import { keyChecks } from './core/keys.js';
import { marketChecks } from './market.js';
import { openapiChecks } from './core/openapi.js';
import { scopeChecks } from './core/scopes.js';
import { idempotencyChecks } from './idempotency/checks.js';
import { observedChecks } from './observed.js';
import { paginationChecks } from './pagination.js';
import { listOrderChecks } from './list-order.js';
import { rateLimitChecks } from './rate-limits.js';
import { tagChecks } from './tags.js';
import { aiKnowledgeMediaChecks } from './ai-knowledge/index.js';
import { appointmentChecks } from './appointments.js';
import { overviewChecks } from './overview.js';

import { postChecks } from './posts.js';
import { commentApprovalChecks } from './comment-approvals.js';
import { commentAutomationChecks } from './comment-automation.js';

/** The rate checks that spend a whole window go after everything else that needs the quota. */
const QUOTA_HEAVY = new Set(['rate.burst', 'rate.quota']);

export function allChecks(facts: TargetFacts): CheckDefinition[] {
  const checks = [
    ...authChecks,
    ...corsChecks,
    ...openapiChecks,
    ...errorChecks,
    ...keyChecks,
    ...rateLimitChecks.filter((check) => !QUOTA_HEAVY.has(check.id)),
    ...paginationChecks,
    ...listOrderChecks,
    ...idempotencyChecks,
    ...tagChecks,
    ...contactChecks,
    ...sequenceChecks,
    ...conversationChecks,
    ...teamChecks,
    ...optOutAndBlockChecks,
    ...webhookChecks,
    ...eventChecks,
    ...marketChecks,
    ...aiKnowledgeMediaChecks,
    ...conversationReadChecks,
    ...filterChecks,
    ...isolationChecks,
    ...createAnswerChecks,
    ...deleteAnswerChecks,
    ...flowChecks,
    ...flowRuntimeChecks,
    ...appointmentChecks,
    ...overviewChecks,

    ...postChecks,
    ...commentAutomationChecks,
    ...commentApprovalChecks,
    ...scopeChecks(facts),
    ...rateLimitChecks.filter((check) => QUOTA_HEAVY.has(check.id)),
    ...observedChecks,
  ];
  const ids = new Set<string>();
  for (const check of checks) {
    if (ids.has(check.id)) throw new Error(`duplicate check id ${check.id}`);
    ids.add(check.id);
  }
  return checks;
}
