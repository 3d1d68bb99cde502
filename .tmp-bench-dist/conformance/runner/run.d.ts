import { type ConformanceOptions } from '../options.js';
import type { ConformanceReport } from '../types.js';
import type { CheckDefinition } from './check.js';
export declare function plannedCost(checks: readonly CheckDefinition[], runs: number): number;
export declare function runConformance(options: ConformanceOptions): Promise<ConformanceReport>;
