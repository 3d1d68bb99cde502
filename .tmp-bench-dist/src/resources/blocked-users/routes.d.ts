import { type AppRoute } from '../app.js';
export declare const blockedUserRoutes: AppRoute[];
