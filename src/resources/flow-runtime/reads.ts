/**
 * 4.8 reads: sessions newest first, a session's events oldest first (default limit 100), and the
 * account's events by ascending id across sessions. A filter naming a contact, flow or session the
 * account does not have answers 404 naming the param (4.8 states it for `contact_id`; we apply the
 * same rule to `flow_id` and `flow_session`, docs/decisions.md); a `since`/`updated_since` in the
 * future is a valid filter that matches nothing yet (200, empty page), as on every other list.
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { parseTimestamp } from '../../core/clock.js';
import { cursorId, cursorIdAfter, pageFromWalk, type Page, type PageRequest } from '../../core/pagination.js';
import { newestFirstWalk, oldestFirstWalk } from '../../store/list-walk.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { CoreServices } from '../../groups/services.js';
import type { Collection } from '../../store/collection.js';
import type { RuntimeNeeds } from './needs.js';
import type { RuntimeRules } from './rules.js';
import { presentSession, type FlowEventRecord, type SessionRecord } from './records.js';
import type { FlowEventData, FlowEventType, FlowSessionData, ListEventsFilters, ListSessionsFilters } from './schemas.js';

export function createReads(core: CoreServices, needs: RuntimeNeeds, sessions: Collection<SessionRecord>, events: Collection<FlowEventRecord>, rules: RuntimeRules) {
  const { clock } = core;
  const iso = (ms: number) => clock.iso(ms);

  function instant(param: string, value: string | undefined): number | undefined {
    if (value === undefined) return undefined;
    const ms = parseTimestamp(value);
    if (ms === null) throw invalidParam(param, `${param} must be a real instant.`);
    return ms;
  }

  function session(accountId: number, id: number): SessionRecord {
    const row = sessions.getOwned(accountId, id);
    if (!row) throw notFound('Flow session');
    return row;
  }

  function requireFlow(accountId: number, flowId: number | undefined): void {
    if (flowId !== undefined && !needs.flows.exists(accountId, flowId)) throw new ApiError('not_found', 'Flow not found.', { param: 'flow_id' });
  }

  /** Every presented session (reads, sandbox answers) names its flow as the flow is named now. */
  const present = (row: SessionRecord): FlowSessionData => presentSession(row, needs.flows.get(row.account_id, row.flow_id).name, iso);

  return {
    presentSession: present,
    getSession: session,

    listSessions(accountId: number, filters: ListSessionsFilters, page: PageRequest): Page<FlowSessionData> {
      if (filters.contact_id !== undefined && !needs.contacts.find(accountId, filters.contact_id)) {
        throw new ApiError('not_found', 'Contact not found.', { param: 'contact_id' });
      }
      requireFlow(accountId, filters.flow_id);
      const since = instant('updated_since', filters.updated_since);
      const lists: SortedIdView[] = [];
      if (filters.contact_id !== undefined) lists.push(sessions.idsByIndex('contact', String(filters.contact_id)));
      if (filters.flow_id !== undefined) lists.push(sessions.idsByIndex('flow', String(filters.flow_id)));
      if (filters.status !== undefined) lists.push(sessions.idsByIndex('status', `${accountId}:${filters.status}`));
      if (filters.channel !== undefined) lists.push(sessions.idsByIndex('channel', `${accountId}:${filters.channel}`));
      const keep = (row: SessionRecord) =>
        row.account_id === accountId &&
        (filters.flow_id === undefined || row.flow_id === filters.flow_id) &&
        (filters.contact_id === undefined || row.contact_id === filters.contact_id) &&
        (filters.status === undefined || row.status === filters.status) &&
        (filters.channel === undefined || row.channel === filters.channel) &&
        (since === undefined || row.last_activity_ms >= since);
      const walk = newestFirstWalk(sessions.idsOfAccount(accountId), lists, cursorId(page), since);
      return pageFromWalk(walk, (id) => sessions.get(id), page, keep, present);
    },

    sessionEvents(accountId: number, id: number, type: FlowEventType | undefined, page: PageRequest): Page<FlowEventData> {
      const row = session(accountId, id);
      const lists = [events.idsByIndex('session', String(row.id))];
      if (type !== undefined) lists.push(events.idsByIndex('type', `${accountId}:${type}`));
      return pageFromWalk(
        oldestFirstWalk(events.idsOfAccount(accountId), lists, cursorIdAfter(page), undefined),
        (eventId) => events.get(eventId),
        page,
        (event) => event.session_id === row.id && (type === undefined || event.type === type),
        (event) => rules.presentEvent(event, iso),
      );
    },

    listEvents(accountId: number, filters: ListEventsFilters, page: PageRequest): Page<FlowEventData> {
      requireFlow(accountId, filters.flow_id);
      if (filters.flow_session !== undefined && !sessions.getOwned(accountId, filters.flow_session)) {
        throw new ApiError('not_found', 'Flow session not found.', { param: 'flow_session' });
      }
      const since = instant('since', filters.since);
      // Every filter with an index offers its list; the shortest is walked (with `since` skipping
      // older runs of it), and the rest are checked on the events it yields.
      const lists: SortedIdView[] = [];
      if (filters.flow_session !== undefined) lists.push(events.idsByIndex('session', String(filters.flow_session)));
      if (filters.flow_id !== undefined) lists.push(events.idsByIndex('flow', String(filters.flow_id)));
      if (filters.type !== undefined) lists.push(events.idsByIndex('type', `${accountId}:${filters.type}`));
      if (filters.node_key !== undefined) lists.push(events.idsByIndex('node_key', `${accountId}:${filters.node_key}`));
      const keep = (event: FlowEventRecord) =>
        event.account_id === accountId &&
        (filters.flow_session === undefined || event.session_id === filters.flow_session) &&
        (filters.flow_id === undefined || event.flow_id === filters.flow_id) &&
        (filters.type === undefined || event.type === filters.type) &&
        (filters.node_key === undefined || event.node_key === filters.node_key) &&
        (since === undefined || event.occurred_ms >= since);
      const walk = oldestFirstWalk(events.idsOfAccount(accountId), lists, cursorIdAfter(page), since);
      return rules.eventPage(pageFromWalk(walk, (id) => events.get(id), page, keep, (event) => rules.presentEvent(event, iso)));
    },
  };
}
