import type { CheckDefinition, TargetFacts } from '../../runner/check.js';
export declare function scopeChecks(facts: TargetFacts): CheckDefinition[];
