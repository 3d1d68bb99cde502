/**
 * 8 Sandbox panel (sandbox targets only): the control plane's powers as forms. A few everyday
 * ones first (clock, reset, snapshots, a customer writing in, STOP, faults); then every power
 * of the target's own `/_sandbox/openapi.json`, each form generated from its request schema.
 */
import { useEffect, useReducer, useState } from 'react';
import { Box, Text } from 'ink';
import type { Exchange } from '../target/client.js';
import { describeOutcome } from '../target/client.js';
import { isSandbox } from '../target/kind.js';
import { pathParams, type OpenApiLike, type RouteInfo } from '../data/openapi.js';
import { createForm, fieldsFromSchema, formBody, formError, formKey, type FieldSpec, type FormState } from '../state/form.js';
import { filteredListKey } from '../state/filtered-list.js';
import { initialList, listReducer, matchesFilter } from '../state/list.js';
import { ListView, Row } from '../components/ListView.js';
import { FormView } from '../components/FormView.js';
import { JsonView } from '../components/JsonView.js';
import { useLoad } from '../hooks.js';
import { useKeys, useUi } from '../ui.js';
import type { Session } from '../session.js';
import { statusColor } from '../theme.js';

export const DEFAULT_PHONE = '+15550100042';

export interface Power {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  /** Fields of the form; none: the power runs at once (after a confirmation when `confirm`). */
  readonly fields: readonly FieldSpec[];
  readonly confirm?: string;
  readonly access?: string;
  /** Snapshots: kept in this session under a name. */
  readonly special?: 'snapshot' | 'restore';
}

function schemaOf(routes: readonly RouteInfo[], method: string, path: string): RouteInfo | undefined {
  return routes.find((route) => route.method === method && route.path === path);
}

function paramFields(route: RouteInfo): FieldSpec[] {
  return pathParams(route.path).map((name) => ({ name: `{${name}}`, label: name, kind: 'text' as const, required: true, help: 'path parameter' }));
}

/** The featured powers, then every operation of the control plane's document. */
export function powersOf(document: OpenApiLike, routes: readonly RouteInfo[]): Power[] {
  const form = (method: string, path: string, initial: Record<string, string> = {}): FieldSpec[] => {
    const route = schemaOf(routes, method, path);
    return route ? [...paramFields(route), ...fieldsFromSchema(document, route.bodySchema, initial)] : [];
  };
  const featured: Power[] = [
    { label: 'Clock: freeze', method: 'POST', path: '/clock/freeze', fields: form('POST', '/clock/freeze') },
    { label: 'Clock: advance', method: 'POST', path: '/clock/advance', fields: form('POST', '/clock/advance', { duration: '1h' }) },
    { label: 'Clock: unfreeze (real time)', method: 'POST', path: '/clock/unfreeze', fields: [] },
    { label: 'Reset to the seed', method: 'POST', path: '/reset', fields: [], confirm: 'Reset the whole sandbox to its seed? (y/n)' },
    { label: 'Snapshot: take', method: 'GET', path: '/snapshot', fields: [], special: 'snapshot' },
    { label: 'Snapshot: restore', method: 'POST', path: '/restore', fields: [{ name: 'name', label: 'snapshot', kind: 'text', required: true }], special: 'restore' },
    { label: 'Customer writes in (inbound message)', method: 'POST', path: '/inbound', fields: form('POST', '/inbound', { channel: 'sms', platform_user_id: DEFAULT_PHONE, text: 'Hi, has my order shipped?' }) },
    { label: 'Customer texts STOP (SMS)', method: 'POST', path: '/opt-outs/sms/stop', fields: form('POST', '/opt-outs/sms/stop', { platform_user_id: DEFAULT_PHONE }) },
    { label: 'Faults: mutants on/off', method: 'POST', path: '/mutants', fields: form('POST', '/mutants', { names: '[]' }) },
    { label: 'Faults: fail the next sends', method: 'POST', path: '/send-failures', fields: form('POST', '/send-failures', { channel: 'sms', platform_user_id: DEFAULT_PHONE }) },
  ];
  const all: Power[] = routes.map((route) => ({
    label: `${route.method} ${route.path} · ${route.summary}`,
    method: route.method,
    path: route.path,
    fields: [...paramFields(route), ...fieldsFromSchema(document, route.bodySchema)],
    ...(route.access ? { access: route.access } : {}),
    ...(route.path === '/reset' || route.path === '/restore' ? { confirm: `${route.method} /_sandbox${route.path}: replace the whole sandbox? (y/n)` } : {}),
  }));
  return [...featured, ...all];
}

export function Sandbox() {
  const ui = useUi();
  const session = ui.session;
  if (!session) return <Text>Not connected: pick a target first (1).</Text>;
  if (!isSandbox(session.connection)) {
    return (
      <Box flexDirection="column">
        <Text>{session.connection.label} is not a Switchboard sandbox: it has no /_sandbox control plane.</Text>
        <Text dimColor>The clock, resets, snapshots, inbound messages and faults exist only on a sandbox (1: pick one).</Text>
      </Box>
    );
  }
  return <SandboxBody session={session} />;
}

interface ClockState {
  readonly mode: string;
  readonly now: string;
}

function SandboxBody({ session }: { session: Session }) {
  const ui = useUi();
  const catalogue = useLoad(() => session.catalogue('control'), session);
  const [list, dispatch] = useReducer(listReducer, initialList);
  const [form, setForm] = useState<{ power: Power; state: FormState } | undefined>(undefined);
  const [result, setResult] = useState<{ title: string; exchange: Exchange } | undefined>(undefined);
  const [clock, setClock] = useState<ClockState | undefined>(undefined);
  const [snapshots, setSnapshots] = useState<readonly { name: string; body: unknown }[]>([]);
  const powers = catalogue.state === 'ready' ? powersOf(catalogue.value.document, catalogue.value.routes) : [];
  const visible = powers.filter((power) => matchesFilter(`${power.label} ${power.path}`, list.filter));
  const listHeight = result ? Math.max(4, Math.floor((ui.bodyRows - 1) / 2)) : ui.bodyRows - 1;

  const readClock = async (): Promise<void> => {
    const exchange = await session.client.control('GET', '/clock');
    const data = (exchange.json as { data?: ClockState } | undefined)?.data;
    if (data) setClock(data);
  };
  useEffect(() => {
    void readClock();
    const timer = setInterval(() => void readClock(), 2_000);
    timer.unref?.();
    return () => clearInterval(timer);
  }, [session]);

  const run = async (power: Power, body: Record<string, unknown> | undefined): Promise<void> => {
    let path = power.path;
    const payload = { ...body };
    for (const name of pathParams(power.path)) {
      path = path.replace(`{${name}}`, encodeURIComponent(String(payload[`{${name}}`] ?? '')));
      delete payload[`{${name}}`];
    }
    if (power.special === 'restore') {
      const snapshot = snapshots.find((item) => item.name === String(payload['name']));
      if (!snapshot) {
        ui.notify(`no snapshot named ${String(payload['name'])} (taken: ${snapshots.map((item) => item.name).join(', ') || 'none'})`, 'error');
        return;
      }
      const exchange = await session.client.control('POST', '/restore', snapshot.body);
      setResult({ title: `restore ${snapshot.name}`, exchange });
      ui.notify(`restore ${snapshot.name} → ${describeOutcome(exchange)}`, exchange.status === 200 ? 'ok' : 'error');
      void readClock();
      return;
    }
    const sendBody = power.method === 'GET' || power.method === 'DELETE' ? undefined : payload;
    const query = power.method === 'GET' && Object.keys(payload).length > 0 ? `?${new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]))}` : '';
    const exchange = await session.client.control(power.method, `${path}${query}`, sendBody);
    if (power.special === 'snapshot' && exchange.status === 200) {
      const name = `snap-${snapshots.length + 1}`;
      setSnapshots([...snapshots, { name, body: exchange.json }]);
      setResult({ title: `snapshot ${name} taken (restore it with "Snapshot: restore")`, exchange: { ...exchange, json: { data: { name, bytes: exchange.text.length } } } });
      ui.notify(`snapshot ${name} taken`, 'ok');
      return;
    }
    setResult({ title: `${power.method} /_sandbox${path}${query}`, exchange });
    ui.notify(`${power.label} → ${describeOutcome(exchange)}`, exchange.error || exchange.status >= 400 ? 'error' : 'ok');
    if (power.path.startsWith('/clock') || power.path === '/reset') void readClock();
  };

  const open = (power: Power): void => {
    if (power.fields.length > 0) {
      const state = createForm(power.label, power.special === 'restore' ? [{ ...power.fields[0]!, initial: snapshots[snapshots.length - 1]?.name ?? '' }] : power.fields);
      setForm({ power, state });
      return;
    }
    if (power.confirm) {
      ui.prompt({ label: power.confirm, onSubmit: (answer) => void (/^y/i.test(answer) ? run(power, undefined) : undefined) });
      return;
    }
    void run(power, power.method === 'POST' ? {} : undefined);
  };

  useKeys((input, key) => {
    if (form) {
      const { state, outcome } = formKey(form.state, input, key);
      if (outcome === 'cancel') setForm(undefined);
      else if (outcome === 'submit') {
        try {
          const body = formBody(state);
          setForm(undefined);
          void run(form.power, body);
        } catch (error) {
          setForm({ power: form.power, state: formError(state, error instanceof Error ? error.message : String(error)) });
        }
      } else setForm({ power: form.power, state });
      return true;
    }
    const listAction = filteredListKey(list, input, key, visible.length, listHeight);
    if (listAction) {
      dispatch(listAction);
      return true;
    }
    if (key.return && visible[list.cursor]) {
      open(visible[list.cursor]!);
      return true;
    }
    if (input === 'f') {
      void run(powers.find((power) => power.path === '/clock/freeze')!, {});
      return true;
    }
    if (input === 'u') {
      void run(powers.find((power) => power.path === '/clock/unfreeze')!, {});
      return true;
    }
    if (key.escape && result) {
      setResult(undefined);
      return true;
    }
    return false;
  }, form !== undefined || list.filtering);

  if (catalogue.state === 'loading') return <Text>Reading the control plane's /_sandbox/openapi.json…</Text>;
  if (catalogue.state === 'failed') return <Text color={ui.theme.error}>{catalogue.error}</Text>;
  if (form) return <FormView form={form.state} width={ui.columns} height={ui.bodyRows} theme={ui.theme} />;
  return (
    <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
      <Text wrap="truncate-end">
        <Text bold>Sandbox</Text>
        <Text dimColor> clock </Text>
        {clock ? `${clock.mode} ${clock.now}` : '…'}
        <Text dimColor> · f freeze · u unfreeze · snapshots {snapshots.length}</Text>
      </Text>
      <ListView
        items={visible}
        state={list}
        height={listHeight}
        width={ui.columns}
        render={(power, selected) => <Row selected={selected} width={ui.columns} text={`  ${power.label}${power.access ? ` [${power.access}]` : ''}`} />}
      />
      {result ? (
        <Box flexDirection="column" height={ui.bodyRows - 1 - listHeight} width={ui.columns}>
          <Text wrap="truncate-end" color={statusColor(ui.theme, result.exchange.status)}>
            ── {result.title} → {describeOutcome(result.exchange)} {'─'.repeat(ui.columns)}
          </Text>
          {result.exchange.json !== undefined ? (
            <JsonView value={result.exchange.json} folded={[]} cursor={0} height={ui.bodyRows - 2 - listHeight} width={ui.columns} theme={ui.theme} focused={false} />
          ) : (
            <Text>{result.exchange.text}</Text>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
