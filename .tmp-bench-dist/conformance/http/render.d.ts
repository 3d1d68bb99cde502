/**
 * An exchange as text for a failure report: the request, the response and a curl line that
 * reproduces the request, all with keys redacted (the curl line reads them from the environment).
 */
import type { ExchangeRecord } from '../types.js';
import type { Redactor } from './redact.js';
export declare function renderRequest(exchange: ExchangeRecord, redactor: Redactor): string;
export declare function renderResponse(exchange: ExchangeRecord, redactor: Redactor): string;
export declare function renderCurl(exchange: ExchangeRecord, redactor: Redactor): string;
