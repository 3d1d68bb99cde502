/** 4 History: every request sent from the TUI to this target; re-run, diff two, save as a scenario. */
import { useReducer, useState } from 'react';
import { resolve } from 'node:path';
import { Box, Text } from 'ink';
import { writeFileAtomic } from '../../../src/scenarios/record/write.js';
import { diffExchanges, type DiffLine } from '../data/diff.js';
import { historyToScenario } from '../data/to-scenario.js';
import type { HistoryEntry } from '../data/history.js';
import { describeOutcome } from '../target/client.js';
import { filteredListKey } from '../state/filtered-list.js';
import { initialList, listReducer, matchesFilter } from '../state/list.js';
import { useStore } from '../state/store.js';
import { ListView, Row } from '../components/ListView.js';
import { statusColor } from '../theme.js';
import { useKeys, useUi } from '../ui.js';
import type { Session } from '../session.js';

export function entryLine(entry: HistoryEntry): string {
  const { exchange } = entry;
  const time = exchange.at.slice(11, 19);
  const status = exchange.error ? 'ERR' : String(exchange.status);
  return `${time}  ${exchange.request.method.padEnd(6)} ${exchange.request.path}  ${status}  ${Math.round(exchange.durationMs)} ms`;
}

export function History() {
  const ui = useUi();
  if (!ui.session) return <Text>Not connected: pick a target first (1).</Text>;
  return <HistoryBody session={ui.session} />;
}

function HistoryBody({ session }: { session: Session }) {
  const ui = useUi();
  useStore(session.historyVersion);
  const [list, dispatch] = useReducer(listReducer, initialList);
  const [marked, setMarked] = useState<readonly string[]>([]);
  const [diff, setDiff] = useState<{ title: string; lines: DiffLine[] } | undefined>(undefined);
  const entries = [...session.history.list()].reverse().filter((entry) => matchesFilter(`${entry.exchange.request.method} ${entry.exchange.request.path} ${entry.exchange.status}`, list.filter));
  const height = Math.max(3, ui.bodyRows - 2);
  const current = entries[Math.min(list.cursor, entries.length - 1)];

  const openInConsole = (entry: HistoryEntry): void => {
    const { request } = entry.exchange;
    if (request.path.startsWith('/_sandbox')) {
      ui.notify('a sandbox call: it replays from the sandbox panel (8), not the console', 'info');
      return;
    }
    const [path, query] = request.path.split('?');
    session.console.dispatch({ type: 'load', method: request.method, path: path!, query: query ?? '', body: request.body ?? '' });
    session.console.dispatch({ type: 'response', exchange: entry.exchange });
    ui.go('console');
  };

  const rerun = async (entry: HistoryEntry): Promise<void> => {
    const { request } = entry.exchange;
    const control = request.path.startsWith('/_sandbox');
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => /^idempotency-key$/i.test(name)));
    const exchange = await session.send({ method: request.method, path: control ? request.path.slice('/_sandbox'.length) : request.path, control, ...(request.body !== undefined ? { body: request.body } : {}), headers });
    ui.notify(`re-ran ${request.method} ${request.path} → ${describeOutcome(exchange)}`, exchange.error || exchange.status >= 400 ? 'error' : 'ok');
  };

  const save = (): void => {
    const chosen = marked.length > 0 ? session.history.list().filter((entry) => marked.includes(entry.id)) : current ? [current] : [];
    if (chosen.length === 0) return;
    ui.prompt({
      label: `Save ${chosen.length} request(s) as scenario file:`,
      initial: 'history.yaml',
      onSubmit: (file) => {
        const target = resolve(file.trim());
        try {
          const secrets = [session.connection.apiKey, session.connection.controlToken].filter((value): value is string => value !== undefined);
          const { text } = historyToScenario(chosen, `Saved from the TUI (${session.connection.name})`, secrets);
          writeFileAtomic(target, text);
          ui.notify(`wrote ${target}: ${chosen.length} step(s); replay it on screen 5 (o)`, 'ok');
          setMarked([]);
          return undefined;
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      },
    });
  };

  useKeys((input, key) => {
    if (diff) {
      if (key.escape || key.return || input === 'd') setDiff(undefined);
      return true;
    }
    // Space marks an entry here (before the list's page-down), but not while typing the filter.
    if (!list.filtering && input === ' ' && current) {
      setMarked((ids) => (ids.includes(current.id) ? ids.filter((id) => id !== current.id) : [...ids, current.id]));
      dispatch({ type: 'move', by: 1, count: entries.length, height });
      return true;
    }
    const listAction = filteredListKey(list, input, key, entries.length, height);
    if (listAction) {
      dispatch(listAction);
      return true;
    }
    if (!current) return false;
    if (key.return) {
      openInConsole(current);
      return true;
    }
    if (input === 'r') {
      void rerun(current);
      return true;
    }
    if (input === 'w') {
      save();
      return true;
    }
    if (input === 'd') {
      const all = session.history.list();
      const pair = marked.length >= 2 ? marked.slice(-2).map((id) => all.find((entry) => entry.id === id)!) : [entries[Math.min(list.cursor, entries.length - 1) + 1], current];
      const [left, right] = pair;
      if (!left || !right) {
        ui.notify('diff needs two requests: select two with space (or stand on one with an older one below)', 'info');
        return true;
      }
      setDiff({ title: `${left.id} ${left.exchange.request.method} ${left.exchange.request.path}  →  ${right.id} ${right.exchange.request.method} ${right.exchange.request.path}`, lines: diffExchanges(left.exchange, right.exchange) });
      return true;
    }
    return false;
  }, list.filtering);

  if (diff) {
    const pathWidth = Math.min(34, Math.max(8, ...diff.lines.map((line) => line.path.length + 2)));
    const side = Math.floor((ui.columns - pathWidth - 3) / 2);
    return (
      <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
        <Text bold wrap="truncate-end">
          {diff.title}
        </Text>
        <Text dimColor wrap="truncate-end">
          {diff.lines.length === 0 ? 'the same status and body' : `${diff.lines.length} difference(s) · esc back`}
        </Text>
        {diff.lines.slice(0, ui.bodyRows - 2).map((line, index) => (
          <Text key={index} wrap="truncate-end">
            {line.path.padEnd(pathWidth)}
            <Text color={ui.theme.error}>{line.left.slice(0, side).padEnd(side)}</Text> → <Text color={ui.theme.ok}>{line.right.slice(0, side)}</Text>
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
      <Text bold wrap="truncate-end">
        History of {session.connection.name} <Text dimColor>({session.history.list().length}) enter console · r re-run · space select · d diff · w save as scenario</Text>
      </Text>
      <Text dimColor wrap="truncate-end">
        {marked.length > 0 ? `${marked.length} selected` : 'newest first'}
      </Text>
      <ListView
        items={entries}
        state={list}
        height={height}
        width={ui.columns}
        empty={list.filter && session.history.list().length > 0 ? `nothing matches "${list.filter}": esc clears the filter` : 'nothing sent yet: the console (3) records every request here'}
        render={(entry, selected) => (
          <Row
            selected={selected}
            width={ui.columns}
            color={selected ? undefined : entry.exchange.error ? ui.theme.error : statusColor(ui.theme, entry.exchange.status)}
            text={`${marked.includes(entry.id) ? '◆' : ' '} ${entryLine(entry)}`}
          />
        )}
      />
    </Box>
  );
}
