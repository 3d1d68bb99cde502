/**
 * Comment triggers (2.22, 3.7, 4.14): CRUD under the plan's live cap, the link to flows (read
 * through the flows model, answered back through its hooks), simulate, and the real firing path
 * (./firing.ts). Both simulate and a real comment go through ./evaluate.ts.
 */
import { formatTimestamp } from '../../core/clock.js';
import { parseDuration } from '../../core/duration.js';
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { pageNewestFirst, type PageRequest } from '../../core/pagination.js';
import type { CoreServices } from '../../groups/services.js';
import type { FlowsModel } from '../flows/model.js';
import { cutChars } from '../shared/characters.js';
import { seededCreatedAt } from '../shared/seed-created.js';
import { createCommentDms } from './dm.js';
import { createFiring } from './firing.js';
import { sendsDm, type CommentTriggerHooks, type CommentTriggersNeeds, type LinkedFlowRow } from './hooks.js';
import { evaluate, type ArrivingComment, type Evaluation } from './evaluate.js';
import { LIVE_TRIGGER_CAP } from './plans.js';
import { seededFires } from './seed-fires.js';
import { fireRules, triggerRules, type FireRecord, type TriggerRecord } from './record.js';
import type { ButtonData, CommentTriggerData, SeedTriggerInput, CreateTriggerInput, ListTriggersFilters, PatchTriggerInput, SimulateInput, SimulationData } from './schemas.js';
import { LIMITS, UPDATABLE_TRIGGER_FIELDS } from './schemas.js';
import { patchChanges } from '../../util/same-json.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

/** The rules the group's mutants swap (./mutants.ts). */
export interface TriggerRules {
  /** Whether one more trigger may go live. */
  capAllows(accountId: number, liveNow: number): boolean;
  /** Whether the button list fits a DM mode (1 to 3). */
  buttonsFit(buttons: readonly ButtonData[]): boolean;
  /** The exclude keywords that stop a trigger. */
  excludesOf(trigger: TriggerRecord): readonly string[];
}

export function createCommentTriggersModel(core: CoreServices, needs: CommentTriggersNeeds, hooks: CommentTriggerHooks) {
  const { store, clock } = core;
  const triggers = store.define<TriggerRecord>('comment_triggers', {}, triggerRules);
  const fires = store.define<FireRecord>('comment_trigger_fires', { trigger: { key: (fire) => String(fire.trigger_id) } }, fireRules);

  const cap = (accountId: number): number => LIVE_TRIGGER_CAP[needs.account.getAccount(accountId).plan];
  const rules: TriggerRules = {
    capAllows: (accountId, liveNow) => liveNow < cap(accountId),
    buttonsFit: (buttons) => buttons.length >= 1 && buttons.length <= 3,
    excludesOf: (trigger) => trigger.exclude_keywords,
  };

  function liveCount(accountId: number, except?: number): number {
    let count = 0;
    for (const trigger of triggers.ofAccount(accountId)) if (trigger.active && trigger.id !== except) count++;
    return count;
  }

  function get(accountId: number, id: number): TriggerRecord {
    const trigger = triggers.getOwned(accountId, id);
    if (!trigger) throw notFound('Comment trigger');
    return trigger;
  }

  function linkedOf(accountId: number, triggerId: number): LinkedFlowRow[] {
    return needs.flows.commentSources(accountId).linked.filter((row) => row.comment_trigger_id === triggerId);
  }

  function present(trigger: TriggerRecord, linked = linkedOf(trigger.account_id, trigger.id)): CommentTriggerData {
    return {
      id: trigger.id,
      name: trigger.name,
      active: trigger.active,
      platform: trigger.platform,
      source_type: trigger.source_type,
      post_id: trigger.post_id,
      keywords: trigger.keywords,
      match_type: trigger.match_type,
      exclude_keywords: trigger.exclude_keywords,
      response_mode: trigger.response_mode,
      public_replies: trigger.public_replies,
      dm_templates: trigger.dm_templates,
      dm_use_ai: trigger.dm_use_ai,
      dm_ai_goal: trigger.dm_ai_goal,
      buttons: trigger.buttons,
      hide_comment_after_dm: trigger.hide_comment_after_dm,
      tag_id: trigger.tag_id,
      linked_flows: linked.map((row) => ({ id: row.id, name: row.name, status: row.status, entry: sendsDm(trigger) && trigger.buttons.length > 0 ? 'button' : 'immediate' })),
      stats: { fires: trigger.fires, dms_sent: trigger.dms_sent, public_replies: trigger.public_replies_sent, last_fired_at: trigger.last_fired_at },
      created_paused: trigger.created_paused,
      created_at: trigger.created_at,
      updated_at: trigger.updated_at,
    };
  }

  /** The rules across fields: a DM mode needs 1 to 3 buttons; a tag must exist. */
  function checkShape(accountId: number, shape: Pick<TriggerRecord, 'response_mode' | 'buttons' | 'tag_id'>): void {
    if (sendsDm(shape) ? !rules.buttonsFit(shape.buttons) : shape.buttons.length > 3) {
      throw invalidParam('buttons', `Up to 3 buttons, and 1 to 3 when response_mode sends a DM (${shape.response_mode}); ${shape.buttons.length} sent.`);
    }
    if (shape.tag_id !== null && !needs.tags.find(accountId, shape.tag_id)) throw invalidParam('tag_id', `No tag with id ${shape.tag_id} (GET /tags).`);
  }

  /** 409 flow_conflict when the linked flows keep the trigger from going live. */
  function requireFlowsAllow(linked: readonly LinkedFlowRow[]): void {
    if (linked.length > 1) {
      throw new ApiError('flow_conflict', `The trigger is linked to ${linked.length} flows (${linked.map((row) => row.id).join(', ')}); keep one link before activating.`, { param: 'active' });
    }
    const flow = linked[0];
    if (flow && !flow.valid) throw new ApiError('flow_conflict', `Linked flow ${flow.id} has definition errors; fix it before activating.`, { param: 'active' });
    if (flow && flow.status !== 'active') throw new ApiError('flow_conflict', `Linked flow ${flow.id} is ${flow.status}; activate it first.`, { param: 'active' });
  }

  function requireRoom(accountId: number, except?: number): void {
    if (!rules.capAllows(accountId, liveCount(accountId, except))) {
      throw new ApiError('plan_limit_reached', `The plan allows ${cap(accountId)} live comment triggers; pause one first.`, { param: 'active' });
    }
  }

  const buttonKey = (buttons: readonly ButtonData[]): string => JSON.stringify(buttons.map((button) => [button.title, button.type]));

  function insert(accountId: number, input: CreateTriggerInput, overrides: Partial<TriggerRecord> = {}): TriggerRecord {
    const base = {
      response_mode: input.response_mode,
      buttons: input.buttons ?? [],
      tag_id: input.tag_id ?? null,
    };
    checkShape(accountId, base);
    const wantsLive = input.active ?? true;
    const fits = rules.capAllows(accountId, liveCount(accountId));
    const now = clock.iso();
    return triggers.insert({
      id: store.nextId('comment_trigger'),
      account_id: accountId,
      name: input.name,
      active: wantsLive && fits,
      platform: input.platform,
      source_type: input.source_type ?? 'comment',
      post_id: input.post_id ?? null,
      keywords: input.keywords,
      match_type: input.match_type ?? 'contains',
      exclude_keywords: input.exclude_keywords ?? [],
      public_replies: input.public_replies ?? [],
      dm_templates: input.dm_templates ?? [],
      dm_use_ai: input.dm_use_ai ?? false,
      dm_ai_goal: input.dm_ai_goal ?? null,
      hide_comment_after_dm: input.hide_comment_after_dm ?? false,
      ...base,
      created_paused: wantsLive && !fits,
      fires: 0,
      dms_sent: 0,
      dms_skipped: 0,
      public_replies_sent: 0,
      comments_hidden: 0,
      last_fired_at: null,
      created_at: now,
      updated_at: now,
      ...overrides,
    });
  }

  function simulateWith(accountId: number, comment: ArrivingComment): Evaluation<TriggerRecord> {
    const automation = needs.aiConfig.switches.stateOf(accountId, 'meta').automation_enabled;
    const candidates = [...triggers.ofAccount(accountId)].map((trigger) => ({ ...trigger, exclude_keywords: [...rules.excludesOf(trigger)] }));
    return evaluate(candidates, comment, needs.flows.commentSources(accountId).native, automation);
  }

  const dms = createCommentDms(needs);

  return {
    rules,
    get,
    present,
    linkedOf,
    simulateWith,
    /** The comment DM path (./dm.ts), which the AI comment manager's DM on hide shares. */
    commentDms: dms,
    /** A real comment arrives (sandbox): ./firing.ts. */
    ...createFiring({
      core,
      needs,
      hooks,
      triggers,
      fires,
      dms,
      evaluateComment: (accountId, input) =>
        simulateWith(accountId, { text: input.text, platform: input.platform, post_id: input.post_id ?? null, source_type: input.source_type ?? 'comment' }),
    }),

    /** The flows group's `references` answer: every trigger of the account. */
    references: (accountId: number) => ({
      comment_triggers: [...triggers.ofAccount(accountId)].map((trigger) => ({ id: trigger.id, name: trigger.name, active: trigger.active })),
    }),

    list(accountId: number, filters: ListTriggersFilters, page: PageRequest) {
      const matches = (trigger: TriggerRecord): boolean =>
        (filters.platform === undefined || trigger.platform === filters.platform) &&
        (filters.source_type === undefined || trigger.source_type === filters.source_type) &&
        (filters.active === undefined || trigger.active === filters.active) &&
        (filters.post_id === undefined || trigger.post_id === filters.post_id);
      const linked = needs.flows.commentSources(accountId).linked;
      return pageNewestFirst(triggers.idsOfAccount(accountId), (id) => triggers.get(id), page, matches, (trigger) =>
        present(trigger, linked.filter((row) => row.comment_trigger_id === trigger.id)),
      );
    },

    /** POST: saved paused with created_paused true past the live cap. */
    create: (accountId: number, input: CreateTriggerInput): TriggerRecord => insert(accountId, input),

    /**
     * PATCH: partial. Going live checks the cap (403) and the linked flows (409); changing a
     * button's title or type while flows are linked pauses them and the trigger. Every change of a
     * button's title or type answers `flow_impact`, empty when nothing was linked.
     */
    update(accountId: number, id: number, patch: PatchTriggerInput): CommentTriggerData {
      const trigger = get(accountId, id);
      refuseEmptyPatch(patch, UPDATABLE_TRIGGER_FIELDS);
      const next = { ...trigger, ...patch, updated_at: clock.iso() };
      checkShape(accountId, next);
      // A PATCH that changes nothing writes nothing: `updated_at` says when the settings last changed.
      if (!patchChanges(trigger, patch)) return present(trigger);
      const linked = linkedOf(accountId, trigger.id);
      const buttonsChanged = patch.buttons !== undefined && buttonKey(patch.buttons) !== buttonKey(trigger.buttons);
      if (buttonsChanged && linked.length > 0) {
        const paused = linked.filter((row) => row.status === 'active').map((row) => needs.flows.pause(accountId, row.id));
        const saved = triggers.update(trigger.id, { ...patch, active: false, updated_at: next.updated_at });
        return { ...present(saved), flow_impact: { paused_flows: paused.map((flow) => ({ id: flow.id, name: flow.name })), trigger_paused: true } };
      }
      if (patch.active === true && !trigger.active) {
        requireRoom(accountId, trigger.id);
        requireFlowsAllow(linked);
      }
      const saved = triggers.update(trigger.id, { ...patch, updated_at: next.updated_at, ...(patch.active === true ? { created_paused: false } : {}) });
      // 2.22: `flow_impact` appears on a button change, linked flows or not; here nothing was paused.
      return buttonsChanged ? { ...present(saved), flow_impact: { paused_flows: [], trigger_paused: false } } : present(saved);
    },

    /** DELETE: the trigger goes; its active linked flows are paused (their link now names nothing). */
    remove(accountId: number, id: number): { id: number; deleted: true; paused_flow_ids: number[] } {
      const trigger = get(accountId, id);
      const paused = linkedOf(accountId, trigger.id)
        .filter((row) => row.status === 'active')
        .map((row) => needs.flows.pause(accountId, row.id).id);
      for (const fireId of [...fires.idsByIndex('trigger', String(trigger.id))]) fires.remove(fireId);
      triggers.remove(trigger.id);
      return { id: trigger.id, deleted: true, paused_flow_ids: paused };
    },

    /** POST duplicate: a copy named with a suffix, paused, with fresh stats and no flows. */
    duplicate(accountId: number, id: number): TriggerRecord {
      const original = get(accountId, id);
      const suffix = ' (copy)';
      return insert(accountId, { ...original, name: `${cutChars(original.name, LIMITS.name - suffix.length)}${suffix}`, active: false });
    },

    /** GET stats (shape ours: docs/decisions.md). */
    stats(accountId: number, id: number) {
      const trigger = get(accountId, id);
      const log = fires.idsByIndex('trigger', String(trigger.id)).map((fireId) => fires.get(fireId)!);
      const now = clock.now();
      const within = (days: number) => log.filter((fire) => fire.at_ms > now - days * 86_400_000).length;
      return {
        trigger_id: trigger.id,
        fires: trigger.fires,
        dms_sent: trigger.dms_sent,
        dms_skipped: trigger.dms_skipped,
        public_replies: trigger.public_replies_sent,
        comments_hidden: trigger.comments_hidden,
        unique_commenters: new Set(log.map((fire) => fire.commenter)).size,
        last_fired_at: trigger.last_fired_at,
        fires_last_7_days: within(7),
        fires_last_30_days: within(30),
      };
    },

    /** GET simulate: read only, per-person rules not applied. */
    simulate(accountId: number, input: SimulateInput): SimulationData {
      const result = simulateWith(accountId, { text: input.text, platform: input.platform, post_id: input.post_id ?? null, source_type: input.source_type ?? 'comment' });
      const winner = result.winner?.trigger;
      // The linked flow that would start: active, on the comment's platform (the flow runtime
      // starts a flow only on its channels), and behind a trigger that sends a DM (a public-only
      // trigger opens no conversation to run it in). Else the trigger answers alone (audit 6, K2).
      const startable = new Set(
        winner && sendsDm(winner) ? linkedOf(accountId, winner.id).filter((row) => row.status === 'active' && row.channels.includes(input.platform)).map((row) => row.id) : [],
      );
      const linked = winner ? present(winner).linked_flows.filter((flow) => startable.has(flow.id)) : [];
      return {
        outcome: result.outcome,
        automation_enabled: result.outcome !== 'automation_off',
        trigger:
          winner && result.winner
            ? {
                id: winner.id,
                name: winner.name,
                matched_keyword: result.winner.matched_keyword ?? '',
                actions: actionsOf(winner, linked.length > 0),
                public_replies: winner.response_mode === 'dm_only' ? [] : winner.public_replies,
                dm: sendsDm(winner) ? { type: winner.dm_use_ai ? 'ai' : 'template', templates: winner.dm_templates } : { type: null, templates: [] },
                buttons: sendsDm(winner) ? winner.buttons : [],
              }
            : null,
        linked_flow: linked[0] ?? null,
        native_flow: result.native ? { id: result.native.flow.id, name: result.native.flow.name, matched_keyword: result.native.matched_keyword } : null,
        candidates: result.candidates.map((c) => ({ id: c.trigger.id, name: c.trigger.name, would_fire: c.would_fire, reason: c.reason, matched_keyword: c.matched_keyword })),
      };
    },

    /**
     * 4.5: a deleted tag is removed everywhere; a trigger that applied it applies none from now on
     * (as a flow's `tag_id` does), instead of naming a tag GET /tags no longer has and refusing
     * every later PATCH of the trigger over a field the caller did not send.
     */
    detachTag(accountId: number, tagId: number): void {
      for (const trigger of [...triggers.ofAccount(accountId)]) {
        if (trigger.tag_id === tagId) triggers.update(trigger.id, { tag_id: null, updated_at: clock.iso() });
      }
    },

    /** 3.3: a linked flow paused or deleted pauses the trigger it links (the trigger stays). */
    pauseLinkedTo(accountId: number, flowId: number): void {
      for (const row of needs.flows.commentSources(accountId).linked) {
        if (row.id !== flowId) continue;
        const trigger = triggers.getOwned(accountId, row.comment_trigger_id);
        if (trigger?.active) triggers.update(trigger.id, { active: false, updated_at: clock.iso() });
      }
    },

    /** Overview analytics (2.14): fires per trigger in [fromMs, toMs). */
    firesBetween(accountId: number, fromMs: number, toMs: number): { trigger_id: number; name: string; linked_flow_ids: number[]; fires: number }[] {
      const linked = needs.flows.commentSources(accountId).linked;
      return [...triggers.ofAccount(accountId)].map((trigger) => ({
        trigger_id: trigger.id,
        name: trigger.name,
        linked_flow_ids: linked.filter((row) => row.comment_trigger_id === trigger.id).map((row) => row.id),
        fires: fires.idsByIndex('trigger', String(trigger.id)).filter((fireId) => {
          const at = fires.get(fireId)!.at_ms;
          return at >= fromMs && at < toMs;
        }).length,
      }));
    },

    /**
     * Seeds one trigger as stored state: `active` and `created_paused` as given (a seed may hold a
     * trigger created past the cap back then), counters as given; the plan cap still holds for
     * active ones. No event, no flow is touched.
     */
    load(accountId: number, seed: SeedTriggerInput): TriggerRecord {
      const tag = seed.tag === undefined ? undefined : needs.tags.findByName(accountId, seed.tag);
      if (seed.tag !== undefined && !tag) throw invalidParam('tag', `no tag named ${seed.tag}`);
      const active = seed.active ?? true;
      if (active && !rules.capAllows(accountId, liveCount(accountId))) throw invalidParam('active', `the plan allows ${cap(accountId)} live comment triggers`);
      const { tag: _tag, created_paused, stats, created_at: _at, created_ago: _ago, ...input } = seed;
      const now = clock.now();
      const created = seededCreatedAt(seed, now) ?? formatTimestamp(now);
      const createdMs = Date.parse(created);
      // A trigger that has fired has a last fire: `last_fired_ago`, else its creation.
      const lastFiredMs = stats === undefined || stats.fires === 0 ? null : stats.last_fired_ago === undefined ? createdMs : now - parseDuration(stats.last_fired_ago);
      const trigger = insert(accountId, { ...input, tag_id: tag?.id ?? null, active }, {
        created_at: created,
        active,
        created_paused: created_paused ?? false,
        fires: stats?.fires ?? 0,
        dms_sent: stats?.dms_sent ?? 0,
        public_replies_sent: stats?.public_replies ?? 0,
        last_fired_at: lastFiredMs === null ? null : formatTimestamp(lastFiredMs),
      });
      // Its fires are in the log the overview and the stats count (./seed-fires.ts).
      if (lastFiredMs !== null) {
        const counters = { triggerId: trigger.id, accountId, fires: stats!.fires, dmsSent: stats!.dms_sent, createdMs, lastFiredMs };
        for (const fire of seededFires(counters, () => store.nextId('comment_trigger_fire'))) fires.insert(fire);
      }
      return trigger;
    },

    /** Spec 4.15 `comment_auto_reply`: a published post's auto-reply becomes a trigger scoped to it. */
    createPostScopedTrigger(
      accountId: number,
      postId: string,
      platform: 'instagram' | 'facebook' | 'both',
      autoReply: Pick<CreateTriggerInput, 'keywords' | 'match_type' | 'response_mode' | 'public_replies' | 'dm_templates' | 'buttons'>,
    ): CommentTriggerData {
      const trigger = insert(accountId, {
        name: cutChars(`Post ${postId} auto-reply`, LIMITS.name),
        platform,
        post_id: postId,
        keywords: autoReply.keywords,
        response_mode: autoReply.response_mode ?? 'public_only',
        ...(autoReply.match_type !== undefined ? { match_type: autoReply.match_type } : {}),
        ...(autoReply.public_replies !== undefined ? { public_replies: autoReply.public_replies } : {}),
        ...(autoReply.dm_templates !== undefined ? { dm_templates: autoReply.dm_templates } : {}),
        ...(autoReply.buttons !== undefined ? { buttons: autoReply.buttons } : {}),
      });
      return present(trigger);
    },

  };
}

function actionsOf(trigger: TriggerRecord, startsFlow: boolean): ('public_reply' | 'dm' | 'apply_tag' | 'hide_comment' | 'start_flow')[] {
  const actions: ('public_reply' | 'dm' | 'apply_tag' | 'hide_comment' | 'start_flow')[] = [];
  if (trigger.response_mode !== 'dm_only' && trigger.public_replies.length > 0) actions.push('public_reply');
  if (sendsDm(trigger)) actions.push('dm');
  if (trigger.tag_id !== null) actions.push('apply_tag');
  if (sendsDm(trigger) && trigger.hide_comment_after_dm) actions.push('hide_comment');
  if (startsFlow) actions.push('start_flow');
  return actions;
}

export type CommentTriggersModel = ReturnType<typeof createCommentTriggersModel>;
