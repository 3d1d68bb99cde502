/**
 * 7 Conformance: run the kit against this target with a profile, watch the clause matrix fill
 * live, open a failure for its request, response and replay token.
 */
import { useReducer, useState } from 'react';
import { Box, Text } from 'ink';
import { PROFILES, type CheckResult, type ClauseRow } from '../../../conformance/types.js';
import { countsOf, failuresOf, progressOf, summaryOf, type ConformanceState } from '../state/conformance.js';
import { initialList, listKey, listReducer } from '../state/list.js';
import { useStore } from '../state/store.js';
import { ListView, Row } from '../components/ListView.js';
import { useKeys, useUi } from '../ui.js';
import type { Session } from '../session.js';
import type { Theme } from '../theme.js';

export function progressBar(done: number, total: number, width: number): string {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return `${'█'.repeat(Math.min(width, filled))}${'░'.repeat(Math.max(0, width - filled))}`;
}

export function matrixLine(row: ClauseRow, titleWidth: number): string {
  const title = row.title.length > titleWidth ? `${row.title.slice(0, titleWidth - 1)}…` : row.title.padEnd(titleWidth);
  const level = row.level === 'assumption' ? '~' : ' ';
  return `${level}${row.clause.padEnd(6)}${title} ${String(row.pass).padStart(4)} ${String(row.fail).padStart(4)} ${String(row.skip).padStart(4)} ${String(row.error).padStart(4)}  ${row.verdict.toUpperCase()}`;
}

function verdictColor(theme: Theme, verdict: string): string | undefined {
  return verdict === 'pass' ? theme.ok : verdict === 'fail' || verdict === 'error' ? theme.error : theme.muted;
}

/** A failure's detail as lines (message, request, response, curl, replay token). */
export function failureDetail(result: CheckResult): string[] {
  const failure = result.failure;
  const lines = [`${result.verdict.toUpperCase()} ${result.id} (clause ${result.clause}, ${result.level})`, result.title];
  if (!failure) return lines;
  lines.push('', ...failure.message.split('\n'));
  if (failure.counterexample) lines.push(`counterexample: ${failure.counterexample}`);
  if (failure.replay) lines.push(`replay: switchboard conformance --replay '${failure.replay}'`);
  if (failure.request) lines.push('', 'request:', ...failure.request.split('\n'));
  if (failure.response) lines.push('', 'response:', ...failure.response.split('\n'));
  if (failure.curl) lines.push('', ...failure.curl.split('\n'));
  return lines;
}

export function Conformance() {
  const ui = useUi();
  if (!ui.session) return <Text>Not connected: pick a target first (1).</Text>;
  return <ConformanceBody session={ui.session} />;
}

function ConformanceBody({ session }: { session: Session }) {
  const ui = useUi();
  const state: ConformanceState = useStore(session.conformance.store);
  const [pane, setPane] = useState<'matrix' | 'failures'>('matrix');
  const [matrixList, dispatchMatrix] = useReducer(listReducer, initialList);
  const [failureList, dispatchFailures] = useReducer(listReducer, initialList);
  const [detail, setDetail] = useState<{ result: CheckResult; top: number } | undefined>(undefined);
  const failures = failuresOf(state);
  const height = Math.max(3, ui.bodyRows - 4);
  const job = session.conformance;

  useKeys((input, key) => {
    if (detail) {
      const lines = failureDetail(detail.result).length;
      if (key.escape || key.return) setDetail(undefined);
      else if (key.downArrow || input === 'j') setDetail({ ...detail, top: Math.min(lines - 1, detail.top + 1) });
      else if (key.upArrow || input === 'k') setDetail({ ...detail, top: Math.max(0, detail.top - 1) });
      else if (key.pageDown || input === ' ') setDetail({ ...detail, top: Math.min(lines - 1, detail.top + ui.bodyRows - 2) });
      return true;
    }
    if (input === 'p' && !job.running) {
      job.setProfile(PROFILES[(PROFILES.indexOf(state.profile) + 1) % PROFILES.length]!);
      return true;
    }
    if (input === 's' && !job.running) {
      void job.start().then(() => {
        const done = job.store.get();
        if (done.status === 'done') ui.notify(summaryOf(done), done.totals.fail + done.totals.error > 0 ? 'error' : done.report?.aborted ? 'info' : 'ok');
        else if (done.error) ui.notify(`conformance could not run: ${done.error}`, 'error');
      });
      return true;
    }
    if (input === 'x' && job.running) {
      job.stop();
      ui.notify('stopping after the current check; what the run created is swept', 'info');
      return true;
    }
    if (key.tab) {
      setPane(pane === 'matrix' ? 'failures' : 'matrix');
      return true;
    }
    const items = pane === 'matrix' ? state.matrix.length : failures.length;
    const move = listKey(input, key, items, height);
    if (move) {
      (pane === 'matrix' ? dispatchMatrix : dispatchFailures)(move);
      return true;
    }
    if (key.return) {
      if (pane === 'failures' && failures[failureList.cursor]) setDetail({ result: failures[failureList.cursor]!, top: 0 });
      else if (pane === 'matrix') {
        const row = state.matrix[matrixList.cursor];
        const failure = row && failures.find((result) => result.clause === row.clause && result.level === row.level);
        if (failure) setDetail({ result: failure, top: 0 });
      }
      return true;
    }
    return false;
  });

  if (detail) {
    const lines = failureDetail(detail.result);
    return (
      <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
        {lines.slice(detail.top, detail.top + ui.bodyRows).map((line, index) => (
          <Text key={index} wrap="truncate-end" bold={detail.top + index === 0} color={detail.top + index === 0 ? ui.theme.error : undefined}>
            {line === '' ? ' ' : line}
          </Text>
        ))}
      </Box>
    );
  }
  const { done, total } = progressOf(state);
  const barWidth = Math.max(8, Math.min(24, ui.columns - 56));
  const titleWidth = Math.max(10, ui.columns - 36);
  const header = `${' '.repeat(7)}${'clause'.padEnd(titleWidth)} pass fail skip  err  verdict`;
  const tally = countsOf(state);
  const counts = `pass ${tally.pass} fail ${tally.fail} skip ${tally.skip} error ${tally.error}${tally.notRun > 0 ? ` · ${tally.notRun} not run` : ''}`;
  const runLine =
    state.status === 'idle'
      ? 's starts a run'
      : state.status === 'starting'
        ? 'probing the target…'
        : state.status === 'failed'
          ? `✗ ${state.error}`
          : state.status === 'done'
            ? state.report?.aborted
              ? `stopped after ${Math.round((state.report.durationMs ?? 0) / 1000)} s · ${state.results.length - tally.notRun} of ${state.results.length} checks run · ${counts}`
              : `done in ${Math.round((state.report?.durationMs ?? 0) / 1000)} s · ${state.results.length} checks · ${counts}`
            : `${progressBar(done, total, barWidth)} ${done}/${total} · ${counts}${state.status === 'stopping' ? ' · stopping…' : ''}`;
  return (
    <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
      <Text wrap="truncate-end">
        <Text bold>Conformance</Text> profile <Text inverse>{state.profile}</Text>
        <Text dimColor> p profile · s start · x stop · tab {pane === 'matrix' ? 'failures' : 'matrix'} · enter detail</Text>
      </Text>
      <Text wrap="truncate-end" color={state.status === 'failed' ? ui.theme.error : undefined}>
        {runLine}
      </Text>
      <Text dimColor wrap="truncate-end">
        {pane === 'matrix' ? header : `${failures.length} failure(s)`}
      </Text>
      {pane === 'matrix' ? (
        <ListView
          items={state.matrix}
          state={matrixList}
          height={height + 1}
          width={ui.columns}
          empty="the clause matrix fills here as checks finish"
          render={(row, selected) => <Row selected={selected} width={ui.columns} color={selected ? undefined : verdictColor(ui.theme, row.verdict)} text={matrixLine(row, titleWidth)} />}
        />
      ) : (
        <ListView
          items={failures}
          state={failureList}
          height={height + 1}
          width={ui.columns}
          empty="no failures"
          render={(result, selected) => <Row selected={selected} width={ui.columns} color={selected ? undefined : ui.theme.error} text={`${result.clause.padEnd(6)} ${result.id}  ${result.failure?.message.split('\n')[0] ?? ''}`} />}
        />
      )}
    </Box>
  );
}
