/**
 * The knowledge base's sandbox powers: add a document the way the portal's upload would (the
 * API has no create route), create a knowledge gap of any signal type, and lower (or restore)
 * the account's shared item cap so the 403 can be reached without thousands of items.
 */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { KnowledgeModel } from './model.js';
import { AddDocumentBody, CreateGapBody, SetKnowledgeLimitBody } from './sandbox-schemas.js';
import { KnowledgeDocument, KnowledgeGap, KnowledgeUsage } from './schemas.js';

const power = powersFor<GroupContext<KnowledgeModel>>();

export const knowledgePowers = {
  addDocument: power.account({
    operationId: 'sandboxAddDocument',
    method: 'POST',
    path: '/knowledge/documents',
    summary: 'Add a knowledge document (name, type, size); embedding_status then moves on the virtual clock',
    input: AddDocumentBody,
    inputRequired: true,
    output: KnowledgeDocument,
    status: 201,
    run: ({ accountId, input }, { model }) => model.documents.present(model.addDocument(accountId, input)),
  }),
  createKnowledgeGap: power.account({
    operationId: 'sandboxCreateKnowledgeGap',
    method: 'POST',
    path: '/knowledge-gaps',
    summary: 'Create a knowledge gap of any signal type and status directly',
    input: CreateGapBody,
    inputRequired: true,
    output: KnowledgeGap,
    status: 201,
    run: ({ accountId, input }, { model }) => model.gaps.present(model.createGap(accountId, input)),
  }),
  setKnowledgeLimit: power.account({
    operationId: 'sandboxSetKnowledgeLimit',
    method: 'POST',
    path: '/knowledge/limit',
    summary: "Set the account's shared knowledge item cap (null restores the plan's); answers the usage",
    input: SetKnowledgeLimitBody,
    inputRequired: true,
    output: KnowledgeUsage,
    run: ({ accountId, input }, { model }) => model.setItemLimit(accountId, input.items),
  }),
};
