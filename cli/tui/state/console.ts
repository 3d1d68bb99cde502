/**
 * The console's request draft and last response, as a plain reducer: method, path (with `{id}`
 * placeholders until prompted), query, JSON body, an idempotency key one keystroke away, and the
 * response view's folds and cursor.
 */
import type { Exchange } from '../target/client.js';
import type { BodyProblem } from '../data/validate.js';

export const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

export interface ConsoleState {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: string;
  readonly idempotencyKey?: string;
  readonly sending: boolean;
  readonly response?: Exchange;
  readonly problems: readonly BodyProblem[];
  /** Folded JSON paths of the response view. */
  readonly folded: readonly string[];
  /** The response view's cursor line. */
  readonly cursor: number;
  readonly showHeaders: boolean;
  /** Show secret fields of the response (masked by default). */
  readonly reveal: boolean;
  readonly curl?: string;
}

export const initialConsole: ConsoleState = { method: 'GET', path: '/account', query: '', body: '', sending: false, problems: [], folded: [], cursor: 0, showHeaders: false, reveal: false };

export type ConsoleAction =
  | { type: 'load'; method: string; path: string; query?: string; body?: string }
  | { type: 'method'; method: string }
  | { type: 'cycle-method'; by: 1 | -1 }
  | { type: 'path'; path: string }
  | { type: 'query'; query: string }
  | { type: 'body'; body: string }
  | { type: 'idempotency'; key: string | undefined }
  | { type: 'problems'; problems: readonly BodyProblem[] }
  | { type: 'sending' }
  | { type: 'response'; exchange: Exchange }
  | { type: 'fold'; path: string }
  | { type: 'fold-all'; paths: readonly string[] }
  | { type: 'cursor'; line: number }
  | { type: 'headers' }
  | { type: 'reveal' }
  | { type: 'curl'; text: string | undefined };

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case 'load':
      // A new request: the previous one's answer goes with it (under the new request line it
      // would read as this request's answer). History loads its own answer right after.
      return { ...initialConsole, method: action.method.toUpperCase(), path: action.path, query: action.query ?? '', body: action.body ?? '' };
    // The curl line is the request as it was when copied: any change to it, or a send, retires it (17tui T13).
    case 'method':
      return { ...state, method: action.method.toUpperCase(), problems: [], curl: undefined };
    case 'cycle-method': {
      const index = METHODS.indexOf(state.method as (typeof METHODS)[number]);
      const next = METHODS[(index + action.by + METHODS.length) % METHODS.length]!;
      return { ...state, method: next, problems: [], curl: undefined };
    }
    case 'path':
      return { ...state, path: action.path.startsWith('/') ? action.path : `/${action.path}`, problems: [], curl: undefined };
    case 'query':
      return { ...state, query: action.query.replace(/^\?/, ''), curl: undefined };
    case 'body':
      return { ...state, body: action.body, problems: [], curl: undefined };
    case 'idempotency':
      return { ...state, idempotencyKey: action.key, curl: undefined };
    case 'problems':
      return { ...state, problems: action.problems };
    case 'sending':
      return { ...state, sending: true, problems: [], curl: undefined };
    case 'response':
      return { ...state, sending: false, response: action.exchange, folded: [], cursor: 0, reveal: false };
    case 'fold': {
      const folded = state.folded.includes(action.path) ? state.folded.filter((path) => path !== action.path) : [...state.folded, action.path];
      return { ...state, folded };
    }
    case 'fold-all':
      return { ...state, folded: [...action.paths], cursor: 0 };
    case 'cursor':
      return { ...state, cursor: Math.max(0, action.line) };
    case 'headers':
      return { ...state, showHeaders: !state.showHeaders };
    case 'reveal':
      return { ...state, reveal: !state.reveal };
    case 'curl':
      return { ...state, curl: action.text };
  }
}

/** The path and query as sent: `/contacts?limit=5`. */
export function requestTarget(state: Pick<ConsoleState, 'path' | 'query'>): string {
  const query = state.query.trim();
  return query ? `${state.path}${state.path.includes('?') ? '&' : '?'}${query}` : state.path;
}

/** Whether the method carries a body in this API (POST, PATCH, PUT; DELETE when one is typed). */
export function sendsBody(state: Pick<ConsoleState, 'method' | 'body'>): boolean {
  return state.method === 'POST' || state.method === 'PATCH' || state.method === 'PUT' || (state.method === 'DELETE' && state.body.trim() !== '');
}
