/**
 * History -> scenario: the selected exchanges become a scenario file in the scenarios engine's own
 * format, through its recorder (src/scenarios/record/build.ts): captures inferred, volatile fields
 * given rules, secrets and personal data redacted, and the text checked for leaks before writing.
 */
import type { RecordedExchange } from '../../../src/scenarios/record/exchange.js';
import { safeScenarioText } from '../../../src/scenarios/record/recorder.js';
import type { ScenarioInput } from '../../../src/scenarios/schema.js';
import type { HistoryEntry } from './history.js';

export function toRecorded(entry: HistoryEntry): RecordedExchange | undefined {
  const { exchange } = entry;
  if (exchange.error) return undefined;
  const lower = (headers: Readonly<Record<string, string>>): Record<string, string> =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  // Paths are kept relative: /api/v1 for the API, /_sandbox for the control plane.
  const url = exchange.request.path.startsWith('/_sandbox') ? exchange.request.path : `/api/v1${exchange.request.path}`;
  return {
    method: exchange.request.method,
    url,
    requestHeaders: lower(exchange.request.headers),
    ...(exchange.request.body !== undefined ? { requestBody: exchange.request.body } : {}),
    status: exchange.status,
    responseHeaders: lower(exchange.headers),
    responseBody: exchange.text,
  };
}

/**
 * The scenario and its YAML text. `secrets` (the target's key, its operator token) are checked
 * once more against the text: a leak throws and nothing is written.
 */
export function historyToScenario(entries: readonly HistoryEntry[], name: string, secrets: readonly string[] = []): { scenario: ScenarioInput; text: string } {
  const exchanges = entries.map(toRecorded).filter((item): item is RecordedExchange => item !== undefined);
  if (exchanges.length === 0) throw new Error('nothing to save: the selection has no answered request');
  const result = safeScenarioText(exchanges, { name });
  for (const secret of secrets) if (secret.length >= 4 && result.text.includes(secret)) throw new Error('a secret survived redaction; the scenario was not written');
  return result;
}
