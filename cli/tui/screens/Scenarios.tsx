/**
 * 5 Scenarios, the replay debugger: the scenarios engine on screen. Steps on the left with their
 * verdicts and breakpoints; on the right the selected step's request, its mismatches (path,
 * expected, actual, rule) and the expected and actual bodies side by side.
 */
import { useMemo, useReducer, useState } from 'react';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Box, Text } from 'ink';
import { compareBody, RuleSet, type Mismatch } from '../../../src/scenarios/match.js';
import type { StepResult } from '../../../src/scenarios/types.js';
import { jsonLines, lineText } from '../data/json-lines.js';
import { loadTargets } from '../target/config.js';
import { specOf } from '../target/spec.js';
import { parseRuleText, runnerOptions } from '../services/runner-options.js';
import { stepMark, type DebuggerState } from '../state/debugger.js';
import { initialList, listKey, listReducer } from '../state/list.js';
import { useStore } from '../state/store.js';
import { ListView, Row } from '../components/ListView.js';
import { useKeys, useUi, type Ui } from '../ui.js';
import type { Session } from '../session.js';

/** Scenario files near the working directory, to open with one key. */
export function scenarioFiles(cwd = process.cwd()): string[] {
  const out: string[] = [];
  for (const dir of ['.', 'scenarios', 'fixtures/scenarios']) {
    const full = join(cwd, dir);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full)) if (/\.(ya?ml)$/.test(name)) out.push(relative(cwd, join(full, name)));
  }
  return out.slice(0, 50);
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? '(missing)' : text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export function mismatchLine(mismatch: Mismatch): string {
  return `${mismatch.path}  expected ${show(mismatch.expected)}  actual ${mismatch.missing ? '(missing)' : show(mismatch.actual)}  (${mismatch.rule})`;
}

function shortUrl(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v1/, '');
}

/** The detail pane's header lines for one step. */
export function stepHeader(result: StepResult | undefined, step: { name: string }, number: number): string[] {
  const lines = [`${number}. ${step.name}`];
  if (!result) return [...lines, 'not run yet: n runs the next step, g runs to this one'];
  if (result.request) lines.push(`${result.request.method} ${shortUrl(result.request.url)}`);
  const expected = result.expected?.status;
  if (result.actual) lines.push(`status expected ${expected === undefined ? '2xx' : Array.isArray(expected) ? expected.join('|') : expected}  actual ${result.actual.status}  · ${Math.round(result.durationMs)} ms`);
  if (result.note) lines.push(result.note);
  return lines;
}

function sideBySide(left: unknown, right: unknown, width: number, height: number): [string, string][] {
  const a = left === undefined ? ['(no expected body)'] : jsonLines(left).map(lineText);
  const b = right === undefined ? ['(no body)'] : jsonLines(right).map(lineText);
  const rows: [string, string][] = [];
  for (let i = 0; i < Math.min(height, Math.max(a.length, b.length)); i++) rows.push([(a[i] ?? '').slice(0, width), (b[i] ?? '').slice(0, width)]);
  return rows;
}

export function Scenarios() {
  const ui = useUi();
  if (!ui.session) return <Text>Not connected: pick a target first (1).</Text>;
  return <ScenariosBody session={ui.session} />;
}

function askFile(ui: Ui, session: Session, typed?: string): void {
  ui.prompt({
    label: 'Scenario file:',
    ...(typed !== undefined ? { initial: typed, initialTyped: true } : { initial: scenarioFiles()[0] ?? '' }),
    onSubmit: async (file) => {
      const path = resolve(file.trim());
      await session.debugger.open(path);
      const error = session.debugger.store.get().error;
      if (!session.debugger.opened && error) return error;
      ui.notify(`opened ${file.trim()}: n steps, r runs, b sets a breakpoint`, 'ok');
      return undefined;
    },
  });
}

function ScenariosBody({ session }: { session: Session }) {
  const ui = useUi();
  const state: DebuggerState = useStore(session.debugger.store);
  const [list, dispatch] = useReducer(listReducer, initialList);
  const [picker, dispatchPicker] = useReducer(listReducer, initialList);
  const [mismatchIndex, setMismatchIndex] = useState(0);
  const files = useMemo(() => scenarioFiles(), []);
  const steps = state.scenario?.steps ?? [];
  // Side by side from 120 columns; below, the steps sit above a full-width detail (at 80×24 the
  // expected and actual bodies need the width more than the step list needs the height).
  const wide = ui.columns >= 120;
  const listWidth = wide ? Math.min(40, Math.floor(ui.columns * 0.3)) : ui.columns;
  const listHeight = wide ? ui.bodyRows - 1 : Math.max(2, Math.min(steps.length, Math.floor(ui.bodyRows / 4)));
  const index = Math.min(list.cursor, Math.max(0, steps.length - 1));
  const result = state.results[index];
  const mismatches = result?.mismatches ?? [];
  const selectedMismatch = mismatches[Math.min(mismatchIndex, mismatches.length - 1)];
  const dbg = session.debugger;

  const compareWith = (choice: string): string | void => {
    const name = choice.trim();
    if (name === 'fresh' || name === 'this') {
      const { options, label } = runnerOptions(name, session.connection);
      void dbg.compare(options, label);
      return;
    }
    if (!ui.paths) return 'no saved targets here';
    const target = loadTargets(ui.paths).file.targets.find((candidate) => candidate.name === name);
    if (!target) return `no saved target named ${name}`;
    try {
      const spec = specOf(ui.paths, target);
      void dbg.compare({ target: spec.baseUrl, ...(spec.apiKey ? { apiKey: spec.apiKey } : {}), ...(spec.controlToken ? { controlToken: spec.controlToken } : {}) }, name);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  /** A run that stopped for the scenario as a whole (the target cannot run it, or is down) says why. */
  const sayRunError = (): void => {
    const error = dbg.store.get().error;
    if (error) ui.notify(`✗ ${error}`, 'error');
  };

  useKeys((input, key) => {
    if (!dbg.opened) {
      const move = listKey(input, key, files.length, ui.bodyRows - 3);
      if (move) {
        dispatchPicker(move);
        return true;
      }
      if (key.return && files[picker.cursor]) {
        const file = files[picker.cursor]!;
        void dbg.open(resolve(file)).then(() => dbg.opened && ui.notify(`opened ${file}: n steps, r runs, b sets a breakpoint`, 'ok'));
        return true;
      }
      if (input === 'o') {
        askFile(ui, session);
        return true;
      }
      // The hint line offers the debugger's keys: said, not ignored, until a file is open (17tui T10).
      if (input.length === 1 && 'nrgbRetcw'.includes(input) && !key.ctrl && !key.meta) {
        ui.notify(`open a scenario first: enter opens the selected file, o types a path (${input} then works on its steps)`, 'info');
        return true;
      }
      if (input === '/') {
        // Not "nothing to filter" above a list: on the picker, / starts an absolute path to open.
        askFile(ui, session, '/');
        return true;
      }
      return false;
    }
    const move = listKey(input, key, steps.length, listHeight);
    if (move && input !== 'g') {
      dispatch(move);
      setMismatchIndex(0);
      return true;
    }
    switch (input) {
      case 'o':
        askFile(ui, session);
        return true;
      case 'n':
        void dbg.step().then(() => {
          const position = dbg.store.get().position;
          dispatch({ type: 'to', index: Math.max(0, position - 1), count: steps.length, height: listHeight });
          setMismatchIndex(0);
          sayRunError();
        });
        return true;
      case 'r':
        void dbg.run().then(() => {
          dispatch({ type: 'to', index: Math.max(0, dbg.store.get().position - 1), count: steps.length, height: listHeight });
          sayRunError();
        });
        return true;
      case 'g':
        void dbg.runTo(index + 1).then(sayRunError);
        return true;
      case 'b':
        dbg.toggleBreakpoint(index + 1);
        return true;
      case 'R':
        void dbg.restart().then(() => ui.notify('restarted: a fresh run from step 1', 'info'));
        return true;
      case 't':
        void dbg.setChoice(dbg.currentChoice === 'fresh' ? 'this' : 'fresh');
        return true;
      case 'w':
        try {
          if (dbg.save()) ui.notify(`wrote ${state.file}`, 'ok');
          else ui.notify('nothing edited: the file is unchanged (e edits a rule, then w writes it)', 'info');
        } catch (error) {
          ui.notify(error instanceof Error ? error.message : String(error), 'error');
        }
        return true;
      case 'e':
        if (!selectedMismatch) {
          ui.notify('no mismatch selected: e edits the rule of a mismatch (tab picks one)', 'info');
          return true;
        }
        ui.prompt({
          label: `rule for ${selectedMismatch.path} (ignore, type, regex:^x, iso-timestamp, exists, any-of:[..]):`,
          initial: selectedMismatch.rule === 'equals' ? 'ignore' : '',
          onSubmit: async (text) => {
            try {
              await dbg.setRule(index + 1, selectedMismatch.path, parseRuleText(text));
              ui.notify(`step ${index + 1}: ${selectedMismatch.path} now ${text.trim()}; w writes the file`, 'ok');
              return undefined;
            } catch (error) {
              return error instanceof Error ? error.message : String(error);
            }
          },
        });
        return true;
      case 'c':
        if (state.compare) {
          dbg.clearCompare();
          return true;
        }
        ui.prompt({ label: 'compare with (fresh, this, or a saved target):', initial: dbg.currentChoice === 'fresh' ? 'this' : 'fresh', onSubmit: compareWith });
        return true;
      default:
        break;
    }
    if (key.tab && mismatches.length > 0) {
      setMismatchIndex((mismatchIndex + 1) % mismatches.length);
      return true;
    }
    return false;
  });

  if (!dbg.opened) {
    return (
      <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
        <Text bold>Replay a scenario step by step</Text>
        <Text dimColor wrap="truncate-end">
          {state.error ? `✗ ${state.error}` : 'o opens any file; enter opens one found here'}
        </Text>
        <ListView
          items={files}
          state={picker}
          height={ui.bodyRows - 3}
          width={ui.columns}
          empty="no *.yaml here: o opens a file by path"
          render={(file, selected) => <Row selected={selected} width={ui.columns} text={`  ${file}`} />}
        />
      </Box>
    );
  }

  const failed = state.results.filter((item) => item.status === 'failed').length;
  // On the title line, where 80 columns still show it: the error line below is cut at the URL.
  const freshHint = state.error && dbg.currentChoice === 'this' && /requires: sandbox/.test(state.error) ? ' (t runs it on a fresh sandbox)' : '';
  const progress = `${state.position}/${steps.length} run${failed ? ` · ${failed} failed` : ''}${state.busy ? ' · running…' : state.error ? ` · stopped${freshHint}` : state.done ? ' · done' : ''}`;
  // The run's own failure stays on screen under the title, not only in the status line.
  const errorRows = state.error ? 1 : 0;
  const detailWidth = wide ? ui.columns - listWidth - 1 : ui.columns;
  const detailHeight = (wide ? ui.bodyRows - 1 : ui.bodyRows - listHeight - 1) - errorRows;
  const step = steps[index];
  const head = step ? stepHeader(result, step, index + 1) : [];
  const compared = state.compare?.results[index];
  const compareLines: string[] = [];
  if (state.compare) {
    if (state.compare.status === 'running') compareLines.push(`compare on ${state.compare.label}: running…`);
    else if (state.compare.error && !compared) compareLines.push(`compare on ${state.compare.label}: ${state.compare.error}`);
    else if (compared) {
      compareLines.push(`compare on ${state.compare.label}: ${compared.status}${compared.actual ? ` · status ${compared.actual.status}` : ''}`);
      if (result?.actual?.body !== undefined && compared.actual?.body !== undefined) {
        const rules = new RuleSet(state.scenario?.defaults?.match as Record<string, never> | undefined, step?.expect?.match as Record<string, never> | undefined);
        for (const difference of compareBody(result.actual.body, compared.actual.body, rules, true).slice(0, 3)) {
          compareLines.push(`  ${difference.path}: here ${show(difference.expected)} there ${difference.missing ? '(missing)' : show(difference.actual)}`);
        }
      }
    }
  }
  const mismatchRows = mismatches.slice(0, 4);
  const used = head.length + mismatchRows.length + compareLines.length + 1;
  const bodyRows = Math.max(0, detailHeight - used);
  const half = Math.floor((detailWidth - 1) / 2);
  const columns = result && bodyRows > 1 ? sideBySide(result.expected?.body, result.actual?.body ?? result.actual?.text, half, bodyRows - 1) : [];

  return (
    <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
      <Text wrap="truncate-end">
        <Text bold>{state.scenario?.scenario}</Text>
        <Text dimColor>
          {'  '}
          {progress} · on {state.targetLabel}
          {state.dirty ? ' · edited (w writes)' : ''}
        </Text>
      </Text>
      {state.error ? (
        <Text color={ui.theme.error} wrap="truncate-end">
          ✗ {state.error}
        </Text>
      ) : null}
      <Box flexDirection={wide ? 'row' : 'column'}>
        <ListView
          items={steps}
          state={list}
          height={wide ? listHeight - errorRows : listHeight}
          width={listWidth}
          render={(item, selected, i) => {
            const mark = stepMark(state, i);
            const broken = state.breakpoints.includes(i + 1) ? '●' : ' ';
            const color = mark === '✓' ? ui.theme.ok : mark === '✗' ? ui.theme.error : undefined;
            return <Row selected={selected} width={listWidth} color={selected ? undefined : color} text={`${broken}${mark} ${i + 1}. ${item.name}`} />;
          }}
        />
        <Box flexDirection="column" width={detailWidth} height={detailHeight} marginLeft={wide ? 1 : 0}>
          {head.map((line, i) => (
            <Text key={`h${i}`} wrap="truncate-end" bold={i === 0} color={i > 0 && result?.status === 'failed' && line === result.note ? ui.theme.error : undefined}>
              {line}
            </Text>
          ))}
          {mismatchRows.map((mismatch, i) => (
            <Text key={`m${i}`} wrap="truncate-end" color={ui.theme.error} inverse={i === Math.min(mismatchIndex, mismatches.length - 1)}>
              ✗ {mismatchLine(mismatch)}
            </Text>
          ))}
          {compareLines.map((line, i) => (
            <Text key={`c${i}`} wrap="truncate-end" color={ui.theme.accent}>
              {line}
            </Text>
          ))}
          {columns.length > 0 ? (
            <Text dimColor wrap="truncate-end">
              {'expected'.padEnd(half)} actual
            </Text>
          ) : null}
          {columns.map(([left, right], i) => (
            <Text key={`b${i}`} wrap="truncate-end">
              {left.padEnd(half)} {right}
            </Text>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
