/**
 * The kit's own reading of section 4: every route, its clause, the scope it needs and whether the
 * spec states that scope (5.2 and the "(read)/(write)/(admin)" marks of section 4) or we chose it
 * (docs/decisions.md: plain reads need `read`, other writes need `write`). Written from the spec,
 * never from the simulator, so the scope matrix judges the simulator instead of echoing it.
 */
import type { Level } from '../types.js';

export type Scope = 'read' | 'write' | 'admin' | 'full';
export const SCOPES: readonly Scope[] = ['read', 'write', 'admin', 'full'];
const RANK: Record<Scope, number> = { read: 0, write: 1, admin: 2, full: 3 };

export function covers(held: Scope, required: Scope): boolean {
  return RANK[held] >= RANK[required];
}

export interface RouteSpec {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to the base URL, with `{name}` parameters. */
  readonly path: string;
  readonly clause: string;
  readonly scope: Scope;
  readonly scopeLevel: Level;
  /** The resource kind its `{id}` names (ledger kinds), for filling ids with owned ones. */
  readonly kind?: string;
  /** Paginated list (`limit`, `starting_after`). */
  readonly paginated?: boolean;
  /** A side effect the kit will not cause even with a sufficient key (allowed side skipped). */
  readonly costly?: boolean;
}

export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

type Row = readonly [RouteSpec['method'], string, string, Scope, Level, Partial<RouteSpec>?];

const S: Level = 'spec';
const A: Level = 'assumption';

const ROWS: readonly Row[] = [
  // 4.1 account, webhook endpoints, API keys
  ['GET', '/account', '4.1', 'read', A],
  ['GET', '/webhooks/endpoints', '4.1', 'read', A],
  ['POST', '/webhooks/endpoints', '4.1', 'admin', S],
  ['GET', '/webhooks/endpoints/{id}', '4.1', 'read', A, { kind: 'webhook-endpoint' }],
  ['PATCH', '/webhooks/endpoints/{id}', '4.1', 'admin', S, { kind: 'webhook-endpoint' }],
  ['DELETE', '/webhooks/endpoints/{id}', '4.1', 'admin', S, { kind: 'webhook-endpoint' }],
  ['POST', '/webhooks/endpoints/{id}/rotate-secret', '4.1', 'admin', S, { kind: 'webhook-endpoint' }],
  ['POST', '/webhooks/endpoints/{id}/test', '4.1', 'admin', A, { kind: 'webhook-endpoint' }],
  ['GET', '/api-keys', '4.1', 'read', A, { paginated: true }],
  ['POST', '/api-keys', '4.1', 'admin', S],
  ['DELETE', '/api-keys/{id}', '4.1', 'admin', S, { kind: 'api-key' }],
  // 4.2 contacts
  ['GET', '/contacts', '4.2', 'read', A, { paginated: true }],
  ['GET', '/contacts/{id}', '4.2', 'read', A, { kind: 'contact' }],
  ['POST', '/contacts', '4.2', 'write', A],
  ['PATCH', '/contacts/{id}', '4.2', 'write', A, { kind: 'contact' }],
  ['POST', '/contacts/{id}/tags', '4.2', 'write', A, { kind: 'contact' }],
  ['DELETE', '/contacts/{id}/tags/{tag}', '4.2', 'write', A, { kind: 'contact' }],
  ['DELETE', '/contacts/{id}', '4.2', 'write', A, { kind: 'contact' }],
  // 4.3 custom fields
  ['GET', '/custom-fields', '4.3', 'read', A],
  ['POST', '/custom-fields', '4.3', 'write', A],
  ['PATCH', '/custom-fields/{id}', '4.3', 'write', A, { kind: 'custom-field' }],
  // 4.4 conversations and messages
  ['GET', '/conversations', '4.4', 'read', A, { paginated: true }],
  ['GET', '/conversations/{id}', '4.4', 'read', A, { kind: 'conversation' }],
  ['PATCH', '/conversations/{id}', '4.4', 'write', S, { kind: 'conversation' }],
  ['POST', '/conversations/{id}/assign', '4.4', 'write', A, { kind: 'conversation' }],
  ['DELETE', '/conversations/{id}', '4.4', 'write', A, { kind: 'conversation' }],
  ['GET', '/conversations/{id}/messages', '4.4', 'read', A, { kind: 'conversation' }],
  ['POST', '/messages', '4.4', 'write', A],
  // 4.5 tags
  ['GET', '/tags', '4.5', 'read', A],
  ['POST', '/tags', '4.5', 'write', A],
  ['DELETE', '/tags/{id}', '4.5', 'write', A, { kind: 'tag' }],
  // 4.6 appointments
  ['GET', '/appointments', '4.6', 'read', A, { paginated: true }],
  ['GET', '/appointments/availability', '4.6', 'read', A],
  ['GET', '/appointments/{id}', '4.6', 'read', A, { kind: 'appointment' }],
  ['POST', '/appointments', '4.6', 'write', S],
  ['PATCH', '/appointments/{id}', '4.6', 'write', A, { kind: 'appointment' }],
  ['POST', '/appointments/{id}/cancel', '4.6', 'write', A, { kind: 'appointment' }],
  ['POST', '/appointments/{id}/reschedule', '4.6', 'write', A, { kind: 'appointment' }],
  // 4.7 flows
  ['GET', '/flows', '4.7', 'read', A, { paginated: true }],
  ['GET', '/flows/nodes', '4.7', 'read', A],
  ['POST', '/flows/validate', '4.7', 'write', A],
  ['GET', '/flows/{id}', '4.7', 'read', A, { kind: 'flow' }],
  ['GET', '/flows/{id}/definition', '4.7', 'read', A, { kind: 'flow' }],
  ['POST', '/flows', '4.7', 'write', A],
  ['PATCH', '/flows/{id}', '4.7', 'write', A, { kind: 'flow' }],
  ['POST', '/flows/{id}/publish', '4.7', 'write', A, { kind: 'flow' }],
  ['POST', '/flows/{id}/activate', '4.7', 'write', A, { kind: 'flow' }],
  ['POST', '/flows/{id}/pause', '4.7', 'write', A, { kind: 'flow' }],
  ['POST', '/flows/{id}/discard-draft', '4.7', 'write', A, { kind: 'flow' }],
  ['POST', '/flows/{id}/duplicate', '4.7', 'write', A, { kind: 'flow' }],
  ['DELETE', '/flows/{id}', '4.7', 'write', A, { kind: 'flow' }],
  // 4.8 flow sessions, events, analytics
  ['GET', '/flow-sessions', '4.8', 'read', A, { paginated: true }],
  ['GET', '/flow-sessions/{id}', '4.8', 'read', A, { kind: 'flow-session' }],
  ['GET', '/flow-sessions/{id}/events', '4.8', 'read', A, { kind: 'flow-session' }],
  ['GET', '/flow-events', '4.8', 'read', A, { paginated: true }],
  ['GET', '/flows/{id}/analytics', '4.8', 'read', A, { kind: 'flow' }],
  ['GET', '/analytics/overview', '4.8', 'read', A],
  // 4.9 opt-outs
  ['GET', '/opt-outs', '4.9', 'read', A, { paginated: true }],
  // 4.10 team
  ['GET', '/team', '4.10', 'read', S],
  ['GET', '/team/invitations', '4.10', 'read', A],
  ['POST', '/team/invitations', '4.10', 'admin', S],
  ['POST', '/team/invitations/{id}/resend', '4.10', 'admin', S, { kind: 'invitation' }],
  ['DELETE', '/team/invitations/{id}', '4.10', 'admin', S, { kind: 'invitation' }],
  ['PATCH', '/team/{id}', '4.10', 'admin', S, { kind: 'team-member' }],
  ['DELETE', '/team/{id}', '4.10', 'admin', S, { kind: 'team-member' }],
  // 4.11 AI configuration
  ['GET', '/ai/config', '4.11', 'read', S],
  ['PATCH', '/ai/config', '4.11', 'admin', S],
  ['GET', '/ai/channels', '4.11', 'read', S],
  ['PATCH', '/ai/channels/{channel}', '4.11', 'admin', S],
  // 4.12 knowledge base
  ['GET', '/knowledge', '4.12', 'read', S],
  ['GET', '/knowledge/faqs', '4.12', 'read', A],
  ['POST', '/knowledge/faqs', '4.12', 'write', S],
  ['GET', '/knowledge/faqs/{id}', '4.12', 'read', A, { kind: 'faq' }],
  ['PATCH', '/knowledge/faqs/{id}', '4.12', 'write', S, { kind: 'faq' }],
  ['DELETE', '/knowledge/faqs/{id}', '4.12', 'write', S, { kind: 'faq' }],
  ['GET', '/knowledge/services', '4.12', 'read', A],
  ['POST', '/knowledge/services', '4.12', 'write', S],
  ['GET', '/knowledge/services/{id}', '4.12', 'read', A, { kind: 'service' }],
  ['PATCH', '/knowledge/services/{id}', '4.12', 'write', S, { kind: 'service' }],
  ['DELETE', '/knowledge/services/{id}', '4.12', 'write', S, { kind: 'service' }],
  ['GET', '/knowledge/documents', '4.12', 'read', A],
  ['GET', '/knowledge/documents/{id}', '4.12', 'read', A, { kind: 'document' }],
  ['PATCH', '/knowledge/documents/{id}', '4.12', 'write', A, { kind: 'document' }],
  ['DELETE', '/knowledge/documents/{id}', '4.12', 'write', A, { kind: 'document' }],
  ['GET', '/knowledge-gaps', '4.12', 'read', S, { paginated: true }],
  // 4.13 media library and blocked users
  ['GET', '/media', '4.13', 'read', A],
  ['POST', '/media', '4.13', 'write', S],
  ['PATCH', '/media/{id}', '4.13', 'write', S, { kind: 'media' }],
  ['DELETE', '/media/{id}', '4.13', 'write', S, { kind: 'media' }],
  ['GET', '/blocked-users', '4.13', 'read', A],
  ['POST', '/blocked-users', '4.13', 'write', S],
  ['DELETE', '/blocked-users/{id}', '4.13', 'write', S, { kind: 'blocked-user' }],
  // 4.14 comment triggers and comments
  ['GET', '/comment-triggers', '4.14', 'read', A],
  ['POST', '/comment-triggers', '4.14', 'write', S],
  ['GET', '/comment-triggers/simulate', '4.14', 'read', S],
  ['GET', '/comment-triggers/{id}', '4.14', 'read', A, { kind: 'comment-trigger' }],
  ['PATCH', '/comment-triggers/{id}', '4.14', 'write', S, { kind: 'comment-trigger' }],
  ['DELETE', '/comment-triggers/{id}', '4.14', 'write', S, { kind: 'comment-trigger' }],
  ['POST', '/comment-triggers/{id}/duplicate', '4.14', 'write', S, { kind: 'comment-trigger' }],
  ['GET', '/comment-triggers/{id}/stats', '4.14', 'read', A, { kind: 'comment-trigger' }],
  ['GET', '/recent-posts', '4.14', 'read', A],
  ['GET', '/comments', '4.14', 'read', A],
  ['GET', '/comments/stats', '4.14', 'read', A],
  ['GET', '/comments/{id}', '4.14', 'read', A, { kind: 'comment' }],
  ['POST', '/comments/{id}/approve', '4.14', 'write', S, { kind: 'comment' }],
  ['POST', '/comments/{id}/reject', '4.14', 'write', S, { kind: 'comment' }],
  ['POST', '/comments/approve', '4.14', 'write', S],
  ['POST', '/comments/reject', '4.14', 'write', S],
  // 4.15 posts
  ['POST', '/posts', '4.15', 'write', S],
  ['GET', '/posts', '4.15', 'read', A],
  ['GET', '/posts/capabilities', '4.15', 'read', A],
  ['GET', '/posts/{id}', '4.15', 'read', A, { kind: 'post' }],
  ['PATCH', '/posts/{id}', '4.15', 'write', S, { kind: 'post' }],
  ['DELETE', '/posts/{id}', '4.15', 'write', S, { kind: 'post' }],
  ['POST', '/posts/{id}/media', '4.15', 'write', S, { kind: 'post' }],
  ['PATCH', '/posts/{id}/media', '4.15', 'write', S, { kind: 'post' }],
  ['DELETE', '/posts/{id}/media/{mediaId}', '4.15', 'write', S, { kind: 'post' }],
  ['POST', '/posts/{id}/publish', '4.15', 'write', S, { kind: 'post' }],
  ['POST', '/posts/{id}/unschedule', '4.15', 'write', S, { kind: 'post' }],
  ['POST', '/posts/{id}/retry', '4.15', 'write', S, { kind: 'post' }],
  ['POST', '/posts/{id}/schedule', '4.15', 'write', S, { kind: 'post' }],
  // 4.16 market intelligence
  ['GET', '/competitors', '4.16', 'read', A],
  ['POST', '/competitors', '4.16', 'write', A],
  ['DELETE', '/competitors/{id}', '4.16', 'write', A, { kind: 'competitor' }],
  ['GET', '/competitors/{id}', '4.16', 'read', A, { kind: 'competitor' }],
  ['GET', '/market-intel/leaderboard', '4.16', 'read', A],
  ['GET', '/market-intel/history', '4.16', 'read', A],
  ['GET', '/market-intel/wins', '4.16', 'read', A],
  ['GET', '/market-intel/audience', '4.16', 'read', A],
  ['GET', '/market-intel/top-posts', '4.16', 'read', A],
  ['GET', '/market-intel/insights', '4.16', 'read', A],
  ['POST', '/market-intel/refresh', '4.16', 'write', A, { costly: true }],
];

export const ROUTES: readonly RouteSpec[] = ROWS.map(([method, path, clause, scope, scopeLevel, extra]) => ({
  method,
  path,
  clause,
  scope,
  scopeLevel,
  ...extra,
}));

const BY_KEY = new Map(ROUTES.map((route) => [routeKey(route.method, route.path), route]));

export function findRoute(method: string, path: string): RouteSpec | undefined {
  return BY_KEY.get(routeKey(method, path));
}

/** Methods the spec defines on a path template (for the `Allow` header of a 405). */
export function methodsOf(path: string): string[] {
  return ROUTES.filter((route) => route.path === path)
    .map((route) => route.method)
    .sort();
}
