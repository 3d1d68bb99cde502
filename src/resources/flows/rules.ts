/**
 * The seams of the flows model that its mutants swap (./mutants.ts), and the 422 every refused
 * definition answers with.
 */
import { ApiError } from '../../core/errors.js';
import type { Validator } from './checks.js';
import type { FlowIssue } from './issues.js';
import type { FlowRecord } from './records.js';
import type { FlowDefinition } from './definition.js';

export interface FlowRules {
  validate: Validator;
  /** Whether one more flow may go active in the account (the plan's live-flow cap). */
  capAllows: (accountId: number) => boolean;
  /** Saves a definition as the flow's draft (the published version keeps running). */
  saveDraft: (flow: FlowRecord, definition: FlowDefinition, now: string) => FlowRecord;
}

/** 422 `invalid_definition` with every error (7.1). */
export function invalidDefinition(errors: readonly FlowIssue[]): ApiError {
  const first = errors[0]?.message ?? 'The definition is invalid.';
  const message = errors.length === 1 ? `The flow definition has an error: ${first}` : `The flow definition has ${errors.length} errors; the first: ${first}`;
  return new ApiError('invalid_definition', message, { extra: { errors } });
}

