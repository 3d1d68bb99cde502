/**
 * A PATCH that changes nothing. 7.1: "A 400 from PATCH /contacts/{id} with an empty body lists the
 * updatable fields"; every PATCH route with an id answers it the same way, naming `body`.
 *
 * Models call this after they looked the id up, never in the body schema: an unknown or foreign id
 * is 404 whatever the body, on every route (audit 14a F1 found six routes answering 404 and seven
 * answering 400 to `PATCH /{collection}/999999` with `{}`).
 */
import { invalidParam } from './errors.js';

export function refuseEmptyPatch(patch: object, updatable: readonly string[]): void {
  for (const field of updatable) if ((patch as Record<string, unknown>)[field] !== undefined) return;
  throw invalidParam('body', `Send at least one updatable field: ${updatable.join(', ')}.`);
}
