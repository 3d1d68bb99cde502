import { type AppRoute } from '../resources/app.js';
export declare function parseDuration(text: string): number;
export declare const controlRoutes: AppRoute[];
