/** Contacts (issue 3): HTTP against bare node:http, then list pages and memory at scale. */
import type { BenchRow } from './types.js';
import { run as runHttp } from './contacts-http.js';
import { run as runScale } from './contacts-scale.js';

export async function run(): Promise<BenchRow[]> {
  return [...(await runHttp()), ...(await runScale())];
}
