import type { CheckDefinition } from '../runner/check.js';
export declare const tagChecks: CheckDefinition[];
