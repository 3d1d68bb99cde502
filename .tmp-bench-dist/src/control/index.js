import { controlRoutes } from './routes.js';
import { webhookControlRoutes } from './webhook-routes.js';
import { inboundControlRoutes } from './inbound-routes.js';
export const allControlRoutes = [...controlRoutes, ...webhookControlRoutes, ...inboundControlRoutes];
//# sourceMappingURL=index.js.map