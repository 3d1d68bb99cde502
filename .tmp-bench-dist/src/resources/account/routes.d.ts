import { type AppRoute } from '../app.js';
export declare const accountRoutes: AppRoute[];
