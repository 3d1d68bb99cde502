import { type BenchRow } from './types.js';
export declare function run(): Promise<BenchRow[]>;
