/**
 * A flow definition as stored (2.10: `{trigger, nodes, edges}`), and what validating one takes and
 * gives (./validate.ts).
 */
import type { CustomFieldType } from '../custom-fields/schemas.js';
import type { FlowChannel, NodeType, SourceName } from './config-schemas.js';
import type { FlowIssue } from './issues.js';

export interface FlowNode {
  readonly id: string;
  readonly type: NodeType;
  readonly config: Readonly<Record<string, unknown>>;
  readonly position?: { readonly x: number; readonly y: number };
  readonly label?: string;
}

export interface FlowEdge {
  readonly from: string;
  readonly from_port: string;
  readonly to: string;
}

export interface FlowTrigger {
  readonly source: SourceName;
  readonly [key: string]: unknown;
}

/** A definition as stored: every config parsed (defaults filled), every `from_port` explicit. */
export interface FlowDefinition {
  readonly trigger: FlowTrigger;
  readonly nodes: readonly FlowNode[];
  readonly edges: readonly FlowEdge[];
}

export type FlowStatus = 'draft' | 'active' | 'paused';

/** What the validator may ask about the account. */
export interface ReferenceLookup {
  tag(name: string): boolean;
  customField(key: string): { readonly type: CustomFieldType; readonly archived: boolean } | undefined;
  service(name: string): boolean;
  flow(id: number): { readonly status: FlowStatus } | undefined;
  commentTrigger(id: number): boolean;
  /** Whether a conversation starter (AI config `starters.*.questions`) asks this question. */
  starter(question: string): boolean;
}

export interface ValidationContext {
  readonly channels: readonly FlowChannel[];
  readonly nodeLimit: number;
  /** The flow being edited, if any: a goto_flow to it is `goto_self`. */
  readonly flowId?: number;
  readonly lookup: ReferenceLookup;
}

export interface ValidationResult {
  readonly errors: FlowIssue[];
  readonly warnings: FlowIssue[];
  /**
   * The definition as read (configs parsed, ports explicit) whenever every part of it could be
   * read, even if it breaks a rule (an unreachable node, a missing tag); valid only without errors.
   */
  readonly definition?: FlowDefinition;
}

export const TRIGGER_NODE_ID = '1';
export const DEFAULT_PORT = 'output_1';
export const NODE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
