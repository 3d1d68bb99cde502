/**
 * Every control-plane route table, mounted at `/_sandbox`. Groups that add sandbox powers
 * (inbound injection, webhook delivery logs...) add one line here.
 */
import type { AppRoute } from '../resources/app.js';
export declare const allControlRoutes: readonly AppRoute[];
