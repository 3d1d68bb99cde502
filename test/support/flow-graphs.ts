/** Flow definitions for tests: small realistic graphs and a generator of big valid ones. */

export type Json = Record<string, unknown>;

export interface Graph {
  trigger: Json;
  nodes: { id: unknown; type: unknown; config?: unknown; [key: string]: unknown }[];
  edges: { from: unknown; to: unknown; from_port?: unknown; [key: string]: unknown }[];
}

export const triggerNode = { id: '1', type: 'trigger', config: {} };

/** A keyword lead capture: ask for an email, tag, thank. Valid with no warnings on every seed account. */
export function leadCapture(keyword: string, extra: Partial<Graph> = {}): Graph {
  return {
    trigger: { source: 'dm', keywords: [keyword], match_type: 'exact' },
    nodes: [
      triggerNode,
      { id: '2', type: 'collect_input', config: { question: 'Your email?', input_type: 'email', variable_name: 'email' } },
      { id: '3', type: 'action', config: { action_type: 'mark_lead' } },
      { id: '4', type: 'message', config: { text: 'Thanks, we will write to {email}.' } },
    ],
    edges: [
      { from: '1', to: '2' },
      { from: '2', to: '3' },
      { from: '3', to: '4' },
    ],
    ...extra,
  };
}

/** A chain of `count` nodes (trigger included) of varied types: valid (with warnings) under a node cap of at least `count`. */
export function bigGraph(count: number, keyword = 'big'): Graph {
  const configs: [string, Json][] = [
    ['message', { text: 'Step {n}' }],
    ['action', { action_type: 'mark_lead' }],
    ['delay', { duration: 5, unit: 'minutes' }],
    ['condition', { rules: [{ type: 'channel_is', channel: 'instagram' }] }],
    ['collect_input', { question: 'Answer?', input_type: 'text', variable_name: 'answer' }],
    ['http_request', { method: 'GET', url: 'https://hooks.example.test/ping' }],
  ];
  const nodes: Graph['nodes'] = [triggerNode];
  const edges: Graph['edges'] = [];
  for (let i = 2; i <= count; i++) {
    const [type, config] = configs[i % configs.length]!;
    nodes.push({ id: String(i), type, config: type === 'message' ? { text: `Step ${i}` } : config });
    edges.push({ from: String(i - 1), to: String(i) });
  }
  return { trigger: { source: 'dm', keywords: [keyword] }, nodes, edges };
}

export const data = <T = Json>(response: { body: unknown }): T => (response.body as { data: T }).data;
export const list = (response: { body: unknown }): Json[] => (response.body as { data: Json[] }).data;
export const errorOf = (response: { body: unknown }) =>
  (response.body as { error: { code: string; message: string; param?: string; errors?: Json[] } }).error;
