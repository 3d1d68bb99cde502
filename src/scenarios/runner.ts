/**
 * Runs one scenario step by step. The runner is a small state machine a terminal UI can drive:
 * `step()` runs the next step, `runTo(n)` runs up to step n, `run()` runs to the end or to the
 * next breakpoint, `restart()` starts over on a fresh target. Each step yields a structured
 * StepResult (request, expected, actual, mismatches, captures); reporters only format them.
 */
import { compareBody, compareValue, RuleSet, type Mismatch } from './match.js';
import { getAt, MISSING, parsePath } from './paths.js';
import type { ScenarioFile, ScenarioStep } from './schema.js';
import { journalSource, receiverSource, type EventSource, type ScenarioEvent } from './events.js';
import { TargetError, type OutgoingRequest, type ScenarioTarget } from './target.js';
import { interpolate, interpolateText, UnboundVariable } from './template.js';
import type { ActualResponse, ExpectedResponse, ScenarioResult, SentRequest, StepKind, StepResult } from './types.js';

export interface RunnerOptions {
  /** Extra variables (`--var name=value`); captures of the run override them. */
  readonly vars?: Readonly<Record<string, unknown>>;
  /** 1-based first step to send; earlier ones are skipped (their captures come from `vars`). */
  readonly from?: number;
  /** 1-based last step to send. */
  readonly to?: number;
  /** Stop at the first failed step. */
  readonly bail?: boolean;
  /** Print what would be sent; send nothing. */
  readonly dryRun?: boolean;
  /** Where `await` reads events. Default: the journal on a sandbox, webhooks elsewhere. */
  readonly events?: 'journal' | 'webhooks';
  /** The local receiver's port for `events: webhooks` (default 0: any free port). */
  readonly receiverPort?: number;
  readonly receiverSecrets?: readonly string[];
  /** Default 5000 ms for an `await` without a timeout. */
  readonly awaitTimeoutMs?: number;
  readonly onStep?: (result: StepResult) => void;
}

const DEFAULT_AWAIT_MS = 5_000;
const POLL_MS = 50;
const MAX_TEXT = 2_000;
const KEY_HEADERS = ['x-service-api-key', 'authorization', 'x-api-key'];

export function durationMs(value: number | string): number {
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(value.trim());
  if (!match) throw new Error(`not a duration: ${value}`);
  const factor = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Math.round(Number(match[1]) * factor);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function kindOf(step: ScenarioStep): StepKind {
  if (step.request) return 'request';
  if (step.sandbox) return 'sandbox';
  if (step.await) return 'await';
  return 'wait';
}

function runId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 10);
}

function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

class StepFailure extends Error {}

export class ScenarioRunner {
  readonly breakpoints = new Set<number>();
  private target: ScenarioTarget | undefined;
  private events: EventSource | undefined;
  private readonly consumed = new Set<string>();
  private results: StepResult[] = [];
  private variables = new Map<string, unknown>();
  private startedAt = 0;
  private error: string | undefined;
  private stopped = false;

  constructor(
    readonly file: string,
    readonly scenario: ScenarioFile,
    private readonly createTarget: () => Promise<ScenarioTarget>,
    private readonly options: RunnerOptions = {},
  ) {
    this.resetVariables();
  }

  get steps(): readonly ScenarioStep[] {
    return this.scenario.steps;
  }
  /** How many steps have run (the next step's 0-based index). */
  get position(): number {
    return this.results.length;
  }
  get done(): boolean {
    return this.stopped || this.results.length >= this.scenario.steps.length;
  }
  get vars(): ReadonlyMap<string, unknown> {
    return this.variables;
  }
  get stepResults(): readonly StepResult[] {
    return this.results;
  }
  get currentTarget(): ScenarioTarget | undefined {
    return this.target;
  }

  private resetVariables(): void {
    this.variables = new Map<string, unknown>([['$run', runId()]]);
    for (const [name, value] of Object.entries(this.scenario.vars ?? {})) this.variables.set(name, value);
    for (const [name, value] of Object.entries(this.options.vars ?? {})) this.variables.set(name, value);
  }

  /** Connects to the target (lazily, on the first step). */
  private async prepare(): Promise<void> {
    if (this.target || this.error) return;
    this.startedAt = performance.now();
    if (this.options.dryRun) return;
    try {
      this.target = await this.createTarget();
      if (this.target.kind === 'remote' && this.scenario.requires === 'sandbox') {
        throw new TargetError(`this scenario needs a sandbox (requires: sandbox), and ${this.target.label} has no /_sandbox control plane`);
      }
      if (this.scenario.steps.some((step) => step.await)) {
        const wanted = this.options.events ?? (this.target.kind === 'remote' ? 'webhooks' : 'journal');
        this.events =
          wanted === 'journal'
            ? journalSource(this.target, () => this.credentialFor('read').value ?? this.credentialFor('default').value)
            : await receiverSource({ port: this.options.receiverPort, secrets: this.options.receiverSecrets });
        if (this.events.url) this.variables.set('$receiver_url', this.events.url);
        await this.events.start();
      }
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      this.stopped = true;
    }
  }

  /** Runs the next step; undefined when every step has run (or the run stopped). */
  async step(): Promise<StepResult | undefined> {
    await this.prepare();
    if (this.done) return undefined;
    const index = this.results.length;
    const step = this.scenario.steps[index]!;
    const result = await this.execute(step, index);
    this.results.push(result);
    this.options.onStep?.(result);
    if (result.status === 'failed' && this.options.bail) this.stopped = true;
    return result;
  }

  /** Runs steps until step `number` (1-based) has run, stopping early at a breakpoint. */
  async runTo(number: number): Promise<void> {
    while (!this.done && this.results.length < number) {
      await this.step();
      if (this.breakpoints.has(this.results.length + 1) && this.results.length < number) break;
    }
  }

  /** Runs to the end, or until the next step is a breakpoint (1-based numbers). */
  async run(): Promise<ScenarioResult> {
    do {
      await this.step();
    } while (!this.done && !this.breakpoints.has(this.results.length + 1));
    return this.result();
  }

  /** Starts over: a fresh target (a new in-process sandbox), no results, variables reset. */
  async restart(): Promise<void> {
    await this.close();
    this.results = [];
    this.consumed.clear();
    this.error = undefined;
    this.stopped = false;
    this.resetVariables();
  }

  async close(): Promise<void> {
    const target = this.target;
    const events = this.events;
    this.target = undefined;
    this.events = undefined;
    await events?.close();
    await target?.close();
  }

  result(): ScenarioResult {
    const count = (status: StepResult['status']): number => this.results.filter((result) => result.status === status).length;
    const failed = count('failed') + (this.error ? 1 : 0);
    return {
      file: this.file,
      name: this.scenario.scenario,
      target: this.target?.label ?? (this.options.dryRun ? 'dry run' : 'not connected'),
      targetKind: this.target?.kind ?? 'remote',
      ...(this.target?.note !== undefined ? { targetNote: this.target.note } : {}),
      steps: [...this.results],
      passed: count('passed'),
      failed,
      skipped: count('skipped'),
      ...(this.error ? { error: this.error } : {}),
      durationMs: this.startedAt === 0 ? 0 : performance.now() - this.startedAt,
    };
  }

  private credentialFor(name: string): { value: string | undefined; note?: string } {
    if (name === 'none') return { value: undefined };
    if (name.startsWith('{{')) {
      const value = interpolateText(name, this.variables);
      return { value };
    }
    const value = this.target?.credential(name);
    if (value !== undefined) return { value };
    const fallback = this.target?.credential('default');
    if (fallback !== undefined && name !== 'default') return { value: fallback, note: `no credential named ${name}; used the default key` };
    return { value: undefined };
  }

  private async execute(step: ScenarioStep, index: number): Promise<StepResult> {
    const number = index + 1;
    const kind = kindOf(step);
    const base = { number, name: step.name, kind, mismatches: [] as Mismatch[], captures: {} };
    const skip = (note: string, request?: SentRequest): StepResult => ({ ...base, status: 'skipped', note, durationMs: 0, ...(request ? { request } : {}) });
    if (this.options.from !== undefined && number < this.options.from) return skip(`before --from ${this.options.from}`);
    if (this.options.to !== undefined && number > this.options.to) return skip(`after --to ${this.options.to}`);
    if (this.options.dryRun) return skip('dry run: nothing sent', kind === 'request' || kind === 'sandbox' ? this.preview(step) : undefined);
    const target = this.target!;
    if (kind === 'sandbox' && target.kind === 'remote') {
      return skip(`sandbox step skipped: ${target.label} is not a sandbox (sandbox steps only run on one)`);
    }
    const started = performance.now();
    try {
      const outcome =
        kind === 'request' || kind === 'sandbox'
          ? await this.exchange(step, kind)
          : kind === 'await'
            ? await this.awaitEvent(step)
            : await this.waitStep(step);
      const failed = outcome.mismatches.length > 0 || outcome.failure !== undefined;
      return {
        ...base,
        status: failed ? 'failed' : 'passed',
        ...(outcome.failure ?? outcome.note ? { note: outcome.failure ?? outcome.note } : {}),
        ...(outcome.request ? { request: outcome.request } : {}),
        ...(outcome.expected ? { expected: outcome.expected } : {}),
        ...(outcome.actual ? { actual: outcome.actual } : {}),
        mismatches: outcome.mismatches,
        captures: outcome.captures,
        durationMs: performance.now() - started,
      };
    } catch (error) {
      const message = error instanceof UnboundVariable || error instanceof StepFailure || error instanceof TargetError ? error.message : `${error instanceof Error ? error.message : String(error)}`;
      if (error instanceof TargetError) {
        // A target that is down fails every later step the same way: stop here, once.
        this.stopped = true;
      }
      return { ...base, status: 'failed', note: message, durationMs: performance.now() - started };
    }
  }

  private buildRequest(step: ScenarioStep, kind: 'request' | 'sandbox'): { outgoing: OutgoingRequest; shown: SentRequest; paceKey?: string; note?: string } {
    const spec = (kind === 'request' ? step.request : step.sandbox)!;
    const vars = this.variables;
    const root = kind === 'request' ? this.target!.baseUrl : this.target!.controlUrl;
    const path = interpolateText(spec.path, vars);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {})) search.set(name, typeof value === 'string' ? interpolateText(value, vars) : String(value));
    const query = search.toString();
    const url = `${root}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const shownHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...this.scenario.defaults?.headers, ...spec.headers })) {
      headers[name] = interpolateText(value, vars);
      shownHeaders[name] = KEY_HEADERS.includes(name.toLowerCase()) ? '<redacted>' : headers[name]!;
    }
    const operator = kind === 'sandbox' && spec.key === undefined ? this.target!.operator : undefined;
    if (operator) {
      // The sandbox operator reaches every power: the whole sandbox's and, naming the account, the account's.
      headers['X-Sandbox-Token'] = operator.token;
      headers['X-Sandbox-Account'] = String(operator.accountId);
      shownHeaders['X-Sandbox-Token'] = '<operator>';
      shownHeaders['X-Sandbox-Account'] = String(operator.accountId);
    }
    const keyName = operator ? 'none' : (spec.key ?? this.scenario.defaults?.key ?? (kind === 'sandbox' ? 'admin' : 'default'));
    const { value: key, note } = operator ? { value: undefined, note: undefined } : this.credentialFor(keyName);
    if (keyName !== 'none' && key === undefined) {
      // Both spellings: the same runner serves the CLI and runScenario callers (audit 10d, F9).
      throw new StepFailure(
        `no credential named ${keyName} for ${this.target!.label}: pass --key ${keyName}=<key> (or --api-key for the default); from code, runScenario(..., { credentials: { ${keyName}: '<key>' } }) (or apiKey)`,
      );
    }
    if (key !== undefined) {
      headers['X-Service-Api-Key'] = key;
      shownHeaders['X-Service-Api-Key'] = `<key:${keyName}>`;
    }
    let body: string | undefined;
    let shownBody: unknown;
    if (spec.body !== undefined) {
      shownBody = interpolate(spec.body, vars);
      body = JSON.stringify(shownBody);
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    }
    const outgoing: OutgoingRequest = { method: spec.method, url, headers, ...(body !== undefined ? { body } : {}) };
    const shown: SentRequest = { method: spec.method, url, headers: shownHeaders, ...(shownBody !== undefined ? { body: shownBody } : {}) };
    return { outgoing, shown, ...(kind === 'request' && key !== undefined ? { paceKey: key } : {}), ...(note ? { note } : {}) };
  }

  /** The request as a dry run shows it: variables not yet bound stay as {{name}}. */
  private preview(step: ScenarioStep): SentRequest {
    const spec = (step.request ?? step.sandbox)!;
    const lenient = new Proxy(this.variables, {
      get: (map, prop) => (prop === 'has' ? () => true : prop === 'get' ? (name: string) => (map.has(name) ? map.get(name) : `{{${name}}}`) : Reflect.get(map, prop, map)),
    });
    const keyName = spec.key ?? this.scenario.defaults?.key ?? (step.sandbox ? 'admin' : 'default');
    return {
      method: spec.method,
      url: `${step.sandbox ? '/_sandbox' : ''}${interpolateText(spec.path, lenient)}`,
      headers: { ...(keyName === 'none' ? {} : { 'X-Service-Api-Key': `<key:${keyName}>` }), ...interpolate(spec.headers ?? {}, lenient) },
      ...(spec.body !== undefined ? { body: interpolate(spec.body, lenient) } : {}),
    };
  }

  private async exchange(step: ScenarioStep, kind: 'request' | 'sandbox'): Promise<Outcome> {
    const built = this.buildRequest(step, kind);
    const response = await this.target!.send(built.outgoing, built.paceKey);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new TargetError(`${new URL(built.outgoing.url).origin} stopped sending the response body (${error instanceof Error ? error.name : String(error)})`);
    }
    let body: unknown;
    let json = false;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
        json = true;
      } catch {
        body = undefined;
      }
    }
    const headers = headersOf(response);
    const actual: ActualResponse = { status: response.status, headers, ...(json ? { body } : text ? { text: text.slice(0, MAX_TEXT) } : {}) };
    const expect = step.expect ? interpolate(step.expect, this.variables) : undefined;
    const mismatches: Mismatch[] = [];
    if (expect?.status === undefined) {
      if (response.status >= 400) mismatches.push({ path: 'status', rule: 'any-of', expected: '2xx', actual: response.status, message: `expected a success (no expect.status given), got ${response.status}` });
    } else {
      const allowed = Array.isArray(expect.status) ? expect.status : [expect.status];
      if (!allowed.includes(response.status)) {
        mismatches.push({ path: 'status', rule: allowed.length > 1 ? 'any-of' : 'equals', expected: expect.status, actual: response.status, message: `expected ${allowed.join(' or ')}, got ${response.status}` });
      }
    }
    for (const [name, want] of Object.entries(expect?.headers ?? {})) {
      mismatches.push(...compareValue(`headers.${name.toLowerCase()}`, want, response.headers.get(name) ?? undefined));
    }
    const rules = new RuleSet(this.scenario.defaults?.match, expect?.match);
    const strict = expect?.strict ?? this.scenario.defaults?.strict ?? false;
    if (expect?.body !== undefined || expect?.match !== undefined) {
      if (!json) {
        const type = response.headers.get('content-type') ?? 'no content type';
        mismatches.push({ path: '$', rule: 'equals', expected: 'a JSON body', actual: text.slice(0, 120), message: `expected a JSON body, got ${type}: ${JSON.stringify(text.slice(0, 80))}` });
      } else mismatches.push(...compareBody(expect.body, body, rules, strict));
    }
    const { captures, failure } = this.capture(step, body, headers);
    return {
      request: built.shown,
      expected: toExpected(expect),
      actual,
      mismatches,
      captures,
      ...(failure ? { failure } : {}),
      ...(built.note ? { note: built.note } : {}),
    };
  }

  private capture(step: ScenarioStep, body: unknown, headers: Record<string, string>): { captures: Record<string, unknown>; failure?: string } {
    const captures: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const [name, spec] of Object.entries(step.capture ?? {})) {
      const text = typeof spec === 'string' ? spec : spec.path;
      let value: unknown;
      if (text.startsWith('header:')) {
        const header = headers[text.slice('header:'.length).trim().toLowerCase()];
        value = header === undefined ? MISSING : header;
      } else value = getAt(body, parsePath(text));
      if (value === MISSING || value === undefined) {
        if (!(typeof spec === 'object' && spec.optional)) missing.push(`${name} (${text})`);
        continue;
      }
      captures[name] = value;
      this.variables.set(name, value);
    }
    return missing.length > 0 ? { captures, failure: `capture found nothing: ${missing.join(', ')}` } : { captures };
  }

  private async awaitEvent(step: ScenarioStep): Promise<Outcome> {
    const spec = step.await!;
    const events = this.events!;
    const timeout = spec.timeout === undefined ? (this.options.awaitTimeoutMs ?? DEFAULT_AWAIT_MS) : durationMs(spec.timeout);
    const expect = step.expect ? interpolate(step.expect, this.variables) : undefined;
    const rules = new RuleSet(expect?.match);
    const deadline = performance.now() + timeout;
    let closest: { event: ScenarioEvent; mismatches: Mismatch[] } | undefined;
    const request: SentRequest = { method: 'AWAIT', url: `${events.name === 'journal' ? 'sandbox event journal' : `webhooks to ${events.url}`}: ${spec.event}`, headers: {} };
    for (;;) {
      for (const event of await events.poll(spec.event)) {
        if (this.consumed.has(event.id)) continue;
        const mismatches = expect?.body !== undefined || expect?.match ? compareBody(expect.body, event, rules, false) : [];
        if (mismatches.length === 0) {
          this.consumed.add(event.id);
          const { captures, failure } = this.capture(step, event, {});
          return { request, expected: toExpected(expect), actual: { status: 200, headers: {}, body: event }, mismatches: [], captures, ...(failure ? { failure } : {}) };
        }
        if (!closest || mismatches.length <= closest.mismatches.length) closest = { event, mismatches };
      }
      if (performance.now() >= deadline) break;
      await sleep(Math.min(POLL_MS, Math.max(1, deadline - performance.now())));
    }
    const seconds = timeout / 1000;
    if (closest) {
      return {
        request,
        expected: toExpected(expect),
        actual: { status: 200, headers: {}, body: closest.event },
        mismatches: closest.mismatches,
        captures: {},
        failure: `no ${spec.event} event matched within ${seconds} s; the closest one (${closest.event.id}) differs:`,
      };
    }
    return { request, expected: toExpected(expect), mismatches: [], captures: {}, failure: `no ${spec.event} event within ${seconds} s (${events.name === 'journal' ? 'sandbox event journal' : `webhook receiver ${events.url}`})` };
  }

  private async waitStep(step: ScenarioStep): Promise<Outcome> {
    const ms = durationMs(step.wait!);
    await sleep(ms);
    return { mismatches: [], captures: {}, note: `waited ${ms} ms` };
  }
}

interface Outcome {
  readonly request?: SentRequest;
  readonly expected?: ExpectedResponse;
  readonly actual?: ActualResponse;
  readonly mismatches: Mismatch[];
  readonly captures: Record<string, unknown>;
  readonly failure?: string;
  readonly note?: string;
}

function toExpected(expect: ScenarioStep['expect']): ExpectedResponse | undefined {
  if (!expect) return undefined;
  return {
    ...(expect.status !== undefined ? { status: expect.status } : {}),
    ...(expect.headers ? { headers: expect.headers } : {}),
    ...(expect.body !== undefined ? { body: expect.body } : {}),
    ...(expect.match ? { rules: expect.match } : {}),
  };
}
