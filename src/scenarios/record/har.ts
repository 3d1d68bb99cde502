/**
 * HAR 1.2 (what browsers' developer tools export) -> a scenario. Only exchanges under the API
 * base path (and /_sandbox) become steps: pages, scripts, images, CORS preflights and other hosts
 * are left out. Redaction and capture inference are the recorders' (build.ts).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { buildScenario } from './build.js';
import type { RecordedExchange, RecordOptions } from './exchange.js';
import type { ScenarioInput } from '../schema.js';

const NameValue = z.object({ name: z.string(), value: z.string() });
const HarEntry = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(NameValue).default([]),
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number().int(),
    headers: z.array(NameValue).default([]),
    content: z.object({ mimeType: z.string().optional(), text: z.string().optional(), encoding: z.string().optional() }).default({}),
  }),
});
const Har = z.object({ log: z.object({ entries: z.array(HarEntry) }) });

function headerMap(headers: readonly { name: string; value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  // HTTP/2 pseudo-headers (:authority, :path) are not headers of the exchange.
  for (const { name, value } of headers) if (!name.startsWith(':')) out[name.toLowerCase()] = value;
  return out;
}

export function harExchanges(har: unknown): RecordedExchange[] {
  const parsed = Har.safeParse(har);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`not a HAR file: $.${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data.log.entries
    .filter((entry) => entry.response.status > 0) // 0: blocked or cancelled in the browser
    .map((entry) => {
      const content = entry.response.content;
      const responseBody = content.text === undefined ? undefined : content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
      return {
        method: entry.request.method.toUpperCase(),
        url: entry.request.url,
        requestHeaders: headerMap(entry.request.headers),
        ...(entry.request.postData?.text !== undefined ? { requestBody: entry.request.postData.text } : {}),
        status: entry.response.status,
        responseHeaders: headerMap(entry.response.headers),
        ...(responseBody !== undefined ? { responseBody } : {}),
      };
    });
}

export function readHarFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Reads a .har file (or takes its parsed JSON) and builds the scenario. */
export function importHar(source: string | { readonly log: unknown }, options: RecordOptions = {}): ScenarioInput {
  const har: unknown = typeof source === 'string' ? readHarFile(source) : source;
  return buildScenario(harExchanges(har), { name: typeof source === 'string' ? `Imported from ${source}` : undefined, ...options });
}
