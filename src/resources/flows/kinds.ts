/**
 * Sources and node types as the validator and the catalogue loop over them: type-erased lookups
 * by name over ./sources.ts and ./nodes.ts.
 */
import type { z } from 'zod';
import { NodeConfigs, SourceConfigs, type NodeType, type SourceName } from './config-schemas.js';
import type { MatchKey, NodeKind, PolicyIssue, Reference, SourceKind, TemplateText, VariableUse } from './kind-types.js';
import { NODE_KINDS } from './nodes.js';
import { SOURCE_KINDS } from './sources.js';

export type { MatchKey, NodeKind, PolicyIssue, PortSpec, Reference, SourceKind, TemplateText, VariableUse } from './kind-types.js';
export { BUILT_IN_PLACEHOLDERS, CUSTOM_FIELD_PLACEHOLDER_PREFIX, NODE_KINDS } from './nodes.js';
export { matchableText, SOURCE_KINDS } from './sources.js';

/** The type-erased view the validator and catalogue loop over. */
export interface AnyNodeKind extends Omit<NodeKind<NodeType>, 'example' | 'ports' | 'waits' | 'references' | 'sets' | 'reads' | 'templates' | 'policy'> {
  readonly example: unknown;
  readonly ports: (config: unknown) => readonly string[];
  readonly waits: (config: unknown) => boolean;
  readonly references?: (config: unknown) => readonly Reference[];
  readonly sets?: (config: unknown) => readonly VariableUse[];
  readonly reads?: (config: unknown) => readonly VariableUse[];
  readonly templates?: (config: unknown) => readonly TemplateText[];
  readonly policy?: (config: unknown) => readonly PolicyIssue[];
}

export interface AnySourceKind extends Omit<SourceKind<SourceName>, 'example' | 'normalize' | 'matchKeys' | 'references'> {
  readonly example: unknown;
  readonly normalize?: (config: unknown) => unknown;
  readonly matchKeys: (config: unknown) => readonly MatchKey[];
  readonly references?: (config: unknown) => readonly Reference[];
}

/** The node kind and config schema of a type name, if it is one. */
export function nodeKindOf(type: string): { kind: AnyNodeKind; schema: z.ZodType } | undefined {
  if (!Object.hasOwn(NODE_KINDS, type)) return undefined;
  const name = type as NodeType;
  return { kind: NODE_KINDS[name] as unknown as AnyNodeKind, schema: NodeConfigs[name] };
}

export function sourceKindOf(name: string): { kind: AnySourceKind; schema: z.ZodType } | undefined {
  if (!Object.hasOwn(SOURCE_KINDS, name)) return undefined;
  const source = name as SourceName;
  return { kind: SOURCE_KINDS[source] as unknown as AnySourceKind, schema: SourceConfigs[source] };
}
