/** The machine report: the run's structured results as they are (keys never appear in them). */
import type { RunReport } from '../types.js';

export function formatJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
