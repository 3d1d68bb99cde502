/**
 * Reads a scenario file (YAML, or JSON, which YAML 1.2 also reads) and validates it. Every error
 * names the file, the line and column, and the path inside the document, from the parser or from
 * the schema: `stop.yaml:14:7: $.steps[2].request.method: Invalid option ...`. Never a stack.
 */
import { readFileSync } from 'node:fs';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { formatPath, type PathSegment } from './paths.js';
import { Scenario, type ScenarioFile } from './schema.js';

export interface ScenarioProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** `$.steps[2].request.method`, or `$` for the whole file. */
  readonly path: string;
  readonly message: string;
}

export class ScenarioError extends Error {
  constructor(readonly problems: readonly ScenarioProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ScenarioError';
  }
}

export function formatProblem(problem: ScenarioProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.path}: ${problem.message}`;
}

export interface LoadedScenario {
  /** The file name as given (or a label for text). */
  readonly file: string;
  readonly scenario: ScenarioFile;
}

/** The node at `path`, or the deepest one that exists on the way (a missing key's parent map). */
function nodeAt(document: Document, path: readonly PathSegment[]): { node: Node | undefined; key: Node | undefined } {
  let current: unknown = document.contents;
  let key: Node | undefined;
  for (const segment of path) {
    if (isMap(current)) {
      const pair = current.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair || !isPair(pair)) break;
      key = pair.key as Node;
      current = pair.value;
    } else if (isSeq(current) && typeof segment === 'number') {
      const item = current.items[segment];
      if (item === undefined) break;
      key = undefined;
      current = item;
    } else break;
  }
  return { node: (current ?? undefined) as Node | undefined, key };
}

function positionOf(counter: LineCounter, node: Node | undefined): { line: number; column: number } {
  const offset = node?.range?.[0];
  if (offset === undefined) return { line: 1, column: 1 };
  const { line, col } = counter.linePos(offset);
  return { line, column: col };
}

function issueProblems(file: string, document: Document, counter: LineCounter, issues: readonly z.core.$ZodIssue[]): ScenarioProblem[] {
  return issues.map((issue) => {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    let message = issue.message;
    let target = path;
    if (issue.code === 'unrecognized_keys') {
      // Point at the first unknown key itself, and name it in the path.
      target = [...path, issue.keys[0]!];
      message = `unknown field${issue.keys.length > 1 ? `s ${issue.keys.join(', ')}` : ''}`;
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // The union's branches each say why; the shortest reason reads best.
      const reasons = issue.errors.map((branch) => branch.map((inner) => inner.message).join('; '));
      message = `${message}: ${reasons.sort((a, b) => a.length - b.length)[0]}`;
    }
    const { node, key } = nodeAt(document, target);
    return { file, ...positionOf(counter, key ?? node), path: formatPath(target), message };
  });
}

/** Parses and validates scenario text; `file` names it in errors. */
export function parseScenarioText(text: string, file: string): ScenarioFile {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw new ScenarioError(
      document.errors.map((error) => {
        const at = counter.linePos(error.pos[0]);
        return { file, line: at.line, column: at.col, path: '$', message: error.message.split('\n')[0]! };
      }),
    );
  }
  const value: unknown = document.toJS({ maxAliasCount: 100 });
  const result = Scenario.safeParse(value);
  if (!result.success) throw new ScenarioError(issueProblems(file, document, counter, result.error.issues));
  return result.data;
}

export function loadScenarioFile(file: string): LoadedScenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ScenarioError([{ file, line: 1, column: 1, path: '$', message: `cannot read the file (${code})` }]);
  }
  return { file, scenario: parseScenarioText(text, file) };
}
