/**
 * A conformance run from the TUI: the kit's own `runConformance` against the connected target
 * (in process through the simulator's fetch), its `onPlan`/`onResult` callbacks feeding the
 * store so the clause matrix fills live. Stopping aborts between checks; the kit still sweeps
 * what the run created.
 */
import { join } from 'node:path';
import { runConformance } from '../../../conformance/index.js';
import type { Profile } from '../../../conformance/types.js';
import type { Connection } from '../target/connection.js';
import type { TuiPaths } from '../target/paths.js';
import { Store } from '../state/store.js';
import { conformanceReducer, initialConformance, type ConformanceAction, type ConformanceState } from '../state/conformance.js';

export class ConformanceJob {
  readonly store = new Store<ConformanceState, ConformanceAction>(conformanceReducer, initialConformance);
  private controller: AbortController | undefined;

  constructor(private readonly connection: Connection, private readonly paths: TuiPaths | undefined) {}

  get running(): boolean {
    const status = this.store.get().status;
    return status === 'starting' || status === 'running' || status === 'stopping';
  }

  setProfile(profile: Profile): void {
    this.store.dispatch({ type: 'profile', profile });
  }

  /** Starts a run; resolves when it ends (the store has the report or the error). */
  async start(): Promise<void> {
    if (this.running) return;
    const { connection } = this;
    if (!connection.apiKey) {
      this.store.dispatch({ type: 'failed', message: 'this target has no API key: add one on the targets screen (1)' });
      return;
    }
    this.controller = new AbortController();
    this.store.dispatch({ type: 'start' });
    const accountB = connection.simulator?.accounts.find((account) => account.id !== connection.accountId && account.addon === 'active');
    const inactive = connection.simulator?.accounts.find((account) => account.addon === 'inactive');
    try {
      const report = await runConformance({
        baseUrl: connection.baseUrl,
        apiKey: connection.apiKey,
        ...(accountB?.keys.full ? { apiKeyB: accountB.keys.full } : {}),
        ...(inactive?.keys.full ? { inactiveKey: inactive.keys.full } : {}),
        ...(connection.controlToken ? { controlToken: connection.controlToken } : {}),
        profile: this.store.get().profile,
        fetch: connection.fetch,
        signal: this.controller.signal,
        // In process nothing outlives the TUI; elsewhere a ledger lets `conformance --cleanup` finish a sweep.
        ledgerDir: connection.kind === 'in-process' || !this.paths ? false : join(this.paths.stateDir, 'conformance'),
        onPlan: (plan) => this.store.dispatch({ type: 'plan', plan }),
        onResult: (result) => this.store.dispatch({ type: 'result', result }),
      });
      this.store.dispatch({ type: 'done', report });
    } catch (error) {
      this.store.dispatch({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      this.controller = undefined;
    }
  }

  stop(): void {
    if (!this.controller) return;
    this.store.dispatch({ type: 'stopping' });
    this.controller.abort();
  }
}
