/**
 * Flow sessions read back (`seed pull`, docs/seed-pull.md): every session with its events, GET
 * only. A session is placed in its conversation by the contact's channel identity (one GET per
 * contact, shared by its sessions) and its events by `ago`; the loader reads status, end reason
 * and current node back from the events (./seed-load.ts).
 *
 * The pulled flow publishes the one definition GET /flows/{id} shows as its version 1, so a
 * session is copied only when it ran on the flow's current published version and every node its
 * events name is in that definition with the same type; others are left out (a seed could not
 * place them). Not readable, so not copied: a button tap's title and an outcome's key (the loader
 * reads the outcome from its node), collected values and typed text (never stored anywhere).
 */
import { agoOf, pullList, type PullApi, type PullSpec } from '../../groups/pull.js';

interface SessionView {
  id: number; flow_id: number; flow_name: string; flow_version: number; channel: string; contact_id: number; status: string;
  attribution: { post_id: string | null; comment_id: string | null; matched_keyword: string | null };
  last_user_message_at: string | null; delay_until: string | null;
}
interface EventView {
  type: string; node_key: string | null; node_type: string | null; output_port: string | null; input_type: string | null; end_reason: string | null; occurred_at: string;
}
interface FlowView { name: string; published_version: number | null; definition: { nodes: { id: string; type: string }[] } }
interface ContactView { channel: string; platform_user_id: string }

const cache = new WeakMap<PullApi, Map<string, Promise<unknown>>>();
/** One GET per path per pull (flows and contacts are shared by many sessions). */
function once<T>(api: PullApi, path: string): Promise<T> {
  let seen = cache.get(api);
  if (!seen) cache.set(api, (seen = new Map()));
  let answer = seen.get(path);
  if (!answer) seen.set(path, (answer = api.get<T>(path)));
  return answer as Promise<T>;
}

/** A duration from the pull's start to an instant after it (at least a second). */
function inOf(api: PullApi, iso: string): string {
  return `${Math.max(1, Math.round((Date.parse(iso) - api.startedAtMs) / 1000))}s`;
}

export const runtimePull: PullSpec = {
  sections: [
    pullList<SessionView>({
      field: 'flow_sessions',
      list: '/flow-sessions',
      requestsPerRecord: 1,
      map: async (session, api) => {
        const flow = await once<FlowView>(api, `/flows/${session.flow_id}`);
        if (flow.published_version !== session.flow_version) return undefined;
        const events = await api.all<EventView>(`/flow-sessions/${session.id}/events`);
        const nodes = new Map(flow.definition.nodes.map((node) => [node.id, node.type]));
        if (events.some((event) => event.node_key !== null && nodes.get(event.node_key) !== event.node_type)) return undefined;
        const contact = await once<ContactView>(api, `/contacts/${session.contact_id}`);
        return {
          id: session.id,
          flow: flow.name,
          channel: session.channel,
          platform_user_id: contact.platform_user_id,
          attribution: session.attribution,
          ...(session.last_user_message_at !== null ? { last_user_message_ago: agoOf(api, session.last_user_message_at) } : {}),
          ...(session.status === 'delayed' && session.delay_until !== null ? { delay_until_in: inOf(api, session.delay_until) } : {}),
          events: events.map((event) => ({
            type: event.type,
            ...(event.node_key !== null ? { node_key: event.node_key } : {}),
            ...(event.output_port !== null ? { output_port: event.output_port } : {}),
            ...(event.input_type !== null ? { input_type: event.input_type } : {}),
            ...(event.end_reason !== null ? { end_reason: event.end_reason } : {}),
            ago: agoOf(api, event.occurred_at),
          })),
        };
      },
    }),
  ],
};
