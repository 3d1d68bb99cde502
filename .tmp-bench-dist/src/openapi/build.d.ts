import { type OpenAPIObject } from 'openapi3-ts/oas31';
import type { AnyRoute } from '../core/route.js';
export type OpenApiDocument = OpenAPIObject;
export declare function buildOpenApi<TApp>(routes: readonly AnyRoute<TApp>[]): OpenApiDocument;
