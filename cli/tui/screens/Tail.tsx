/**
 * 6 Tail: the account's events as they arrive (the sandbox journal, or webhook deliveries to a
 * local receiver on a real deployment, with each signature's verdict), filtered by type; the
 * webhook delivery log with attempts and retries one key away.
 */
import { useEffect, useReducer, useState } from 'react';
import { Box, Text } from 'ink';
import { visibleEvents, type DeliveryRow, type TailEvent, type TailState } from '../state/tail.js';
import { initialList, listKey, listReducer } from '../state/list.js';
import { editText } from '../state/text.js';
import { useStore } from '../state/store.js';
import { ListView, Row } from '../components/ListView.js';
import { JsonView } from '../components/JsonView.js';
import { receiverHint } from '../services/receiver-hint.js';
import { useKeys, useUi } from '../ui.js';
import type { Session } from '../session.js';

export function eventLine(event: TailEvent): string {
  const time = event.createdAt.slice(11, 19);
  const data = JSON.stringify(event.data) ?? '';
  const webhook =
    event.source === 'webhook'
      ? ` ${event.verified === true ? '✓ signed' : event.verified === false ? '✗ BAD SIGNATURE' : '? unverified'} #${event.attempt ?? 1} → ${event.answered ?? ''}`
      : '';
  return `${time}  ${event.id.padEnd(13)} ${event.type.padEnd(26)}${webhook} ${data}`;
}

export function deliveryLine(row: DeliveryRow): string {
  const attempts = row.attempts.map((attempt) => (attempt.statusCode === null ? (attempt.error ?? 'error').slice(0, 12) : String(attempt.statusCode))).join(',');
  const next = row.nextAttemptAt ? ` next ${row.nextAttemptAt.slice(11, 19)}` : '';
  return `#${row.id.padEnd(4)} ${row.endpointName.slice(0, 14).padEnd(14)} ${row.eventType.padEnd(24)} ${row.state.padEnd(9)} ${row.attempts.length} attempt(s) ${attempts}${next}`;
}

export function Tail() {
  const ui = useUi();
  if (!ui.session) return <Text>Not connected: pick a target first (1).</Text>;
  return <TailBody session={ui.session} />;
}

function TailBody({ session }: { session: Session }) {
  const ui = useUi();
  const state: TailState = useStore(session.tail.store);
  const [list, dispatch] = useReducer(listReducer, initialList);
  const [follow, setFollow] = useState(true);
  const [editingFilter, setEditingFilter] = useState(false);
  const [pane, setPane] = useState<'events' | 'deliveries'>('events');
  const [detail, setDetail] = useState<TailEvent | undefined>(undefined);
  const events = visibleEvents(state);
  // On a deployment one more line says who can reach the receiver and which flags set it.
  const hint = state.source === 'webhooks' ? receiverHint(session.connection.baseUrl, state.receiverUrl, state.verifying ?? false) : undefined;
  const height = Math.max(3, ui.bodyRows - 2 - (hint ? 1 : 0));

  useEffect(() => {
    void session.tail.start();
  }, [session]);
  useEffect(() => {
    session.tail.watchDeliveries(pane === 'deliveries');
    return () => session.tail.watchDeliveries(false);
  }, [pane, session]);
  useEffect(() => {
    if (follow && events.length > 0) dispatch({ type: 'to', index: events.length - 1, count: events.length, height });
  }, [follow, events.length, height]);

  useKeys((input, key) => {
    if (detail) {
      if (key.escape || key.return) setDetail(undefined);
      return true;
    }
    if (editingFilter) {
      if (key.return || key.escape) setEditingFilter(false);
      if (key.escape) session.tail.store.dispatch({ type: 'filter', text: '' });
      else if (!key.return) session.tail.store.dispatch({ type: 'filter', text: editText({ value: state.typeFilter, cursor: state.typeFilter.length }, input, key).value });
      return true;
    }
    if (input === '/') {
      setEditingFilter(true);
      return true;
    }
    if (input === 'p') {
      session.tail.store.dispatch({ type: 'pause', paused: !state.paused });
      return true;
    }
    if (input === 'w') {
      setPane(pane === 'events' ? 'deliveries' : 'events');
      return true;
    }
    if (input === 'x') {
      session.tail.store.dispatch({ type: 'clear' });
      return true;
    }
    if (pane === 'events') {
      const move = listKey(input, key, events.length, height);
      if (move) {
        dispatch(move);
        setFollow(move.type === 'to' ? move.index === -1 : false);
        return true;
      }
      if (key.return && events[list.cursor]) {
        setDetail(events[list.cursor]);
        return true;
      }
    }
    return false;
  }, editingFilter);

  if (detail) {
    return (
      <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
        <Text bold wrap="truncate-end">
          {detail.type} {detail.id} {detail.createdAt} <Text dimColor>esc back</Text>
        </Text>
        {detail.error ? <Text color={ui.theme.error}>{detail.error}</Text> : null}
        <JsonView value={detail.data} folded={[]} cursor={0} height={ui.bodyRows - 1 - (detail.error ? 1 : 0)} width={ui.columns} theme={ui.theme} focused={false} />
      </Box>
    );
  }
  const source =
    state.source === 'journal'
      ? 'sandbox event journal'
      : state.source === 'webhooks'
        ? `webhooks to ${state.receiverUrl ?? '?'} (${state.verifying ? 'signatures verified' : 'no secret: signatures not checked'})`
        : 'starting…';
  const status = `${state.received} received${state.paused ? ` · PAUSED (${state.held.length} held, p resumes)` : ''}${state.typeFilter ? ` · type ~ ${state.typeFilter}` : ''}`;
  return (
    <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
      <Text wrap="truncate-end">
        <Text bold>{pane === 'events' ? 'Events' : 'Webhook deliveries'}</Text>
        <Text dimColor>
          {' '}
          from {source}
        </Text>
      </Text>
      <Text wrap="truncate-end" color={state.error ? ui.theme.error : undefined} dimColor={!state.error}>
        {state.error ? `✗ ${state.error}` : editingFilter ? '' : status}
        {editingFilter ? (
          <Text>
            type filter: {state.typeFilter}
            <Text inverse> </Text>
          </Text>
        ) : null}
      </Text>
      {hint ? (
        <Text wrap="truncate-end" color={ui.theme.warn}>
          {hint}
        </Text>
      ) : null}
      {pane === 'events' ? (
        <ListView
          items={events}
          state={list}
          height={height}
          width={ui.columns}
          empty={state.source === 'webhooks' ? `waiting for deliveries: point a webhook endpoint at ${state.receiverUrl ?? 'the receiver'}` : 'waiting for events: send a request (3) or a sandbox inbound message (8)'}
          render={(event, selected) => <Row selected={selected} width={ui.columns} color={selected ? undefined : event.verified === false ? ui.theme.error : undefined} text={eventLine(event)} />}
        />
      ) : (
        <ListView
          items={state.deliveries}
          state={initialList}
          height={height}
          width={ui.columns}
          focused={false}
          empty={state.source === 'webhooks' ? 'the delivery log is a sandbox power: on a deployment the events pane shows each delivery received' : 'no webhook endpoints yet (POST /webhooks/endpoints), or no deliveries'}
          render={(row) => <Row selected={false} width={ui.columns} color={row.state === 'failed' ? ui.theme.error : row.state === 'pending' ? ui.theme.warn : ui.theme.ok} text={deliveryLine(row)} />}
        />
      )}
    </Box>
  );
}
