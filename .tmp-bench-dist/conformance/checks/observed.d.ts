/**
 * The final checks: rules judged over every response of the run (runner/observations.ts), so a
 * departure on any route the run touched is caught, not only on the routes a check picked.
 */
import type { CheckDefinition } from '../runner/check.js';
export declare const observedChecks: CheckDefinition[];
