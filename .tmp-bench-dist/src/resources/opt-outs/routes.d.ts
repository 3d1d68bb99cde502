import { type AppRoute } from '../app.js';
export declare const optOutRoutes: AppRoute[];
