/** The whole report as JSON (keys already redacted), for tooling and bug filing. */
import type { ConformanceReport } from '../types.js';

export function formatJson(report: ConformanceReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
