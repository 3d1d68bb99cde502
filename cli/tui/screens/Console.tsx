/**
 * 3 Console: compose (method, path with parameter prompts, query, JSON body checked against the
 * schema), send, and read the answer: status, time, headers, a folding highlighted body; copy as
 * curl; an idempotency key one keystroke away. Errors read in the spec's envelope terms.
 */
import { useState } from 'react';
import { Box, Text } from 'ink';
import { describeOutcome, envelopeError, statusText } from '../target/client.js';
import { findRoute, pathParams } from '../data/openapi.js';
import { jsonLines, foldablePaths } from '../data/json-lines.js';
import { osc52, toCurl } from '../data/curl.js';
import { requestTarget, sendsBody, type ConsoleState } from '../state/console.js';
import { editText, textOf, type TextState } from '../state/text.js';
import { useStore } from '../state/store.js';
import { JsonView } from '../components/JsonView.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { statusColor } from '../theme.js';
import { useKeys, useUi, type Ui } from '../ui.js';
import type { Session } from '../session.js';

type Mode = 'normal' | 'path' | 'query' | 'body' | 'response';

export function newIdempotencyKey(): string {
  return `tui-${globalThis.crypto.randomUUID()}`;
}

/** Asks for each `{name}` of the path in turn, then calls `done` with the filled path. */
function promptParams(ui: Ui, path: string, done: (path: string) => void): void {
  const names = pathParams(path);
  if (names.length === 0) {
    done(path);
    return;
  }
  const name = names[0]!;
  ui.prompt({
    label: `${name} for ${path}:`,
    onSubmit: (value) => {
      if (value.trim() === '') return `${name} is needed`;
      promptParams(ui, path.replace(`{${name}}`, encodeURIComponent(value.trim())), done);
      return undefined;
    },
  });
}

export async function sendDraft(ui: Ui, session: Session, draft: ConsoleState, validate: boolean): Promise<void> {
  const store = session.console;
  const body = sendsBody(draft) ? (draft.body.trim() === '' ? (draft.method === 'POST' ? '{}' : undefined) : draft.body) : undefined;
  if (validate && body !== undefined) {
    try {
      const catalogue = await session.catalogue('api');
      const route = findRoute(catalogue.routes, draft.method, draft.path);
      if (route) {
        const problems = catalogue.validator.check(body, route.bodySchema, route.bodyRequired);
        if (problems.length > 0) {
          store.dispatch({ type: 'problems', problems });
          ui.notify(`not sent: ${problems[0]!.path} ${problems[0]!.message}${problems.length > 1 ? ` (+${problems.length - 1})` : ''} · S sends anyway`, 'error');
          return;
        }
      }
    } catch {
      // No document (a deployment without /openapi.json): send unchecked.
    }
  }
  store.dispatch({ type: 'sending' });
  const exchange = await session.send({
    method: draft.method,
    path: requestTarget(draft),
    ...(body !== undefined ? { body } : {}),
    ...(draft.idempotencyKey ? { headers: { 'Idempotency-Key': draft.idempotencyKey } } : {}),
  });
  store.dispatch({ type: 'response', exchange });
  const tone = exchange.error || exchange.status >= 400 ? 'error' : 'ok';
  ui.notify(`${draft.method} ${requestTarget(draft)} → ${describeOutcome(exchange)} · ${Math.round(exchange.durationMs)} ms`, tone);
}

export function Console() {
  const ui = useUi();
  const session = ui.session;
  if (!session) return <Text>Not connected: pick a target first (1).</Text>;
  return <ConsoleBody session={session} />;
}

function ConsoleBody({ session }: { session: Session }) {
  const ui = useUi();
  const state = useStore(session.console);
  const store = session.console;
  const [mode, setMode] = useState<Mode>('normal');
  const [buffer, setBuffer] = useState<TextState>(textOf(''));
  const response = state.response;
  const lines = response?.json !== undefined ? jsonLines(response.json, new Set(state.folded), { reveal: state.reveal }) : [];

  const startEdit = (next: Mode, value: string): void => {
    setBuffer(textOf(value));
    setMode(next);
  };

  const send = (validate: boolean): void => {
    const draft = store.get();
    promptParams(ui, draft.path, (path) => {
      store.dispatch({ type: 'path', path });
      void sendDraft(ui, session, { ...store.get(), path }, validate);
    });
  };

  useKeys((input, key) => {
    if (mode === 'path' || mode === 'query') {
      if (key.return || key.escape) {
        if (key.return) store.dispatch(mode === 'path' ? { type: 'path', path: buffer.value.trim() || '/' } : { type: 'query', query: buffer.value.trim() });
        setMode('normal');
      } else setBuffer(editText(buffer, input, key));
      return true;
    }
    if (mode === 'body') {
      // Like the path and query fields and every prompt: esc leaves without the edit, the keys
      // that say "done" keep it (docs/decisions.md).
      if (key.ctrl && (input === 'd' || input === 's')) {
        store.dispatch({ type: 'body', body: buffer.value });
        setMode('normal');
      } else if (key.escape) {
        if (buffer.value !== state.body) ui.notify('body edit cancelled: ctrl-d keeps an edit', 'info');
        setMode('normal');
      } else if (key.tab) setBuffer(editText(buffer, '  ', {}));
      else setBuffer(editText(buffer, input, key, true));
      return true;
    }
    if (mode === 'response') {
      if (key.tab || key.escape) {
        setMode('normal');
        return true;
      }
      const cursor = Math.min(state.cursor, Math.max(0, lines.length - 1));
      if (key.upArrow || input === 'k') store.dispatch({ type: 'cursor', line: cursor - 1 });
      else if (key.downArrow || input === 'j') store.dispatch({ type: 'cursor', line: Math.min(lines.length - 1, cursor + 1) });
      else if (key.pageDown || input === ' ') store.dispatch({ type: 'cursor', line: Math.min(lines.length - 1, cursor + 10) });
      else if (key.pageUp) store.dispatch({ type: 'cursor', line: cursor - 10 });
      else if (key.return || key.rightArrow || key.leftArrow) {
        const path = lines[cursor]?.path;
        if (path) store.dispatch({ type: 'fold', path });
      } else if (input === 'z') store.dispatch({ type: 'fold-all', paths: foldablePaths(response?.json) });
      else if (input === 'Z') store.dispatch({ type: 'fold-all', paths: [] });
      else return handleCommon(input);
      return true;
    }
    return handleCommon(input) || (key.tab && response?.json !== undefined ? (setMode('response'), true) : false);
  }, mode === 'path' || mode === 'query' || mode === 'body');

  function handleCommon(input: string): boolean {
    switch (input) {
      case 's':
        if (!state.sending) send(true);
        return true;
      case 'S':
        if (!state.sending) send(false);
        return true;
      case 'm':
        store.dispatch({ type: 'cycle-method', by: 1 });
        return true;
      case 'M':
        store.dispatch({ type: 'cycle-method', by: -1 });
        return true;
      case 'p':
        startEdit('path', state.path);
        return true;
      case '/':
        // Nothing to filter here: `/` starts a new path, as typing one in an address bar does.
        startEdit('path', '/');
        return true;
      case 'u':
        startEdit('query', state.query);
        return true;
      case 'b':
        startEdit('body', state.body);
        return true;
      case 'i':
        store.dispatch({ type: 'idempotency', key: state.idempotencyKey ? undefined : newIdempotencyKey() });
        ui.notify(state.idempotencyKey ? 'idempotency key off' : 'idempotency key on: a retry with it replays the first answer', 'info');
        return true;
      case 'h':
        store.dispatch({ type: 'headers' });
        return true;
      case 'v':
        store.dispatch({ type: 'reveal' });
        return true;
      case 'c': {
        const text = toCurl({
          method: state.method,
          baseUrl: session.connection.kind === 'in-process' ? undefined : session.connection.baseUrl,
          path: requestTarget(state),
          ...(state.idempotencyKey ? { headers: { 'Idempotency-Key': state.idempotencyKey } } : {}),
          ...(sendsBody(state) && state.body.trim() ? { body: compactJson(state.body) } : {}),
        });
        store.dispatch({ type: 'curl', text });
        ui.writeRaw(osc52(text));
        ui.notify('copied as curl (key from $SWITCHBOARD_API_KEY); shown above the response', 'ok');
        return true;
      }
      default:
        return false;
    }
  }

  const width = ui.columns;
  const methodColor = ui.theme.method[state.method];
  const bodyHeight = mode === 'body' ? Math.max(4, Math.floor(ui.bodyRows / 2)) : 1;
  const problemLines = state.problems.slice(0, 3);
  const curlLines = state.curl ? 2 : 0;
  const used = 2 + bodyHeight + problemLines.length + curlLines + 1;
  const responseHeight = Math.max(1, ui.bodyRows - used);
  const envelope = response ? envelopeError(response.json) : undefined;
  const headerLines = response ? Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`) : [];
  const bodyPreview = state.body.trim() === '' ? (sendsBody({ ...state, body: 'x' }) ? '(empty: {} is sent)' : '(none)') : state.body.replace(/\s*\n\s*/g, ' ');

  return (
    <Box flexDirection="column" width={width} height={ui.bodyRows}>
      <Box height={1} width={width}>
        <Text bold color={methodColor}>
          {state.method.padEnd(7)}
        </Text>
        <Box width={width - 7}>{mode === 'path' ? <TextField state={buffer} width={width - 8} focused /> : <Text wrap="truncate-end">{state.path}</Text>}</Box>
      </Box>
      <Box height={1} width={width}>
        <Text dimColor>query </Text>
        <Box width={Math.max(10, width - 40)}>
          {mode === 'query' ? <TextField state={buffer} width={width - 46} focused /> : <Text wrap="truncate-end">{state.query || '(none)'}</Text>}
        </Box>
        <Text dimColor wrap="truncate-end">
          {' '}idempotency {state.idempotencyKey ? state.idempotencyKey.slice(0, 16) + '…' : 'off (i)'}
        </Text>
      </Box>
      {mode === 'body' ? (
        <Box flexDirection="column" height={bodyHeight} width={width}>
          <Text dimColor>body (JSON) · ctrl-d done · esc cancels · tab indents</Text>
          <TextArea state={buffer} width={width} height={bodyHeight - 1} focused />
        </Box>
      ) : (
        <Text wrap="truncate-end">
          <Text dimColor>body </Text>
          {bodyPreview}
        </Text>
      )}
      {problemLines.map((problem, index) => (
        <Text key={index} color={ui.theme.error} wrap="truncate-end">
          ✗ {problem.path}: {problem.message}
        </Text>
      ))}
      {state.curl ? (
        <Box height={2} width={width}>
          <Text wrap="truncate-end" color={ui.theme.muted}>
            {state.curl}
          </Text>
        </Box>
      ) : null}
      <Text wrap="truncate-end" color={response ? statusColor(ui.theme, response.status) : ui.theme.muted}>
        {state.sending
          ? '── sending… '
          : response
            ? response.error
              ? `── ✗ ${response.error} `
              : `── ${response.status} ${statusText(response.status)} · ${Math.round(response.durationMs)} ms · ${Object.keys(response.headers).length} headers (h)${mode === 'response' ? ' · enter folds' : ' · tab to browse'} `
            : '── no response yet: s sends '}
        {'─'.repeat(width)}
      </Text>
      {response && !response.error ? (
        <Box flexDirection="column" height={responseHeight} width={width}>
          {envelope ? (
            <Text color={ui.theme.error} bold wrap="truncate-end">
              error {envelope.code}: {envelope.message}
              {envelope.param ? ` (param ${envelope.param})` : ''}
            </Text>
          ) : null}
          {state.showHeaders ? (
            headerLines.slice(0, responseHeight - (envelope ? 1 : 0)).map((line, index) => (
              <Text key={index} wrap="truncate-end">
                {line}
              </Text>
            ))
          ) : response.json !== undefined ? (
            <JsonView value={response.json} folded={state.folded} cursor={state.cursor} height={responseHeight - (envelope ? 1 : 0)} width={width} theme={ui.theme} focused={mode === 'response'} reveal={state.reveal} />
          ) : (
            <Text wrap="truncate-end">{response.text === '' ? '(empty body)' : response.text.slice(0, 500)}</Text>
          )}
        </Box>
      ) : null}
    </Box>
  );
}

/** The body on one line when it is JSON; as typed otherwise. */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
