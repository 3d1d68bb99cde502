/**
 * Every control-plane route table, mounted at `/_sandbox`. Groups that add sandbox powers
 * (inbound injection, webhook delivery logs...) add one line here.
 */
import type { AppRoute } from '../resources/app.js';
import { controlRoutes } from './routes.js';
import { webhookControlRoutes } from './webhook-routes.js';
import { inboundControlRoutes } from './inbound-routes.js';

export const allControlRoutes: readonly AppRoute[] = [...controlRoutes, ...webhookControlRoutes, ...inboundControlRoutes];
