/**
 * The shape of what a trigger source and a node type mean beyond their config schemas (the tables
 * are ./sources.ts and ./nodes.ts; the type-erased lookups are ./kinds.ts).
 */
import type { z } from 'zod';
import type { CustomFieldType } from '../custom-fields/schemas.js';
import type {
  FlowChannel,
  NodeConfigOf,
  NodeConfigs,
  NodeType,
  SourceConfigOf,
  SourceConfigs,
  SourceName,
  TriggerType,
} from './config-schemas.js';

export type Origin = 'spec' | 'assumption';
export type ReferenceKind = 'tag' | 'custom_field' | 'service' | 'flow' | 'comment_trigger' | 'starter';

/** Something a config names that must exist in the account. */
export interface Reference {
  readonly kind: ReferenceKind;
  readonly value: string | number;
  /** The config key that holds it, e.g. `tag_value` or `rules[1].tag`. */
  readonly key: string;
  /** custom_field references that write a value: the field types that can hold it. */
  readonly fieldTypes?: readonly CustomFieldType[];
  /**
   * custom_field references that write one fixed value (set_custom_field): the value and the
   * config key holding it, checked against the field's type by the rule PATCH /contacts applies.
   */
  readonly writes?: { readonly key: string; readonly value: unknown };
}

export interface VariableUse {
  readonly variable: string;
  readonly key: string;
}

/** A config that has the right shape but breaks a rule of the service (a URL it will not call). */
export interface PolicyIssue {
  /** The config key, as configIssues writes it: `url`, `headers.Host`. */
  readonly key: string;
  readonly message: string;
}

export interface TemplateText {
  readonly key: string;
  readonly text: string;
}

/**
 * An output port as the catalogue describes it: a fixed name, or `output_{n}` repeated once per
 * item of a config list (`per`, only items whose `type` is `where.type` when given), or a fixed
 * name that exists only when that repeated list has items (`when: 'some'`) or has none (`'none'`).
 */
export interface PortSpec {
  readonly port: string;
  readonly description: string;
  readonly per?: 'buttons' | 'rules' | 'branches';
  readonly where?: { readonly type: string };
  readonly when?: 'some' | 'none';
}

export interface NodeKind<T extends NodeType> {
  readonly type: T;
  readonly label: string;
  readonly description: string;
  readonly origin: Origin;
  /** 0 for the trigger (nothing may lead into it), else 1: any number of edges may enter. */
  readonly inputs: 0 | 1;
  /** Ends the person's path in this flow: no output ports at all. */
  readonly terminal: boolean;
  readonly outputs: readonly PortSpec[];
  /** A valid config, for the catalogue (and the conformance kit's generated graphs). */
  readonly example: z.input<(typeof NodeConfigs)[T]>;
  readonly ports: (config: NodeConfigOf<T>) => readonly string[];
  /** Waits for the person or the clock (so a loop through it is not an instant loop). */
  readonly waits: (config: NodeConfigOf<T>) => boolean;
  /** `waits`, in words, for the catalogue. */
  readonly waitsWhen: string;
  /** Leaving it with no edge is a normal end (no `dead_end` warning). */
  readonly mayEnd: boolean;
  readonly references?: (config: NodeConfigOf<T>) => readonly Reference[];
  readonly sets?: (config: NodeConfigOf<T>) => readonly VariableUse[];
  readonly reads?: (config: NodeConfigOf<T>) => readonly VariableUse[];
  readonly templates?: (config: NodeConfigOf<T>) => readonly TemplateText[];
  /**
   * Rules beyond the config's shape, checked by the validator (so by validate, create, PATCH,
   * publish and activate) but not by a restore, which reads stored definitions by shape only:
   * state saved before a rule existed still loads (docs/decisions.md, "What the catalogue promises").
   */
  readonly policy?: (config: NodeConfigOf<T>) => readonly PolicyIssue[];
}

/** What two active flows sharing a channel must not both claim (a keyword, a ref, a payload...). */
export interface MatchKey {
  /** The config key that holds it. */
  readonly key: string;
  /** Namespace, scope and value: equal ids collide (a specific scope never collides with a catch-all). */
  readonly id: string;
  readonly label: string;
  readonly keyword: boolean;
}

export interface SourceKind<S extends SourceName> {
  readonly source: S;
  readonly label: string;
  readonly description: string;
  readonly origin: Origin;
  readonly channels: readonly FlowChannel[];
  readonly needs_keywords: boolean;
  readonly trigger_type: TriggerType;
  readonly example: z.input<(typeof SourceConfigs)[S]>;
  /** Fills what the schema leaves implicit (the comment source's `mode`). */
  readonly normalize?: (config: SourceConfigOf<S>) => SourceConfigOf<S>;
  readonly matchKeys: (config: SourceConfigOf<S>) => readonly MatchKey[];
  readonly references?: (config: SourceConfigOf<S>) => readonly Reference[];
}
