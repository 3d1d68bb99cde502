/**
 * The sandbox's `http_request` node (pure). The sandbox never resolves a name and never sends the
 * request (tests and users rely on nothing leaving the machine), so the answer is decided from the
 * URL, once its placeholders are filled (docs/decisions.md, "What the catalogue promises"):
 *
 * - a URL the webhook URL rule refuses (../flows/http-target.ts: credentials, loopback, private,
 *   metadata or internal host; judged here for a host a placeholder filled) -> `output_2`;
 * - a host that never resolves, the names webhook egress never looks up (RFC 2606 / 6761 / 7686:
 *   `.test`, `.example`, `.invalid`, `.localhost`, `.onion`, `example.com/.net/.org`) ->
 *   `output_2`, as the network error a real call would meet;
 * - any other URL -> `output_1`, as a 2xx answer with an empty body (`save_response_to` gets "").
 */
import { httpTargetProblem } from '../flows/http-target.js';
import { isReservedName } from '../webhooks/egress.js';

export type HttpAnswer = { readonly port: 'output_1'; readonly body: string } | { readonly port: 'output_2'; readonly reason: 'refused' | 'unresolvable' };

export function sandboxHttpAnswer(filledUrl: string): HttpAnswer {
  if (httpTargetProblem(filledUrl) !== null) return { port: 'output_2', reason: 'refused' };
  if (isReservedName(new URL(filledUrl).hostname)) return { port: 'output_2', reason: 'unresolvable' };
  return { port: 'output_1', body: '' };
}
