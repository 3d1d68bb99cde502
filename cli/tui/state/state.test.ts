/** The TUI's reducers, without a terminal: lists, text editing, navigation and the palette, forms, the console, the tail. */
import { describe, expect, it } from 'vitest';
import { initialList, listKey, listReducer, matchesFilter, settle } from './list.js';
import { cursorPosition, editText, suggestedText, textOf } from './text.js';
import { appReducer, completeCommand, initialApp, parseCommand } from './app.js';
import { consoleReducer, initialConsole, requestTarget, sendsBody } from './console.js';
import { initialTail, MAX_EVENTS, tailReducer, visibleEvents, type TailEvent } from './tail.js';
import { createForm, fieldsFromSchema, formBody, formKey } from './form.js';
import { conformanceReducer, countsOf, failuresOf, initialConformance, progressOf, summaryOf } from './conformance.js';
import type { CheckResult } from '../../../conformance/types.js';
import type { Key } from 'ink';
import { pasted, splitChunk } from './keys.js';
import type { Exchange } from '../target/client.js';

describe('list', () => {
  it('keeps the cursor inside the list and the window around it', () => {
    let state = initialList;
    for (let i = 0; i < 12; i++) state = listReducer(state, { type: 'move', by: 1, count: 10, height: 4 });
    expect(state.cursor).toBe(9);
    expect(state.top).toBe(6);
    state = listReducer(state, { type: 'to', index: 0, count: 10, height: 4 });
    expect(state).toMatchObject({ cursor: 0, top: 0 });
    expect(settle({ ...state, cursor: 50 }, 3, 4).cursor).toBe(2);
    expect(listKey('G', {}, 10, 4)).toEqual({ type: 'to', index: -1, count: 10, height: 4 });
    expect(listKey('x', {}, 10, 4)).toBeUndefined();
  });

  it('filters on every word, case-insensitively, and resets the cursor', () => {
    expect(matchesFilter('POST /contacts Contacts', 'post CONT')).toBe(true);
    expect(matchesFilter('GET /tags', 'post')).toBe(false);
    const typed = listReducer({ ...initialList, cursor: 5 }, { type: 'filter-text', text: 'tag' });
    expect(typed).toMatchObject({ cursor: 0, filter: 'tag' });
    expect(listReducer({ ...typed, filtering: true }, { type: 'filter-end', keep: false }).filter).toBe('');
  });
});

describe('text editing', () => {
  it('inserts, deletes and moves like a line editor', () => {
    let state = textOf('/contacts');
    state = editText(state, '/42', {});
    expect(state.value).toBe('/contacts/42');
    state = editText(state, '', { backspace: true });
    state = editText(state, '', { leftArrow: true });
    state = editText(state, 'x', {});
    expect(state.value).toBe('/contacts/x4');
    expect(editText(state, 'w', { ctrl: true }).value).toBe('4');
    expect(editText(state, 'u', { ctrl: true }).value).toBe('4');
    // Backspace arrives as `delete` from most terminals (0x7f).
    expect(editText(textOf('ab'), '', { delete: true }).value).toBe('a');
    // A paste into a single-line field stays on one line.
    expect(editText(textOf(''), 'a\nb', {}).value).toBe('a b');
  });

  // A prompt's default (the scenario file `o` suggests, say) is replaced by what is typed, not
  // appended to (audit 17docs, D2: "press o and type a file" opened `<suggestion><typed>`).
  it('replaces a suggested value with what is typed; backspace clears it; a cursor key keeps it to edit', () => {
    const suggested = suggestedText('fixtures/scenarios/idempotent-retry.yaml');
    expect(suggested.suggested).toBe(true);
    let typed = suggested;
    for (const character of 'fixtures/tui/plan-differs.yaml') typed = editText(typed, character, {});
    expect(typed).toEqual({ value: 'fixtures/tui/plan-differs.yaml', cursor: 30 });
    expect(editText(suggested, 'x/y.yaml', {})).toEqual({ value: 'x/y.yaml', cursor: 8 });
    expect(editText(suggested, '', { backspace: true })).toEqual({ value: '', cursor: 0 });
    expect(editText(suggested, 'u', { ctrl: true })).toEqual({ value: '', cursor: 0 });
    const kept = editText(suggested, '', { leftArrow: true });
    expect(kept).toEqual({ value: 'fixtures/scenarios/idempotent-retry.yaml', cursor: 39 });
    expect(editText(kept, 's', {}).value).toBe('fixtures/scenarios/idempotent-retry.yamsl');
    // Keys that neither type nor move leave the suggestion as it is; enter is the caller's.
    expect(editText(suggested, '', { rightArrow: true })).toBe(suggested);
    expect(suggestedText('')).toEqual(textOf(''));
  });

  it('edits several lines: enter splits, up and down keep the column', () => {
    let state = textOf('{\n  "name": "x"\n}');
    state = editText(state, '', { upArrow: true }, true);
    expect(cursorPosition(state)).toEqual({ line: 1, column: 1 });
    state = editText(state, '', { return: true }, true);
    expect(state.value.split('\n')).toHaveLength(4);
    expect(editText(state, '', { return: true }).value).toBe(state.value);
  });
});

describe('navigation and the palette', () => {
  it('goes to screens, back with esc, and toggles help', () => {
    let state = initialApp();
    state = appReducer(state, { type: 'go', screen: 'console' });
    state = appReducer(state, { type: 'go', screen: 'tail' });
    expect(state.screen).toBe('tail');
    state = appReducer(state, { type: 'back' });
    expect(state.screen).toBe('console');
    state = appReducer(state, { type: 'help' });
    expect(appReducer(state, { type: 'back' })).toMatchObject({ screen: 'console', help: false });
  });

  it('clears the status line when the screen changes, not when it stays', () => {
    const said = appReducer(initialApp('console'), { type: 'message', text: 'copied as curl' });
    expect(appReducer(said, { type: 'go', screen: 'console' }).message?.text).toBe('copied as curl');
    const moved = appReducer(said, { type: 'go', screen: 'tail' });
    expect(moved.message).toBeUndefined();
    const back = appReducer(appReducer(moved, { type: 'message', text: 'paused' }), { type: 'back' });
    expect(back.screen).toBe('console');
    expect(back.message).toBeUndefined();
  });

  it('parses commands and says what is wrong with the others', () => {
    expect(parseCommand(':get /account')).toEqual({ type: 'send', method: 'GET', path: '/account' });
    expect(parseCommand('post /tags {"name":"vip"}')).toEqual({ type: 'send', method: 'POST', path: '/tags', body: '{"name":"vip"}' });
    expect(parseCommand('open fixtures/a.yaml')).toEqual({ type: 'open', file: 'fixtures/a.yaml' });
    expect(parseCommand('target staging')).toEqual({ type: 'target', name: 'staging' });
    expect(parseCommand('7')).toEqual({ type: 'go', screen: 'conformance' });
    expect(parseCommand('replay')).toEqual({ type: 'go', screen: 'scenarios' });
    expect(() => parseCommand('get account')).toThrow(/needs a path starting with \//);
    expect(() => parseCommand('frobnicate')).toThrow(/unknown command/);
    expect(completeCommand('conf')).toBe('conformance');
    expect(completeCommand('t')).toBe('t');
  });
});

describe('console draft', () => {
  it('cycles methods, builds the request target and knows which methods carry a body', () => {
    let state = consoleReducer(initialConsole, { type: 'cycle-method', by: 1 });
    expect(state.method).toBe('POST');
    state = consoleReducer(state, { type: 'cycle-method', by: -1 });
    state = consoleReducer(state, { type: 'cycle-method', by: -1 });
    expect(state.method).toBe('DELETE');
    expect(requestTarget({ path: '/contacts', query: 'limit=5' })).toBe('/contacts?limit=5');
    expect(requestTarget(consoleReducer(initialConsole, { type: 'query', query: '?a=1' }))).toBe('/account?a=1');
    expect(sendsBody({ method: 'GET', body: '{}' })).toBe(false);
    expect(sendsBody({ method: 'DELETE', body: '' })).toBe(false);
    expect(sendsBody({ method: 'PATCH', body: '' })).toBe(true);
    expect(consoleReducer(initialConsole, { type: 'path', path: 'tags' }).path).toBe('/tags');
  });

  it("a loaded request drops the previous request's answer, folds and curl", () => {
    const exchange = { status: 200, headers: {}, json: { data: {} } } as unknown as Exchange;
    let state = consoleReducer(initialConsole, { type: 'response', exchange });
    state = consoleReducer(consoleReducer(state, { type: 'fold', path: '$.data' }), { type: 'curl', text: 'curl …' });
    const loaded = consoleReducer(state, { type: 'load', method: 'post', path: '/tags', body: '{}' });
    expect(loaded).toMatchObject({ method: 'POST', path: '/tags', body: '{}', folded: [], cursor: 0, sending: false });
    expect(loaded.response).toBeUndefined();
    expect(loaded.curl).toBeUndefined();
  });

  it('folds and unfolds response paths', () => {
    let state = consoleReducer(initialConsole, { type: 'fold', path: '$.data' });
    expect(state.folded).toEqual(['$.data']);
    state = consoleReducer(state, { type: 'fold', path: '$.data' });
    expect(state.folded).toEqual([]);
  });
});

describe('the console\'s curl line (17tui T13)', () => {
  it('goes with any change to the request it shows, and with a send', () => {
    const copied = consoleReducer(initialConsole, { type: 'curl', text: 'curl -sS …/account' });
    expect(copied.curl).toBeDefined();
    for (const action of [{ type: 'path', path: '/nope' }, { type: 'method', method: 'PUT' }, { type: 'cycle-method', by: 1 }, { type: 'query', query: 'a=1' }, { type: 'body', body: '{}' }, { type: 'idempotency', key: 'k' }, { type: 'sending' }] as const) {
      expect(consoleReducer(copied, action).curl).toBeUndefined();
    }
    expect(consoleReducer(copied, { type: 'headers' }).curl).toBeDefined();
  });
});

describe('the help overlay (17tui T11)', () => {
  it('scrolls within its lines, and opens at a given line', () => {
    const open = appReducer(initialApp('console'), { type: 'help', open: true, top: 12 });
    expect(open.helpTop).toBe(12);
    expect(appReducer(open, { type: 'help-scroll', by: 5, max: 14 }).helpTop).toBe(14);
    expect(appReducer(open, { type: 'help-scroll', by: -20, max: 14 }).helpTop).toBe(0);
  });
});

describe('tail', () => {
  const event = (n: number, type = 'contact.updated'): TailEvent => ({ id: `evt_${n}`, type, createdAt: '2030-01-01T09:00:00+00:00', data: {}, source: 'journal' });

  it('keeps the newest events, holds them while paused and filters by type', () => {
    let state = tailReducer(initialTail, { type: 'events', events: Array.from({ length: MAX_EVENTS + 5 }, (_, i) => event(i)) });
    expect(state.events).toHaveLength(MAX_EVENTS);
    expect(state.events[0]!.id).toBe('evt_5');
    state = tailReducer(state, { type: 'pause', paused: true });
    state = tailReducer(state, { type: 'events', events: [event(9999, 'message.received')] });
    expect(state.events.at(-1)!.id).toBe(`evt_${MAX_EVENTS + 4}`);
    expect(state.held).toHaveLength(1);
    state = tailReducer(state, { type: 'pause', paused: false });
    expect(state.events.at(-1)!.id).toBe('evt_9999');
    expect(state.received).toBe(MAX_EVENTS + 6);
    expect(visibleEvents(tailReducer(state, { type: 'filter', text: 'message.' })).map((item) => item.id)).toEqual(['evt_9999']);
  });
});

describe('forms', () => {
  const document = {
    components: { schemas: { Body: { type: 'object', required: ['channel', 'platform_user_id'], properties: { channel: { type: 'string', enum: ['sms', 'whatsapp'] }, platform_user_id: { type: 'string' }, count: { type: 'integer', default: 1 }, tags: { type: 'array', items: { type: 'string' } }, urgent: { type: 'boolean' } } } } },
  };

  it('builds fields from a request schema and a body from the values', () => {
    const fields = fieldsFromSchema(document, { $ref: '#/components/schemas/Body' }, { platform_user_id: '+15550100042' });
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['channel', 'choice'],
      ['platform_user_id', 'text'],
      ['count', 'number'],
      ['tags', 'json'],
      ['urgent', 'choice'],
    ]);
    let form = createForm('Inbound', fields);
    form = formKey(form, '', { rightArrow: true }).state;
    expect(formBody(form)).toEqual({ channel: 'whatsapp', platform_user_id: '+15550100042', count: 1 });
    form = formKey(form, '', { tab: true }).state;
    form = formKey(form, '', { tab: true }).state;
    form = formKey(form, '', { tab: true }).state;
    form = formKey(form, '["vip"]', {}).state;
    form = formKey(form, '', { tab: true }).state;
    form = formKey(form, '', { rightArrow: true }).state;
    expect(formBody(form)).toMatchObject({ tags: ['vip'], urgent: true });
    expect(formKey(form, '', { return: true }).outcome).toBe('submit');
    expect(formKey(form, '', { escape: true }).outcome).toBe('cancel');
  });

  it('refuses a missing required field and bad numbers or JSON, naming the field', () => {
    const form = createForm('x', [{ name: 'name', label: 'Name', kind: 'text', required: true }]);
    expect(() => formBody(form)).toThrow('Name is required');
    const number = createForm('x', [{ name: 'n', label: 'Count', kind: 'number', initial: 'ten' }]);
    expect(() => formBody(number)).toThrow('Count must be a number');
    const json = createForm('x', [{ name: 'j', label: 'Names', kind: 'json', initial: '[a' }]);
    expect(() => formBody(json)).toThrow(/Names must be JSON/);
  });
});

describe('a pre-filled form value (17tui T3)', () => {
  it('is a suggestion: typing replaces it, a cursor key keeps it to edit, backspace clears it', () => {
    const form = createForm('Add a target', [
      { name: 'base_url', label: 'Base URL', kind: 'text', initial: 'http://127.0.0.1:4010/api/v1' },
      { name: 'plan', label: 'Plan', kind: 'choice', options: ['pro', 'free'] },
    ]);
    expect(form.values[0]!.suggested).toBe(true);
    expect(form.values[1]).toEqual({ value: 'pro', cursor: 3 });
    expect(formBody(form)).toEqual({ base_url: 'http://127.0.0.1:4010/api/v1', plan: 'pro' });
    const typed = formKey(form, 'http://127.0.0.1:32893/api/v1', {}).state;
    expect(formBody(typed)).toMatchObject({ base_url: 'http://127.0.0.1:32893/api/v1' });
    const edited = formKey(formKey(form, '', { leftArrow: true }).state, 'X', {}).state;
    expect(formBody(edited)).toMatchObject({ base_url: 'http://127.0.0.1:4010/api/vX1' });
    expect(formKey(form, '', { backspace: true }).state.values[0]!.value).toBe('');
  });
});

describe('conformance progress', () => {
  const result = (id: string, clause: string, verdict: CheckResult['verdict']): CheckResult => ({ id, title: id, clause, level: 'spec', group: 'g', verdict, durationMs: 1, requests: 1 });

  it('rebuilds the clause matrix as results arrive', () => {
    let state = conformanceReducer(initialConformance, { type: 'start' });
    state = conformanceReducer(state, { type: 'plan', plan: { runId: 'r', simulator: true, profile: 'safe', level: 'all', checks: 3, listed: 3, skippedUpFront: {}, requests: 10, maxRequests: Infinity } });
    state = conformanceReducer(state, { type: 'result', result: result('a', '4.2', 'pass') });
    state = conformanceReducer(state, { type: 'result', result: result('b', '4.2', 'fail') });
    state = conformanceReducer(state, { type: 'result', result: result('c', '7.1', 'skip') });
    expect(state.matrix.map((row) => [row.clause, row.verdict])).toEqual([
      ['4.2', 'fail'],
      ['7.1', 'skip'],
    ]);
    expect(progressOf(state)).toEqual({ done: 2, total: 3 });
    expect(failuresOf(state).map((item) => item.id)).toEqual(['b']);
    expect(conformanceReducer(state, { type: 'profile', profile: 'full' }).profile).toBe('safe');
  });

  it('a stopped run counts the checks it never started as not run, not skipped, and says it stopped (17tui T9)', () => {
    let state = conformanceReducer(initialConformance, { type: 'start' });
    state = conformanceReducer(state, { type: 'result', result: result('a', '4.2', 'pass') });
    state = conformanceReducer(state, { type: 'result', result: { ...result('b', '4.3', 'skip'), reason: 'profile:full' } });
    state = conformanceReducer(state, { type: 'result', result: { ...result('c', '7.1', 'skip'), reason: 'aborted' } });
    state = conformanceReducer(state, { type: 'result', result: { ...result('d', '7.2', 'skip'), reason: 'aborted' } });
    expect(countsOf(state)).toMatchObject({ pass: 1, skip: 1, notRun: 2 });
    const stopped = { ...state, status: 'done' as const, report: { aborted: true } as unknown as NonNullable<typeof state.report> };
    expect(summaryOf(stopped)).toBe('conformance stopped: 1 passed, 0 failed, 1 skipped, 0 errors; 2 checks not run');
  });
});

describe('a chunk of keys read at once', () => {
  const none = { upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false } as Key;
  it('is one key press per character outside text entry, enter and ctrl keys included', () => {
    const presses = splitChunk('jJ\r\u0015', none, false);
    expect(presses.map((press) => press.input)).toEqual(['j', 'J', '', 'u']);
    expect(presses.map((press) => [press.key.shift, press.key.return, press.key.ctrl])).toEqual([[false, false, false], [true, false, false], [false, true, false], [false, false, true]]);
  });
  it('keeps text whole while a field takes it, its newlines as text: a paste never presses enter (17tui T2)', () => {
    const presses = splitChunk('Hello\nfor the order, quick question\r', none, true);
    expect(presses.map((press) => [press.input, press.key.return])).toEqual([['Hello\nfor the order, quick question\r', false]]);
    expect(splitChunk('x', none, false)).toEqual([{ input: 'x', key: none }]);
    // Control keys other than enter are still keys; a chunk of nothing but enters is enters.
    expect(splitChunk('ab\tc', none, true).map((press) => [press.input, press.key.tab])).toEqual([['ab', false], ['', true], ['c', false]]);
    expect(splitChunk('\r\r', none, true).map((press) => press.key.return)).toEqual([true, true]);
  });
  it('a single-line field takes pasted lines as one line; the body editor keeps them (17tui T2)', () => {
    expect(editText(textOf(''), 'Hello\nfix it\n', none).value).toBe('Hello fix it');
    expect(editText(textOf(''), 'a\r\nb', none, true).value).toBe('a\nb');
  });
  it('a bracketed paste is text, its enter a newline (17tui T2)', () => {
    expect(pasted('', { ...none, return: true })).toEqual({ input: '\n', key: none, paste: true });
    expect(pasted('get /tags\r2', none)).toEqual({ input: 'get /tags\r2', key: none, paste: true });
  });
});
