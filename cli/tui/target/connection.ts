/**
 * A connection to one target: the in-process sandbox (a simulator in this process: no port, starts
 * at once), a running Switchboard sandbox, or any deployment. It reuses the scenarios engine's
 * targets (src/scenarios/target.ts): the same probe for /_sandbox, the same sentences for a target
 * that is down or hangs, the same credential names.
 */
import { silentLogger } from '../../../src/core/logger.js';
import { httpTarget, simulatorTarget, type FetchFn, type ScenarioTarget } from '../../../src/scenarios/target.js';
import { createSimulator, type Simulator } from '../../../src/simulator.js';
import { BUILTIN_SANDBOX } from './config.js';

import type { ConnectionKind } from './kind.js';

export type { ConnectionKind } from './kind.js';
export { isSandbox } from './kind.js';

export interface Connection {
  /** The target's name in the targets list (`sandbox` for the built-in one, or a URL). */
  readonly name: string;
  readonly label: string;
  readonly kind: ConnectionKind;
  readonly baseUrl: string;
  readonly controlUrl: string;
  readonly apiKey: string | undefined;
  /** The sandbox operator token (X-Sandbox-Token), when known. */
  readonly controlToken: string | undefined;
  /** The account sandbox powers act on (X-Sandbox-Account with the operator token). */
  readonly accountId: number;
  /** The engine's view of the same target (scenario runs against "this target" use it). */
  readonly target: ScenarioTarget;
  /** For the conformance kit: the simulator's own fetch in process, the global one otherwise. */
  readonly fetch: FetchFn;
  readonly simulator?: Simulator;
  /** The local webhook receiver's port and secret for the tail on a real deployment. */
  readonly receiverPort?: number;
  readonly webhookSecret?: string;
  /**
   * Where the API key came from: given (flag, env, saved target), the default seed's public key
   * (a sandbox reached without one), or none at all (a deployment reached without one).
   */
  readonly keySource: 'given' | 'default-seed' | 'none';
  /** Said once on connecting: why a target was taken for a deployment (a sandbox probe that timed out). */
  readonly note?: string;
  close(): Promise<void>;
}

export interface UrlTargetSpec {
  readonly name: string;
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly controlToken?: string;
  readonly account?: number;
  readonly kind?: 'auto' | 'sandbox' | 'remote';
  readonly timeoutMs?: number;
  /** The `/_sandbox/openapi.json` probe's own limit (default 3 s). */
  readonly probeTimeoutMs?: number;
  readonly receiverPort?: number;
  readonly webhookSecret?: string;
  readonly fetch?: FetchFn;
}

/** The local webhook receiver the tail runs for a deployment (`--receiver-port`, `--webhook-secret`). */
export type ReceiverOptions = Pick<UrlTargetSpec, 'receiverPort' | 'webhookSecret'>;

export interface SandboxSpec {
  readonly account?: number;
  /** Reuse a simulator (tests, the bench); default a fresh one on the default seed. */
  readonly simulator?: Simulator;
  /** Fixed operator token and key (tests): default the simulator's. */
  readonly apiKey?: string;
}

/** The in-process sandbox: the default seed, the real rate limit (so the header's count is real). */
export function connectSandbox(spec: SandboxSpec = {}): Connection {
  const owned = spec.simulator === undefined;
  const sim = spec.simulator ?? createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
  const accountId = spec.account ?? 1;
  const target = simulatorTarget(sim, accountId, { label: 'sandbox (in process)' });
  return {
    name: BUILTIN_SANDBOX,
    label: 'sandbox (in process)',
    kind: 'in-process',
    baseUrl: target.baseUrl,
    controlUrl: target.controlUrl,
    apiKey: spec.apiKey ?? target.credential('default'),
    controlToken: sim.controlToken,
    keySource: spec.apiKey ? 'given' : 'default-seed',
    accountId,
    target,
    fetch: (request) => sim.fetch(request),
    simulator: sim,
    close: async () => {
      if (owned) sim.close();
    },
  };
}

/** A running sandbox or any deployment, by base URL (ends in /api/v1). */
export async function connectUrl(spec: UrlTargetSpec): Promise<Connection> {
  const baseUrl = spec.baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`the target must be "sandbox" or a URL starting with http:// or https://, got "${spec.baseUrl}"`);
  const fetchFn: FetchFn = spec.fetch ?? ((request) => fetch(request));
  // The engine asks /_sandbox with the shared probe's short limit; a silent one is a deployment.
  const forced = spec.kind === 'sandbox' || spec.kind === 'remote' ? spec.kind : undefined;
  const target = await httpTarget({
    baseUrl,
    credentials: spec.apiKey ? { default: spec.apiKey } : {},
    pace: false,
    timeoutMs: spec.timeoutMs ?? 10_000,
    ...(forced ? { kind: forced } : {}),
    ...(spec.probeTimeoutMs !== undefined ? { probeTimeoutMs: spec.probeTimeoutMs } : {}),
    ...(spec.account !== undefined ? { account: spec.account } : {}),
    ...(spec.controlToken ? { controlToken: spec.controlToken } : {}),
    ...(spec.fetch ? { fetch: spec.fetch } : {}),
  });
  const kind: ConnectionKind = target.kind === 'sandbox' ? 'sandbox' : 'remote';
  const apiKey = target.credential('default');
  return {
    name: spec.name,
    label: baseUrl,
    kind,
    baseUrl,
    controlUrl: target.controlUrl,
    apiKey,
    controlToken: spec.controlToken,
    keySource: spec.apiKey ? 'given' : apiKey ? 'default-seed' : 'none',
    ...(target.note ? { note: target.note } : {}),
    accountId: spec.account ?? 1,
    target,
    fetch: fetchFn,
    ...(spec.receiverPort !== undefined ? { receiverPort: spec.receiverPort } : {}),
    ...(spec.webhookSecret ? { webhookSecret: spec.webhookSecret } : {}),
    close: async () => undefined,
  };
}
