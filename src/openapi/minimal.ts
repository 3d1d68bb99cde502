/**
 * The `minimal` payload profile in the document (section 6; issue 13). A minimal delivery is the
 * full one with every message-text field left out, at any depth (resources/webhooks/profile.ts):
 * the common names plus the event's own `textFields`. Derived from the converted full schema, so
 * every event (present and future) gets its variant with no per-event work: `properties` and
 * `required` lose those names, and a referenced component that holds one (at any depth) is
 * copied as `<Component>_Minimal` (`_Minimal_<event>` when the event drops names of its own).
 */
import type { SchemaObject } from 'openapi3-ts/oas31';

type Node = Record<string, unknown>;
const PREFIX = '#/components/schemas/';
const NESTED_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const NESTED_ONE = ['items', 'additionalProperties', 'not', 'contains'] as const;

export class MinimalVariants {
  private readonly holds = new Map<string, boolean>();
  private readonly made = new Map<string, string>();

  /** `schemas` gains the minimal copies it needs; drop names are compared case-insensitively. */
  constructor(
    private readonly schemas: Record<string, SchemaObject>,
    private readonly drop: ReadonlySet<string>,
    private readonly suffix: string,
  ) {}

  private dropped(name: string): boolean {
    return this.drop.has(name.toLowerCase());
  }

  /** Whether the component named `name` has a dropped field anywhere inside. */
  private holdsText(name: string): boolean {
    const known = this.holds.get(name);
    if (known !== undefined) return known;
    this.holds.set(name, false); // a cycle adds nothing
    const found = this.nodeHoldsText(this.schemas[name] as Node | undefined);
    this.holds.set(name, found);
    return found;
  }

  /** Whether a minimal delivery differs from a full one under this schema. */
  differs(node: Node): boolean {
    return this.nodeHoldsText(node);
  }

  private nodeHoldsText(node: Node | undefined): boolean {
    if (node === undefined || typeof node !== 'object' || node === null) return false;
    const ref = node['$ref'];
    if (typeof ref === 'string') return ref.startsWith(PREFIX) && this.holdsText(ref.slice(PREFIX.length));
    const properties = (node['properties'] ?? {}) as Record<string, Node>;
    for (const [key, inner] of Object.entries(properties)) if (this.dropped(key) || this.nodeHoldsText(inner)) return true;
    for (const key of NESTED_LISTS) if (Array.isArray(node[key]) && (node[key] as Node[]).some((inner) => this.nodeHoldsText(inner))) return true;
    for (const key of NESTED_ONE) if (typeof node[key] === 'object' && this.nodeHoldsText(node[key] as Node)) return true;
    return false;
  }

  /** The minimal copy of a node: dropped fields gone, references to text-holding components rewritten. */
  strip(node: Node): Node {
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const name = ref.slice(PREFIX.length);
      return ref.startsWith(PREFIX) && this.holdsText(name) ? { ...node, $ref: `${PREFIX}${this.component(name)}` } : node;
    }
    const out: Node = { ...node };
    if (typeof node['properties'] === 'object' && node['properties'] !== null) {
      const properties: Record<string, Node> = {};
      for (const [key, inner] of Object.entries(node['properties'] as Record<string, Node>)) if (!this.dropped(key)) properties[key] = this.strip(inner);
      out['properties'] = properties;
    }
    if (Array.isArray(node['required'])) out['required'] = (node['required'] as string[]).filter((key) => !this.dropped(key));
    for (const key of NESTED_LISTS) if (Array.isArray(node[key])) out[key] = (node[key] as Node[]).map((inner) => this.strip(inner));
    for (const key of NESTED_ONE) if (typeof node[key] === 'object' && node[key] !== null) out[key] = this.strip(node[key] as Node);
    return out;
  }

  private component(name: string): string {
    const known = this.made.get(name);
    if (known !== undefined) return known;
    const minimal = `${name}_Minimal${this.suffix}`;
    this.made.set(name, minimal);
    if (this.schemas[minimal] === undefined) {
      this.schemas[minimal] = {}; // a cycle refers to the name meanwhile
      this.schemas[minimal] = this.strip(this.schemas[name] as Node) as SchemaObject;
    }
    return minimal;
  }
}
