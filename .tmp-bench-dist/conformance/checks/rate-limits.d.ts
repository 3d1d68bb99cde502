import type { CheckDefinition } from '../runner/check.js';
export declare const rateLimitChecks: CheckDefinition[];
