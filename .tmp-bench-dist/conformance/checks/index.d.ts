/**
 * Every check of the kit, in the order they run. The scope matrix is built from the routes the
 * target serves; the observers run last (the runner moves `final` checks to the end).
 */
import type { CheckDefinition, TargetFacts } from '../runner/check.js';
export declare function allChecks(facts: TargetFacts): CheckDefinition[];
