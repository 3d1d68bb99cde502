/** Contacts (issue 3): HTTP against bare node:http, then list pages and memory at scale. */
import type { BenchRow } from './types.js';
export declare function run(): Promise<BenchRow[]>;
