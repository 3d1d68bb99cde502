/** Turns any `SimRequest` into the one shape the pipeline reads. */
import { ApiError } from './errors.js';
import type { NormalizedRequest, SimRequest } from './types.js';
export declare function normalizeRequest(request: SimRequest, maxBodyBytes: number): NormalizedRequest;
export declare function tooLarge(maxBodyBytes: number): ApiError;
/** The UTF-8 length of text, counted without encoding it (a lone surrogate encodes as 3 bytes). */
export declare function utf8Length(text: string): number;
