/**
 * Everything that lives while the TUI is connected to one target: the client, the header's facts
 * (account, plan, key scope, rate limit), the persisted history, the console draft, the tail,
 * a conformance run and the replay debugger. Switching screens keeps all of it; switching target
 * closes it and opens a new one.
 */
import { Client, type Exchange, type RateLimit } from './target/client.js';
import type { Connection } from './target/connection.js';
import { maskSecret } from './target/mask.js';
import { refusedKeyHint } from './target/key-hint.js';
import type { TuiPaths } from './target/paths.js';
import { HistoryStore } from './data/history.js';
import { routesOf, type OpenApiLike, type RouteInfo } from './data/openapi.js';
import { BodyValidator } from './data/validate.js';
import { Store } from './state/store.js';
import { consoleReducer, initialConsole, type ConsoleAction, type ConsoleState } from './state/console.js';
import { TailFeed } from './services/tail.js';
import { ConformanceJob } from './services/conformance.js';
import { Debugger } from './services/debugger.js';

export interface AccountFacts {
  readonly id: number;
  readonly businessName: string;
  readonly plan: string;
  readonly addon: string;
}

export interface HeaderFacts {
  readonly target: string;
  readonly kind: Connection['kind'];
  readonly keyMask: string;
  readonly account?: AccountFacts;
  readonly scope?: string;
  readonly rate?: RateLimit;
  /** Why the account could not be read (bad key...), in the envelope's terms. */
  readonly problem?: string;
}

export interface ApiCatalogue {
  readonly document: OpenApiLike;
  readonly routes: readonly RouteInfo[];
  readonly validator: BodyValidator;
}

export class Session {
  readonly client: Client;
  readonly header: Store<HeaderFacts, Partial<HeaderFacts>>;
  readonly history: HistoryStore;
  readonly console = new Store<ConsoleState, ConsoleAction>(consoleReducer, initialConsole);
  readonly tail: TailFeed;
  readonly conformance: ConformanceJob;
  readonly debugger: Debugger;
  /** Bumped on every history change, so the history screen re-renders. */
  readonly historyVersion = new Store<number, number>((_, next) => next, 0);
  private catalogues = new Map<'api' | 'control', Promise<ApiCatalogue>>();

  constructor(readonly connection: Connection, readonly paths: TuiPaths | undefined, options: { tailPollMs?: number } = {}) {
    this.header = new Store<HeaderFacts, Partial<HeaderFacts>>((state, patch) => ({ ...state, ...patch }), {
      target: connection.name === connection.label ? connection.label : `${connection.name}${connection.kind === 'in-process' ? ' (in process)' : ` ${connection.label}`}`,
      kind: connection.kind,
      keyMask: maskSecret(connection.apiKey),
    });
    this.client = new Client(connection, (rate) => this.header.dispatch({ rate }));
    this.history = new HistoryStore(connection.name, paths);
    this.tail = new TailFeed(this.client, options.tailPollMs);
    this.conformance = new ConformanceJob(connection, paths);
    this.debugger = new Debugger(connection);
  }

  /** Reads GET /account for the header: account, plan and the key's scope. */
  async refreshAccount(): Promise<void> {
    const exchange = await this.client.send({ method: 'GET', path: '/account' });
    const data = (exchange.json as { data?: { account?: { id: number; business_name: string; plan: string; addon: string }; api_key?: { scope?: string } } } | undefined)?.data;
    if (exchange.status === 200 && data?.account) {
      const { account } = data;
      this.header.dispatch({
        account: { id: account.id, businessName: account.business_name, plan: account.plan, addon: account.addon },
        ...(data.api_key?.scope ? { scope: data.api_key.scope } : {}),
        problem: undefined,
      });
      return;
    }
    const envelope = (exchange.json as { error?: { code?: string; message?: string } } | undefined)?.error;
    const hint = refusedKeyHint(exchange.status, this.connection.keySource);
    this.header.dispatch({ problem: exchange.error ?? `${exchange.status} ${envelope?.code ?? 'error'}: ${hint ?? envelope?.message ?? 'GET /account failed'}` });
  }

  /** The target's OpenAPI document (API or control plane), read once per session. */
  catalogue(which: 'api' | 'control' = 'api'): Promise<ApiCatalogue> {
    let pending = this.catalogues.get(which);
    if (!pending) {
      pending = this.client.send({ method: 'GET', path: '/openapi.json', control: which === 'control' }).then((exchange) => {
        if (exchange.status !== 200 || !exchange.json || typeof exchange.json !== 'object') {
          throw new Error(exchange.error ?? `${exchange.request.url} answered ${exchange.status}: no OpenAPI document`);
        }
        const document = exchange.json as OpenApiLike;
        return { document, routes: routesOf(document), validator: new BodyValidator(document) };
      });
      pending.catch(() => this.catalogues.delete(which));
      this.catalogues.set(which, pending);
    }
    return pending;
  }

  /** Sends from the console (or a re-run from history) and records it. */
  async send(options: Parameters<Client['send']>[0]): Promise<Exchange> {
    const exchange = await this.client.send(options);
    this.history.add(exchange);
    this.historyVersion.dispatch(this.historyVersion.get() + 1);
    return exchange;
  }

  async close(): Promise<void> {
    this.conformance.stop();
    await this.tail.stop();
    await this.debugger.close();
    await this.connection.close();
  }
}
