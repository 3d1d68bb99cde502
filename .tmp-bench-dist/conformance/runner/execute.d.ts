import type { Redactor } from '../http/redact.js';
import type { CheckResult, FailureDetail } from '../types.js';
import type { CheckContext, CheckDefinition } from './check.js';
import { CheckFailure } from './failure.js';
export declare function resultOf(check: CheckDefinition, partial: Pick<CheckResult, 'verdict'> & Partial<CheckResult>): CheckResult;
export declare function failureDetail(error: CheckFailure, redactor: Redactor, checkId: string): FailureDetail;
export declare function execute(check: CheckDefinition, ctx: CheckContext, redactor: Redactor): Promise<CheckResult>;
