/**
 * Flows read back (`seed pull`): settings, status, counters, the published definition (the only
 * version the API shows: it becomes version 1) and the unsaved draft, with their ids.
 */
import { pullList, tagName, type PullSpec } from '../../groups/pull.js';

interface FlowView {
  id: number; name: string; status: string; channels: string[]; priority: number; published_version: number | null;
  stats: { entries: number; completions: number }; tag_id?: number | null; created_at: string;
}
interface FlowDetail extends FlowView { definition: unknown; has_draft: boolean; tag_id: number | null }
interface DraftView { has_draft: boolean; definition: unknown }


export const flowPull: PullSpec = {
  sections: [
    pullList<FlowView>({
      field: 'flows',
      list: '/flows',
      requestsPerRecord: 2,
      map: async (flow, api) => {
        const detail = await api.get<FlowDetail>(`/flows/${flow.id}`);
        const draft = detail.has_draft || flow.published_version === null ? await api.get<DraftView>(`/flows/${flow.id}/definition`) : undefined;
        const tag = detail.tag_id ? await tagName(api, detail.tag_id) : undefined;
        return {
          id: flow.id,
          name: flow.name,
          status: flow.status,
          channels: flow.channels,
          ...(tag ? { tag } : {}),
          priority: flow.priority,
          ...(flow.published_version !== null ? { versions: [detail.definition] } : {}),
          ...(draft ? { draft: draft.definition } : {}),
          stats: { entries: flow.stats.entries, completions: flow.stats.completions },
          created_at: flow.created_at,
        };
      },
    }),
  ],
};
