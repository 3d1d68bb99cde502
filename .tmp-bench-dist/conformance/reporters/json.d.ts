/** The whole report as JSON (keys already redacted), for tooling and bug filing. */
import type { ConformanceReport } from '../types.js';
export declare function formatJson(report: ConformanceReport): string;
