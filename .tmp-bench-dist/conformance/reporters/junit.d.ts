import type { ConformanceReport } from '../types.js';
export declare function formatJunit(report: ConformanceReport): string;
