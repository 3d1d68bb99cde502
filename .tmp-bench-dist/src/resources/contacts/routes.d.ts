import { type AppRoute } from '../app.js';
export declare const contactRoutes: AppRoute[];
