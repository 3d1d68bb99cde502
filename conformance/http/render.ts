/**
 * An exchange as text for a failure report: the request, the response and a curl line that
 * reproduces the request, all with keys redacted (the curl line reads them from the environment).
 */
import type { ExchangeRecord } from '../types.js';
import type { Redactor } from './redact.js';

const MAX_BODY = 2000;
/** Headers the kit adds for itself or that carry no meaning for a reader. */
const QUIET_REQUEST_HEADERS = new Set(['content-length', 'accept', 'user-agent']);
const SHOWN_RESPONSE_HEADERS = /^(allow|retry-after|idempotent-replayed|ratelimit-|x-ratelimit-|content-type|location)/i;

function clip(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}... (${text.length} chars)` : text;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function renderRequest(exchange: ExchangeRecord, redactor: Redactor): string {
  const lines = [`${exchange.method} ${redactor.text(exchange.url)}`];
  for (const [name, value] of Object.entries(redactor.headers(exchange.requestHeaders))) {
    if (!QUIET_REQUEST_HEADERS.has(name.toLowerCase())) lines.push(`${name}: ${value}`);
  }
  if (exchange.requestBody !== undefined) lines.push('', clip(redactor.text(exchange.requestBody)));
  return lines.join('\n');
}

export function renderResponse(exchange: ExchangeRecord, redactor: Redactor): string {
  const lines = [`HTTP ${exchange.status}`];
  for (const [name, value] of Object.entries(exchange.responseHeaders)) {
    if (SHOWN_RESPONSE_HEADERS.test(name)) lines.push(`${name}: ${value}`);
  }
  if (exchange.responseBody !== '') lines.push('', clip(redactor.text(exchange.responseBody)));
  return lines.join('\n');
}

export function renderCurl(exchange: ExchangeRecord, redactor: Redactor): string {
  const parts = ['curl', '-sS', '-i', '-X', exchange.method, shellQuote(redactor.text(exchange.url))];
  for (const [name, value] of Object.entries(redactor.headers(exchange.requestHeaders))) {
    if (QUIET_REQUEST_HEADERS.has(name.toLowerCase())) continue;
    // A placeholder like $SWITCHBOARD_API_KEY must expand, so that header goes in double quotes.
    const header = `${name}: ${value}`;
    parts.push('-H', /\$SWITCHBOARD_/.test(value) ? `"${header.replace(/["\\`]/g, '\\$&')}"` : shellQuote(header));
  }
  if (exchange.requestForm) {
    // The file's bytes are not kept: the line names a local file of the same name to send instead.
    for (const field of exchange.requestForm) {
      const value = field.file ? `@${field.file.filename};type=${field.file.type}` : (field.value ?? '');
      parts.push('-F', shellQuote(`${field.name}=${redactor.text(value)}`));
    }
  } else if (exchange.requestBody !== undefined) parts.push('--data-raw', shellQuote(redactor.text(exchange.requestBody)));
  return parts.join(' ');
}
