/**
 * The flow lifecycle of 3.3: publish, activate, pause, discard-draft, duplicate, delete. Publishing turns the draft
 * into a new immutable version (section 9) and bumps `published_version`; a flow going live must
 * fit the plan's active-flow cap, be valid now (references may have gone since it was saved) and
 * share no keyword with another active flow. Each change fires its section-6 event.
 */
import { ApiError } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { Collection } from '../../store/collection.js';
import type { FlowChecks } from './checks.js';
import type { FlowHooks } from './hooks.js';
import { invalidDefinition, type FlowRules } from './rules.js';
import { presentSummary, type CurrentDefinition, type FlowRecord, type FlowVersionRecord } from './records.js';
import type { FlowStatus } from './definition.js';
import { FLOW_NAME_MAX } from './schemas.js';
import { cutChars } from '../shared/characters.js';

export interface LifecycleDeps {
  readonly core: CoreServices;
  readonly flows: Collection<FlowRecord>;
  readonly versions: Collection<FlowVersionRecord>;
  readonly hooks: FlowHooks;
  readonly checks: FlowChecks;
  readonly rules: FlowRules;
  readonly get: (accountId: number, id: number) => FlowRecord;
  readonly current: (flow: FlowRecord) => CurrentDefinition;
  /** 403 `plan_limit_reached` when the account holds as many flows as its plan allows. */
  readonly requireRoom: (accountId: number) => void;
}

/** `<name> (copy)`, the name cut so the whole fits 100 characters. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${cutChars(name, FLOW_NAME_MAX - suffix.length)}${suffix}`;
}

export function createLifecycle(deps: LifecycleDeps) {
  const { core, flows, versions, hooks, checks, rules, get, current, requireRoom } = deps;
  const { store, clock, events } = core;

  const summary = (flow: FlowRecord) => presentSummary(flow, current(flow));

  /** Valid now, and (when it is to run) sharing no keyword with another active flow: else 422. */
  function requireValid(flow: FlowRecord, goesLive: boolean): void {
    const result = checks.check(rules.validate, flow.account_id, current(flow).definition, {
      channels: flow.channels,
      flowId: flow.id,
      collisions: goesLive ? 'error' : 'warning',
    });
    if (result.errors.length > 0) throw invalidDefinition(result.errors);
  }

  /** The first group that refuses activation (a comment trigger's rule) answers 409 `flow_blocked`. */
  function requireNotBlocked(flow: FlowRecord): void {
    const refusal = hooks.activationGuard.first(flow.account_id, flow.id, current(flow).definition);
    if (refusal) throw refusal;
  }

  /** The draft becomes version N, kept for good; the flow runs it with `status`. */
  function publishDraft(flow: FlowRecord, status: FlowStatus): FlowRecord {
    const draft = flow.draft!;
    const now = clock.iso();
    versions.insert({
      id: store.nextId('flow_version'),
      account_id: flow.account_id,
      flow_id: flow.id,
      version: draft.version,
      definition: draft.definition,
      behavior: draft.behavior,
      channels: flow.channels,
      published_at: now,
    });
    const published = flows.update(flow.id, { status, published_version: draft.version, draft: null, updated_at: now });
    events.emit(flow.account_id, 'flow.published', { flow: summary(published), version: draft.version, source: 'api' });
    return published;
  }

  return {
    /**
     * 3.3 publish: a draft flow goes active when the cap allows, else it is published but
     * `paused`; an active or paused flow keeps its status. Nothing to publish is a no-op.
     */
    publish(accountId: number, id: number): FlowRecord {
      const flow = get(accountId, id);
      if (!flow.draft) return flow;
      const goesLive = flow.status === 'active' || (flow.status === 'draft' && rules.capAllows(accountId));
      requireValid(flow, goesLive);
      if (goesLive && flow.status !== 'active') requireNotBlocked(flow);
      return publishDraft(flow, flow.status === 'draft' ? (goesLive ? 'active' : 'paused') : flow.status);
    },

    /** 3.3 activate (draft or paused): cap, validity, no collision; publishes a draft first. */
    activate(accountId: number, id: number): FlowRecord {
      const flow = get(accountId, id);
      if (flow.status === 'active') return flow;
      if (!rules.capAllows(accountId)) {
        const limit = checks.limits(accountId).live;
        throw new ApiError('plan_limit_reached', `The plan allows ${limit} active flows (live.active_flows); pause one first.`);
      }
      requireValid(flow, true);
      requireNotBlocked(flow);
      const active = flow.draft ? publishDraft(flow, 'active') : flows.update(flow.id, { status: 'active', updated_at: clock.iso() });
      events.emit(accountId, 'flow.activated', { flow: summary(active), version: active.published_version, source: 'api' });
      return active;
    },

    /** 3.3 pause (active only, else 409 `not_active`): people mid-session are cancelled through the hook. */
    pause(accountId: number, id: number): FlowRecord {
      const flow = get(accountId, id);
      if (flow.status !== 'active') throw new ApiError('not_active', `Only an active flow can be paused; flow ${flow.id} is ${flow.status}.`);
      const cancelled = hooks.flowPaused.run(accountId, flow.id).reduce((sum, count) => sum + count, 0);
      const paused = flows.update(flow.id, { status: 'paused', updated_at: clock.iso() });
      events.emit(accountId, 'flow.paused', { flow: summary(paused), sessions_cancelled: cancelled, source: 'api' });
      return paused;
    },

    /** 3.3 discard-draft: back to the published version; a flow never published keeps its only draft. */
    discardDraft(accountId: number, id: number): FlowRecord {
      const flow = get(accountId, id);
      if (!flow.draft || flow.published_version === null) return flow;
      return flows.update(flow.id, { draft: null, updated_at: clock.iso() });
    },

    /** POST /flows/{id}/duplicate: a new draft with the shown definition, named with a copy suffix. */
    duplicate(accountId: number, id: number): FlowRecord {
      const original = get(accountId, id);
      requireRoom(accountId);
      const now = clock.iso();
      const copy = flows.insert({
        ...original,
        id: store.nextId('flow'),
        name: copyName(original.name),
        status: 'draft',
        published_version: null,
        draft: null,
        entries: 0,
        completions: 0,
        created_at: now,
        updated_at: now,
      });
      return rules.saveDraft(copy, current(original).definition, now);
    },

    /** DELETE: the flow and every version go; the hook drops sessions and pauses a linked comment trigger. */
    remove(accountId: number, id: number): FlowRecord {
      const flow = get(accountId, id);
      hooks.flowDeleted.run(accountId, flow.id);
      for (const versionId of [...versions.idsByIndex('flow', String(flow.id))]) versions.remove(versionId);
      flows.remove(flow.id);
      return flow;
    },
  };
}
