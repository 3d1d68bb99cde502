/**
 * Where things are served. Adapters, the OpenAPI builders and the pipeline all read these, so
 * an adapter can know the base path without importing the pipeline.
 */

/** The API's base path (section 9: `{base_url}` ends in `/api/v1`). */
export const BASE_PATH = '/api/v1';

/** The API's own OpenAPI 3.1 document, served unauthenticated (section 1). */
export const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;

/** The sandbox control plane: what the real service cannot give a developer. */
export const CONTROL_PREFIX = '/_sandbox';

/** The control plane's own OpenAPI 3.1 document, built from the sandbox-power definitions. */
export const CONTROL_OPENAPI_PATH = `${CONTROL_PREFIX}/openapi.json`;

/**
 * Files the simulator serves itself, without a key (public media URLs, like a CDN's): outside
 * the API and its quota, so a browser or any client can fetch them back (docs/decisions.md).
 */
export const PUBLIC_PREFIX = '/_media';
