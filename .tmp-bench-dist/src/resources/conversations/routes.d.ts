import { type AppRoute } from '../app.js';
export declare const conversationRoutes: AppRoute[];
