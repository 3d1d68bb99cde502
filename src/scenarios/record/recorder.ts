/**
 * Collects exchanges and keeps the scenario file current: after each exchange (debounced) and on
 * `close()`, the whole scenario is rebuilt from the exchanges and written atomically. Raw
 * exchanges stay in memory only; what reaches the disk has been through the redactor, and is
 * checked once more for every key and secret the exchanges carried before it is written.
 */
import { buildScenario } from './build.js';
import type { RecordedExchange, RecordOptions } from './exchange.js';
import { keyFromHeaders, SECRET_FIELD } from './redact.js';
import { scenarioToYaml, writeFileAtomic } from './write.js';
import type { ScenarioInput } from '../schema.js';

export class RecordingLeak extends Error {}

function secretsIn(exchange: RecordedExchange): string[] {
  const out: string[] = [];
  const key = keyFromHeaders(exchange.requestHeaders);
  if (key) out.push(key);
  for (const text of [exchange.requestBody, exchange.responseBody]) {
    if (!text) continue;
    for (const match of text.matchAll(/"([A-Za-z_]+)"\s*:\s*"([^"\\]{4,})"/g)) if (SECRET_FIELD.test(match[1]!)) out.push(match[2]!);
  }
  return out;
}

/** Text of the scenario, refusing to return anything that still holds a secret. */
export function safeScenarioText(exchanges: readonly RecordedExchange[], options: RecordOptions): { scenario: ScenarioInput; text: string } {
  const scenario = buildScenario(exchanges, options);
  const text = scenarioToYaml(scenario);
  for (const secret of exchanges.flatMap(secretsIn)) {
    if (text.includes(secret)) throw new RecordingLeak('a secret survived redaction; the recording was not written');
  }
  return { scenario, text };
}

export class Recorder {
  readonly exchanges: RecordedExchange[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly file: string | undefined,
    private readonly options: RecordOptions & { readonly flushMs?: number; readonly onError?: (error: unknown) => void } = {},
  ) {}

  add(exchange: RecordedExchange): void {
    this.exchanges.push(exchange);
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      try {
        this.flush();
      } catch (error) {
        this.options.onError?.(error);
      }
    }, this.options.flushMs ?? 100);
    this.timer.unref?.();
  }

  scenario(): ScenarioInput {
    return buildScenario(this.exchanges, this.options);
  }

  /** Writes the file now (nothing when no exchange was recorded yet). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.file || this.exchanges.length === 0) return;
    writeFileAtomic(this.file, safeScenarioText(this.exchanges, this.options).text);
  }
}
