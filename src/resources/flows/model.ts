/**
 * Flows (2.10, 3.3, 4.7, 9): definitions checked by the validator, a draft beside the published
 * version, every published version kept immutable, the plan's caps, and the 3.3 lifecycle
 * (./lifecycle.ts). Tags, custom fields and the plan come from their groups' models; services,
 * comment triggers, session cancelling and clean-up on delete go through the hooks this group
 * offers (./hooks.ts).
 *
 * `rules` holds the three functions the group's mutants swap (./mutants.ts): the validator, the
 * active-flow cap, and how a draft is saved. Everything here calls them through `rules`.
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { pageNewestFirst, type PageRequest } from '../../core/pagination.js';
import type { CoreServices } from '../../groups/services.js';
import { catalogueWith } from './catalogue.js';
import { createChecks, type FlowsNeeds } from './checks.js';
import { DEFAULT_FLOW_CHANNELS, type FlowChannel, type TriggerType } from './config-schemas.js';
import { readValidateRequest } from './validate-request.js';
import type { FlowHooks } from './hooks.js';
import { SOURCE_KINDS } from './kinds.js';
import { createLifecycle } from './lifecycle.js';
import {
  behaviorOf,
  flowRules,
  flowVersionRules,
  presentFlow,
  presentSummary,
  sealDefinition,
  versionKey,
  type CurrentDefinition,
  type FlowRecord,
  type FlowVersionRecord,
} from './records.js';
import { invalidDefinition, type FlowRules } from './rules.js';
import type { FlowCatalogueData, FlowData, FlowSummaryData } from './schemas.js';
import type { FlowDefinition, FlowStatus } from './definition.js';
import { validateDefinition } from './validate.js';
import { patchChanges } from '../../util/same-json.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

export type { FlowsNeeds } from './checks.js';

export interface CreateFlowInput {
  readonly name: string;
  readonly definition: unknown;
  readonly channels?: readonly FlowChannel[] | undefined;
  readonly tag_id?: number | null | undefined;
}

export interface UpdateFlowInput {
  readonly name?: string | undefined;
  readonly definition?: unknown;
  readonly channels?: readonly FlowChannel[] | undefined;
  readonly tag_id?: number | null | undefined;
}

export interface SeedFlowInput {
  readonly name: string;
  readonly status: FlowStatus;
  readonly channels?: readonly FlowChannel[] | undefined;
  readonly tag?: string | undefined;
  readonly priority?: number | undefined;
  readonly versions?: readonly unknown[] | undefined;
  readonly draft?: unknown;
  readonly stats?: { readonly entries: number; readonly completions: number } | undefined;
  /** A pulled seed keeps the source's creation time (else the load time). */
  readonly created_at?: string | undefined;
}

export const UPDATABLE_FLOW_FIELDS = ['name', 'channels', 'tag_id', 'definition'] as const;

const dedupe = (channels: readonly FlowChannel[]): FlowChannel[] => [...new Set(channels)];


export function createFlowsModel(core: CoreServices, needs: FlowsNeeds, hooks: FlowHooks) {
  const { store, clock } = core;
  const flows = store.define<FlowRecord>('flows', {}, flowRules);
  const versions = store.define<FlowVersionRecord>(
    'flow_versions',
    {
      key: { unique: true, key: (version) => versionKey(version.flow_id, version.version) },
      flow: { key: (version) => String(version.flow_id) },
    },
    flowVersionRules,
  );

  function publishedRecord(flow: FlowRecord): FlowVersionRecord | undefined {
    return flow.published_version === null ? undefined : versions.findUnique('key', versionKey(flow.id, flow.published_version));
  }

  function current(flow: FlowRecord): CurrentDefinition {
    if (flow.draft) return flow.draft;
    const published = publishedRecord(flow);
    if (!published) throw new Error(`flow ${flow.id} has neither a draft nor a published version`);
    return published;
  }

  const reader = {
    flowsOf: (accountId: number) => flows.ofAccount(accountId),
    find: (accountId: number, id: number) => flows.getOwned(accountId, id),
    current,
    published: (flow: FlowRecord) => publishedRecord(flow)?.definition,
  };
  const checks = createChecks(needs, hooks, reader);

  const rules: FlowRules = {
    validate: validateDefinition,
    capAllows: (accountId) => checks.activeCount(accountId) < checks.limits(accountId).live,
    saveDraft: (flow, definition, now) => {
      const draft = { version: (flow.published_version ?? 0) + 1, definition: sealDefinition(definition), behavior: behaviorOf(definition), saved_at: now };
      return flows.update(flow.id, { draft, updated_at: now });
    },
  };

  function get(accountId: number, id: number): FlowRecord {
    const flow = flows.getOwned(accountId, id);
    if (!flow) throw notFound('Flow');
    return flow;
  }

  function checkTag(accountId: number, tagId: number | null | undefined): void {
    if (tagId === undefined || tagId === null) return;
    if (!needs.tags.find(accountId, tagId)) throw invalidParam('tag_id', `No tag with id ${tagId}; pick one from live.tags (GET /flows/nodes).`);
  }

  function requireRoom(accountId: number): void {
    const limit = checks.limits(accountId).flows;
    if (flows.countOfAccount(accountId) >= limit) {
      throw new ApiError('plan_limit_reached', `The plan allows ${limit} flows (live.flow_limit); delete one first.`);
    }
  }

  /** A definition checked for saving as a draft: errors are 422, collisions only warn. */
  function checkForDraft(accountId: number, definition: unknown, channels: readonly FlowChannel[], flowId?: number) {
    const result = checks.check(rules.validate, accountId, definition, { channels, collisions: 'warning', ...(flowId !== undefined ? { flowId } : {}) });
    if (result.errors.length > 0 || !result.definition) throw invalidDefinition(result.errors);
    return { definition: result.definition, warnings: result.warnings.map((warning) => warning.message) };
  }

  const lifecycle = createLifecycle({ core, flows, versions, hooks, checks, rules, get, current, requireRoom });

  return {
    rules,
    ...lifecycle,

    get,
    current,

    /** The account's flows, oldest first (the overview analytics list them, 2.14). */
    flowsOf: (accountId: number): FlowRecord[] => [...flows.ofAccount(accountId)],

    present(flow: FlowRecord, warnings?: readonly string[]): FlowData {
      return presentFlow(flow, current(flow), publishedRecord(flow), warnings);
    },

    presentSummary(flow: FlowRecord): FlowSummaryData {
      return presentSummary(flow, current(flow));
    },

    catalogue(accountId: number): FlowCatalogueData {
      return catalogueWith(checks.live(accountId, checks.activeCount(accountId)));
    },

    /** POST /flows/validate: always an answer, never an error. */
    /** POST /flows/validate: always an answer (4.7); the request's own faults are errors of it too. */
    validate(accountId: number, body: Readonly<Record<string, unknown>>) {
      const request = readValidateRequest(body);
      const errors = [...request.errors];
      const warnings = [...request.warnings];
      const owned = request.flowId !== undefined && flows.getOwned(accountId, request.flowId) !== undefined;
      if (request.flowId !== undefined && !owned) {
        warnings.push({ code: 'invalid_flow_id', message: `flow_id ${request.flowId} is not a flow of this account; the definition was checked as a new flow.`, path: 'flow_id', node_id: null, port: null, key: null });
      }
      const flowId = owned ? request.flowId : undefined;
      const channels = dedupe(request.channels ?? (flowId !== undefined ? flows.get(flowId)!.channels : DEFAULT_FLOW_CHANNELS));
      const result = checks.check(rules.validate, accountId, request.definition, { channels, collisions: 'warning', ...(flowId !== undefined ? { flowId } : {}) });
      errors.push(...result.errors);
      return { valid: errors.length === 0, errors, warnings: [...warnings, ...result.warnings] };
    },

    list(accountId: number, filters: { status?: FlowStatus | undefined; trigger_type?: TriggerType | undefined }, page: PageRequest) {
      const matches = (flow: FlowRecord): boolean =>
        (filters.status === undefined || flow.status === filters.status) &&
        (filters.trigger_type === undefined || SOURCE_KINDS[current(flow).definition.trigger.source].trigger_type === filters.trigger_type);
      return pageNewestFirst(flows.idsOfAccount(accountId), (id) => flows.get(id), page, matches, (flow) => presentSummary(flow, current(flow)));
    },

    /** POST /flows: a draft, version 1. */
    create(accountId: number, input: CreateFlowInput): { flow: FlowRecord; warnings: string[] } {
      checkTag(accountId, input.tag_id);
      requireRoom(accountId);
      const channels = dedupe(input.channels ?? DEFAULT_FLOW_CHANNELS);
      const checked = checkForDraft(accountId, input.definition, channels);
      const now = clock.iso();
      const flow = flows.insert({
        id: store.nextId('flow'),
        account_id: accountId,
        name: input.name,
        status: 'draft',
        channels,
        priority: 0,
        tag_id: input.tag_id ?? null,
        published_version: null,
        draft: null,
        entries: 0,
        completions: 0,
        created_at: now,
        updated_at: now,
      });
      return { flow: rules.saveDraft(flow, checked.definition, now), warnings: checked.warnings };
    },

    /**
     * PATCH: name, channels and tag apply at once; a definition replaces the whole graph as the
     * draft while the published version keeps running. Changing channels re-checks the graph
     * against them, and a live flow's published graph too (its source, its keywords).
     */
    update(accountId: number, id: number, patch: UpdateFlowInput): { flow: FlowRecord; warnings: string[] } {
      let flow = get(accountId, id);
      refuseEmptyPatch(patch, UPDATABLE_FLOW_FIELDS);
      checkTag(accountId, patch.tag_id);
      const channels = patch.channels === undefined ? flow.channels : dedupe(patch.channels);
      const channelsChanged = channels.length !== flow.channels.length || channels.some((channel, i) => channel !== flow.channels[i]);
      let warnings: string[] = [];
      let definition: FlowDefinition | undefined;
      if (patch.definition !== undefined || channelsChanged) {
        // `definition: null` is a definition sent, and not a graph: 422 as on POST (audit 12h H1).
        const checked = checkForDraft(accountId, patch.definition !== undefined ? patch.definition : current(flow).definition, channels, flow.id);
        warnings = checked.warnings;
        if (patch.definition !== undefined) definition = checked.definition;
      }
      const running = publishedRecord(flow);
      if (channelsChanged && running) {
        const live = checks.check(rules.validate, accountId, running.definition, { channels, flowId: flow.id, collisions: flow.status === 'active' ? 'error' : 'warning' });
        if (live.errors.length > 0) throw invalidDefinition(live.errors);
      }
      // Only a definition (always saved as the draft, 3.3) or a real change of a field writes.
      if (!definition && !channelsChanged && !patchChanges(flow, { name: patch.name, tag_id: patch.tag_id })) return { flow, warnings };
      const now = clock.iso();
      flow = flows.update(flow.id, {
        updated_at: now,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.tag_id !== undefined ? { tag_id: patch.tag_id } : {}),
        ...(channelsChanged ? { channels } : {}),
      });
      if (definition) flow = rules.saveDraft(flow, definition, now);
      return { flow, warnings };
    },

    /**
     * What comment automation reads (issue 19): flows whose definition (draft or published) links
     * a comment trigger, with whether the shown definition is valid now, and the active flows that
     * match comments with their own keywords (native mode, published definition).
     */
    commentSources(accountId: number) {
      const linked: { id: number; name: string; status: FlowStatus; comment_trigger_id: number; valid: boolean; channels: FlowChannel[] }[] = [];
      const native: { id: number; name: string; keywords: string[]; match_type: 'contains' | 'exact' | 'fuzzy'; post_id: string | null; channels: FlowChannel[] }[] = [];
      for (const flow of flows.ofAccount(accountId)) {
        const shown = current(flow).definition;
        const published = publishedRecord(flow);
        const running = published?.definition;
        // Where the flow can start now: the flow runtime starts a flow only on a channel both the
        // flow and its published version name (audit 6, K2), so comment automation offers it there only.
        const channels = published ? flow.channels.filter((channel) => published.channels.includes(channel)) : [];
        const ids = new Set<number>();
        for (const definition of [shown, running]) {
          const trigger = definition?.trigger;
          if (trigger?.source === 'comment' && trigger['mode'] === 'linked' && typeof trigger['comment_trigger_id'] === 'number') ids.add(trigger['comment_trigger_id']);
        }
        if (ids.size > 0) {
          const valid = checks.check(rules.validate, accountId, shown, { channels: flow.channels, flowId: flow.id, collisions: 'warning' }).errors.length === 0;
          for (const triggerId of ids) linked.push({ id: flow.id, name: flow.name, status: flow.status, comment_trigger_id: triggerId, valid, channels });
        }
        const trigger = running?.trigger;
        if (flow.status === 'active' && trigger?.source === 'comment' && trigger['mode'] === 'native' && Array.isArray(trigger['comment_keywords'])) {
          const matchType = trigger['match_type'];
          native.push({
            id: flow.id,
            name: flow.name,
            keywords: trigger['comment_keywords'].filter((word): word is string => typeof word === 'string'),
            match_type: matchType === 'exact' || matchType === 'fuzzy' ? matchType : 'contains',
            post_id: typeof trigger['post_id'] === 'string' ? trigger['post_id'] : null,
            channels,
          });
        }
      }
      return { linked, native };
    },

    /** A tag went away: flows that applied it apply nothing. */
    detachTag(accountId: number, tagId: number): void {
      for (const flow of [...flows.ofAccount(accountId)]) if (flow.tag_id === tagId) flows.update(flow.id, { tag_id: null, updated_at: clock.iso() });
    },

    /**
     * Seeds one flow as stored state: its published versions (oldest first), an optional draft,
     * its status and counters. Every definition must be valid, and the plan's caps and keyword
     * collisions hold as for the API; no event fires. A problem names its seed path (`versions[1].nodes[3]`).
     */
    load(accountId: number, seed: SeedFlowInput): FlowRecord {
      const published = seed.versions ?? [];
      if (seed.status === 'draft' ? published.length > 0 || seed.draft === undefined : published.length === 0) {
        throw invalidParam('status', seed.status === 'draft' ? 'a draft flow has a draft and no versions' : `an ${seed.status} flow has at least one published version`);
      }
      const tag = seed.tag === undefined ? undefined : needs.tags.findByName(accountId, seed.tag);
      if (seed.tag !== undefined && !tag) throw invalidParam('tag', `no tag named ${seed.tag}`);
      requireRoom(accountId);
      if (seed.status === 'active' && !rules.capAllows(accountId)) throw invalidParam('status', `the plan allows ${checks.limits(accountId).live} active flows`);
      const channels = dedupe(seed.channels ?? DEFAULT_FLOW_CHANNELS);
      const definitions = [...published, ...(seed.draft === undefined ? [] : [seed.draft])].map((input, i) => {
        const at = i < published.length ? `versions[${i}]` : 'draft';
        const live = seed.status === 'active' && i === published.length - 1;
        const result = checks.check(rules.validate, accountId, input, { channels, collisions: live ? 'error' : 'warning' });
        const error = result.errors[0];
        if (error || !result.definition) throw invalidParam(`${at}${error?.path.replace(/^definition/, '') ?? ''}`, error?.message ?? 'invalid definition');
        return sealDefinition(result.definition);
      });
      const now = clock.iso();
      const created = seed.created_at ?? now;
      const flow = flows.insert({
        id: store.nextId('flow'),
        account_id: accountId,
        name: seed.name,
        status: seed.status,
        channels,
        priority: seed.priority ?? 0,
        tag_id: tag?.id ?? null,
        published_version: published.length === 0 ? null : published.length,
        draft: null,
        entries: seed.stats?.entries ?? 0,
        completions: seed.stats?.completions ?? 0,
        created_at: created,
        updated_at: now,
      });
      definitions.slice(0, published.length).forEach((definition, i) =>
        versions.insert({
          id: store.nextId('flow_version'),
          account_id: accountId,
          flow_id: flow.id,
          version: i + 1,
          definition,
          behavior: behaviorOf(definition),
          channels,
          // A seed states no publish times: its versions were published when the flow was
          // created, so a seeded session of any of them finds it published (audit 9c, Q2).
          published_at: created,
        }),
      );
      return seed.draft === undefined ? flow : rules.saveDraft(flow, definitions[definitions.length - 1]!, now);
    },

    /** Counts people entering and completing (the flow runtime, and the sandbox power for tests). */
    recordStats(accountId: number, id: number, delta: { entries: number; completions: number }): FlowRecord {
      const flow = get(accountId, id);
      const entries = flow.entries + delta.entries;
      const completions = flow.completions + delta.completions;
      if (completions > entries) throw invalidParam('completions', `completions (${completions}) cannot exceed entries (${entries}).`);
      return flows.update(flow.id, { entries, completions });
    },

    /**
     * The flow runtime's view: the account's active flows with the published version they run,
     * and one published version by number (undefined when the flow or version does not exist).
     */
    running(accountId: number): { readonly flow: FlowRecord; readonly version: FlowVersionRecord }[] {
      const live: { flow: FlowRecord; version: FlowVersionRecord }[] = [];
      for (const flow of flows.ofAccount(accountId)) {
        const version = flow.status === 'active' ? publishedRecord(flow) : undefined;
        if (version) live.push({ flow, version });
      }
      return live;
    },

    exists: (accountId: number, id: number): boolean => flows.getOwned(accountId, id) !== undefined,

    publishedVersion(accountId: number, id: number, version: number): FlowVersionRecord | undefined {
      const flow = flows.getOwned(accountId, id);
      return flow ? versions.findUnique('key', versionKey(flow.id, version)) : undefined;
    },

    /** Every published version of a flow, oldest first: immutable, kept for sessions and analytics (9). */
    versions(accountId: number, id: number): FlowVersionRecord[] {
      const flow = get(accountId, id);
      return versions
        .idsByIndex('flow', String(flow.id))
        .map((versionId) => versions.get(versionId)!)
        .sort((a, b) => a.version - b.version);
    },
  };
}

export type FlowsModel = ReturnType<typeof createFlowsModel>;
