/**
 * Every request sent from the TUI, per target, persisted as JSON lines in the state folder
 * (`history/<target>.jsonl`), newest last; at most 500 entries are kept per target. Keys never
 * reach the file (the request's key headers read `<key>`), and secret body fields are masked
 * before writing.
 */
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from '../target/client.js';
import { maskBody } from '../target/mask.js';
import type { TuiPaths } from '../target/paths.js';

export const HISTORY_LIMIT = 500;

export interface HistoryEntry {
  /** Unique within the target's history (`h<n>`). */
  readonly id: string;
  readonly target: string;
  readonly exchange: Exchange;
}

function slug(target: string): string {
  return target.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'target';
}

function maskText(text: string): string {
  if (text.trim() === '') return text;
  try {
    return JSON.stringify(maskBody(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** An exchange as it may be stored: secret body fields masked in both directions. */
export function storable(exchange: Exchange): Exchange {
  const request = exchange.request.body === undefined ? exchange.request : { ...exchange.request, body: maskText(exchange.request.body) };
  const json = exchange.json === undefined ? undefined : maskBody(exchange.json);
  return { ...exchange, request, text: maskText(exchange.text), ...(json !== undefined ? { json } : {}) };
}

export class HistoryStore {
  private entries: HistoryEntry[] = [];
  private counter = 0;
  private readonly file: string | undefined;

  /** `paths` undefined keeps the history in memory only (tests, the bench). */
  constructor(readonly target: string, paths: TuiPaths | undefined) {
    this.file = paths ? join(paths.stateDir, 'history', `${slug(target)}.jsonl`) : undefined;
    if (this.file && existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const entry = JSON.parse(line) as HistoryEntry;
          if (entry.exchange?.request) this.entries.push(entry);
        } catch {
          // A torn last line (a crash mid-write) is skipped, not fatal.
        }
      }
      this.entries = this.entries.slice(-HISTORY_LIMIT);
      this.counter = this.entries.reduce((max, entry) => Math.max(max, Number(entry.id.slice(1)) || 0), 0);
    }
  }

  list(): readonly HistoryEntry[] {
    return this.entries;
  }

  add(exchange: Exchange): HistoryEntry {
    const entry: HistoryEntry = { id: `h${++this.counter}`, target: this.target, exchange: storable(exchange) };
    this.entries.push(entry);
    if (this.file) {
      mkdirSync(join(this.file, '..'), { recursive: true, mode: 0o700 });
      if (this.entries.length > HISTORY_LIMIT) {
        this.entries = this.entries.slice(-HISTORY_LIMIT);
        writeFileSync(this.file, this.entries.map((item) => `${JSON.stringify(item)}\n`).join(''), { mode: 0o600 });
      } else appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
      if (process.platform !== 'win32') chmodSync(this.file, 0o600);
    } else if (this.entries.length > HISTORY_LIMIT) this.entries = this.entries.slice(-HISTORY_LIMIT);
    return entry;
  }
}
