/**
 * What validation needs from the account: the references a definition may name (tags and custom
 * fields from their groups; services, comment triggers and conversation starters from whichever
 * groups answer the `references` hook: appointments, comment triggers, the flow runtime), the
 * plan's limits, and the keywords other active flows hold. Also the catalogue's `live`, built from
 * the same lookups so the two agree.
 */
import type { AccountModel } from '../account/model.js';
import type { CustomFieldsModel } from '../custom-fields/model.js';
import type { TagsModel } from '../tags/model.js';
import type { FlowChannel } from './config-schemas.js';
import { IssueList, type FlowIssue } from './issues.js';
import { sourceKindOf, type MatchKey } from './kinds.js';
import { FLOW_PLAN_LIMITS, type FlowPlanLimits } from './plans.js';
import type { CurrentDefinition, FlowRecord } from './records.js';
import type { FlowLiveData } from './schemas.js';
import type { FlowHooks, FlowReferenceAnswer } from './hooks.js';
import { TRIGGER_NODE_ID, type FlowDefinition, type ReferenceLookup, type ValidationContext, type ValidationResult } from './definition.js';
import { matchableText, SOURCE_KINDS } from './kinds.js';

export interface FlowsNeeds {
  readonly account: AccountModel;
  readonly tags: TagsModel;
  readonly customFields: CustomFieldsModel;
}

/** What the checks read of the flows themselves. */
export interface FlowReader {
  flowsOf(accountId: number): Iterable<FlowRecord>;
  find(accountId: number, id: number): FlowRecord | undefined;
  current(flow: FlowRecord): CurrentDefinition;
  /** The published definition, or undefined before the first publish. */
  published(flow: FlowRecord): FlowDefinition | undefined;
}

export type Validator = (input: unknown, ctx: ValidationContext) => ValidationResult;

export interface CheckOptions {
  readonly channels: readonly FlowChannel[];
  readonly flowId?: number;
  /** Collisions with other active flows: warnings (saving a draft) or errors (going live). */
  readonly collisions: 'warning' | 'error';
}

export function createChecks(needs: FlowsNeeds, hooks: FlowHooks, flows: FlowReader) {
  function limits(accountId: number): FlowPlanLimits {
    return FLOW_PLAN_LIMITS[needs.account.getAccount(accountId).plan];
  }

  function provided(accountId: number): Required<FlowReferenceAnswer> {
    const services: NonNullable<FlowReferenceAnswer['services']>[number][] = [];
    const commentTriggers: NonNullable<FlowReferenceAnswer['comment_triggers']>[number][] = [];
    const starters: string[] = [];
    for (const answer of hooks.references.run(accountId)) {
      services.push(...(answer.services ?? []));
      commentTriggers.push(...(answer.comment_triggers ?? []));
      starters.push(...(answer.starters ?? []));
    }
    return { services, comment_triggers: commentTriggers, starters };
  }

  function lookup(accountId: number): ReferenceLookup {
    let answers: Required<FlowReferenceAnswer> | undefined;
    const answered = () => (answers ??= provided(accountId));
    return {
      tag: (name) => needs.tags.findByName(accountId, name) !== undefined,
      customField: (key) => needs.customFields.findByKey(accountId, key),
      // As appointments find a service_type (knowledge `byName`): trimmed, case-insensitive.
      service: (name) => {
        const wanted = name.trim().toLowerCase();
        return answered().services.some((service) => service.name.trim().toLowerCase() === wanted);
      },
      flow: (id) => flows.find(accountId, id),
      commentTrigger: (id) => answered().comment_triggers.some((trigger) => trigger.id === id),
      // As the runtime matches a tap's text to the question (matchableText).
      starter: (question) => {
        const wanted = matchableText(question);
        return answered().starters.some((asked) => matchableText(asked) === wanted);
      },
    };
  }

  /** Issues with active flows (other than `exceptId`) on a shared channel claiming the same match key. */
  function collisions(accountId: number, definition: FlowDefinition, channels: readonly FlowChannel[], exceptId: number | undefined): FlowIssue[] {
    const mine = sourceKindOf(definition.trigger.source)!.kind.matchKeys(definition.trigger);
    if (mine.length === 0) return [];
    const issues = new IssueList();
    for (const other of flows.flowsOf(accountId)) {
      if (other.status !== 'active' || other.id === exceptId) continue;
      const shared = channels.filter((channel) => other.channels.includes(channel));
      const running = flows.published(other);
      if (shared.length === 0 || !running) continue;
      const theirs = new Set(sourceKindOf(running.trigger.source)!.kind.matchKeys(running.trigger).map((key: MatchKey) => key.id));
      for (const key of mine) {
        if (!theirs.has(key.id)) continue;
        issues.add({
          code: key.keyword ? 'keyword_collision' : 'trigger_collision',
          message: `The ${key.label} is already used by active flow ${other.id} (${JSON.stringify(other.name)}) on ${shared.join(', ')}.`,
          path: `definition.trigger.${key.key}`,
          node_id: TRIGGER_NODE_ID,
          key: key.key,
        });
      }
    }
    return issues.finish();
  }

  return {
    limits,
    lookup,
    collisions,

    /** Validates, then adds collisions as warnings or errors. */
    check(validate: Validator, accountId: number, input: unknown, options: CheckOptions): ValidationResult {
      const result = validate(input, {
        channels: options.channels,
        nodeLimit: limits(accountId).nodes,
        lookup: lookup(accountId),
        ...(options.flowId !== undefined ? { flowId: options.flowId } : {}),
      });
      if (!result.definition) return result;
      const found = collisions(accountId, result.definition, options.channels, options.flowId);
      if (found.length === 0) return result;
      return options.collisions === 'error'
        ? { ...result, errors: [...result.errors, ...found] }
        : { ...result, warnings: [...result.warnings, ...found] };
    },

    activeCount(accountId: number): number {
      let count = 0;
      for (const flow of flows.flowsOf(accountId)) if (flow.status === 'active') count++;
      return count;
    },

    live(accountId: number, activeCount: number): FlowLiveData {
      const plan = limits(accountId);
      const answers = provided(accountId);
      return {
        custom_fields: needs.customFields.list(accountId, false).map((field) => ({ field_key: field.field_key, label: field.label, type: field.type })),
        tags: needs.tags.list(accountId).map((tag) => ({ id: tag.id, name: tag.name, color: tag.color })),
        services: answers.services.map((service) => ({ id: service.id, name: service.name, duration_minutes: service.duration_minutes })),
        flows: [...flows.flowsOf(accountId)].map((flow) => ({
          id: flow.id,
          name: flow.name,
          status: flow.status,
          trigger_type: SOURCE_KINDS[flows.current(flow).definition.trigger.source].trigger_type,
          published_version: flow.published_version,
        })),
        comment_triggers: answers.comment_triggers.map((trigger) => ({ id: trigger.id, name: trigger.name, active: trigger.active })),
        node_limit: plan.nodes,
        flow_limit: plan.flows,
        active_flows: { count: activeCount, limit: plan.live },
      };
    },
  };
}

export type FlowChecks = ReturnType<typeof createChecks>;
