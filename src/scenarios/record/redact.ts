/**
 * Redaction at capture time: nothing a recorder writes holds a secret. API keys (in any of the
 * three key headers) become credential names; secret-bearing body fields (`api_key`,
 * `signing_secret`, `secret`, passwords, tokens) become `<redacted:field>`; personal data at the
 * configured fields and paths becomes a stable placeholder (the same value always gets the same
 * one, so a phone number in a request and in a later response still match on replay). Finally
 * every string is scrubbed of every secret and personal value seen anywhere.
 */
import { matchesPattern, parsePattern, type PathSegment, type PatternSegment } from '../paths.js';
import { DEFAULT_REDACT_FIELDS, type RecordOptions } from './exchange.js';

export const KEY_HEADERS = ['x-service-api-key', 'x-api-key', 'authorization'] as const;
/** Never recorded at all. */
export const DROPPED_HEADERS = new Set(['cookie', 'set-cookie', 'proxy-authorization', 'x-sandbox-token', ...KEY_HEADERS]);
export const SECRET_FIELD = /^(api_key|secret|signing_secret|previous_signing_secret|webhook_secret|password|token|access_token|refresh_token|client_secret)$/i;

export function keyFromHeaders(headers: Readonly<Record<string, string>>): string | undefined {
  const direct = headers['x-service-api-key'] ?? headers['x-api-key'];
  if (direct) return direct.trim();
  const bearer = /^Bearer\s+(.+)$/i.exec(headers['authorization'] ?? '');
  return bearer?.[1]?.trim();
}

export class Redactor {
  private readonly secrets = new Set<string>();
  private readonly personal = new Map<string, string>();
  private readonly fields: Set<string>;
  private readonly patterns: PatternSegment[][];
  private counter = 0;

  constructor(options: Pick<RecordOptions, 'redactFields' | 'redactPaths'> = {}) {
    this.fields = new Set((options.redactFields ?? DEFAULT_REDACT_FIELDS).map((field) => field.toLowerCase()));
    this.patterns = (options.redactPaths ?? []).map((path) => parsePattern(path));
  }

  /** A secret seen outside a body field (a key header): scrubbed from everything. */
  addSecret(value: string): void {
    if (value.length >= 4) this.secrets.add(value);
  }

  private placeholder(value: string): string {
    let out = this.personal.get(value);
    if (out) return out;
    const n = ++this.counter;
    if (/^[^@\s]+@[^@\s]+$/.test(value)) out = `redacted-${n}@example.invalid`;
    else if (/^\+?[0-9 ().-]{7,}$/.test(value)) {
      out = `+1555${String(n).padStart(7, '0')}`;
      // The same number written as bare digits (a WhatsApp id, a platform_user_id) is the same person.
      const digits = value.replace(/\D/g, '');
      if (digits.length >= 7 && !this.personal.has(digits)) this.personal.set(digits, out.slice(1));
    } else out = `redacted-${n}`;
    this.personal.set(value, out);
    return out;
  }

  isPersonal(key: string, path: readonly PathSegment[]): boolean {
    return this.fields.has(key.toLowerCase()) || this.patterns.some((pattern) => matchesPattern(pattern, path));
  }

  /**
   * An SMS or WhatsApp contact's `platform_user_id` is their phone number: personal whenever
   * phones are (`phone` in the redact set). Read from the record it sits in: its `channel`, or an
   * E.164 `+` prefix. An Instagram or Messenger id (digits too) is not a phone and is kept.
   */
  private isPhoneId(key: string, item: string, record: Readonly<Record<string, unknown>>): boolean {
    if (key !== 'platform_user_id' || !this.fields.has('phone')) return false;
    return record['channel'] === 'sms' || record['channel'] === 'whatsapp' || /^\+[0-9]{7,}$/.test(item);
  }

  /** First pass over every body: learns the secret and personal values. */
  collect(value: unknown, path: PathSegment[] = []): void {
    if (Array.isArray(value)) value.forEach((item, i) => this.collect(item, [...path, i]));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const at = [...path, key];
        if (typeof item === 'string' && SECRET_FIELD.test(key)) this.addSecret(item);
        else if (typeof item === 'string' && item !== '' && (this.isPersonal(key, at) || this.isPhoneId(key, item, value as Readonly<Record<string, unknown>>))) this.placeholder(item);
        else this.collect(item, at);
      }
    }
  }

  /** Second pass: the value with secrets and personal data replaced. */
  apply<T>(value: T, path: PathSegment[] = []): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((item, i) => this.apply(item, [...path, i])) as T;
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string' && SECRET_FIELD.test(key)) out[key] = `<redacted:${key}>`;
        else out[key] = this.apply(item, [...path, key]);
      }
      return out as T;
    }
    return value;
  }

  /** Any string: secrets and personal values replaced wherever they appear in it. */
  text(value: string): string {
    let out = value;
    const exact = this.personal.get(out);
    if (exact) return exact;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join('<redacted>');
    for (const [original, placeholder] of this.personal) {
      if (original.length >= 5 && out.includes(original)) out = out.split(original).join(placeholder);
    }
    return out;
  }
}
