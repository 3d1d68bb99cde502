/**
 * A match rule set in a scenario file's text, changing nothing else: the debugger's `e` then `w`
 * (audit 17tui T6). Re-serialising the whole document reflowed long lines, folded scalars and
 * flow maps, so the edit is spliced into the text at the positions the YAML library's document
 * gives: the rule's value replaced, or one line added to the step's `match` (or `expect`) block.
 * Where the file's shape does not allow that (a flow `expect`), the document API writes it
 * whole without line folding; the result is always checked to hold the rule.
 */
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, parseDocument, stringify, type Node, type Pair, type YAMLMap } from 'yaml';

const FLOW = { collectionStyle: 'flow', lineWidth: 0 } as const;

function flowText(value: unknown): string {
  return stringify(value, FLOW).replace(/\n$/, '');
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isScalar(pair.key) && pair.key.value === key) as Pair | undefined;
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** The start of the line after the block map's last item (where a new item goes). */
function afterLastItem(text: string, map: YAMLMap): number {
  const last = map.items[map.items.length - 1]!;
  const end = (last.value as Node | null)?.range?.[2] ?? (last.key as Node).range![2];
  if (end > 0 && text[end - 1] === '\n') return end;
  const newline = text.indexOf('\n', end);
  return newline < 0 ? text.length : newline + 1;
}

function insertLines(text: string, at: number, lines: string): string {
  const before = text.slice(0, at);
  return `${before}${before.endsWith('\n') || before === '' ? '' : '\n'}${lines}${text.slice(at)}`;
}

function blockMap(node: unknown): YAMLMap | undefined {
  return isMap(node) && !node.flow && node.items.length > 0 && node.range ? node : undefined;
}

function spliced(text: string, stepIndex: number, path: string, rule: unknown): string | undefined {
  const document = parseDocument(text);
  if (document.errors.length > 0) return undefined;
  const expect = blockMap(document.getIn(['steps', stepIndex, 'expect'], true));
  if (!expect) return undefined;
  const key = flowText(path);
  const matchPair = pairOf(expect, 'match');
  if (!matchPair) {
    const indent = ' '.repeat(columnOf(text, (expect.items[0]!.key as Node).range![0]));
    return insertLines(text, afterLastItem(text, expect), `${indent}match:\n${indent}  ${key}: ${flowText(rule)}\n`);
  }
  const match = blockMap(matchPair.value);
  if (!match) return undefined;
  const existing = pairOf(match, path);
  if (existing) {
    const keyEnd = (existing.key as Node).range![1];
    const valueEnd = (existing.value as Node | null)?.range?.[1] ?? keyEnd + 1;
    const colon = text.indexOf(':', keyEnd);
    return `${text.slice(0, colon)}: ${flowText(rule)}${text.slice(valueEnd)}`;
  }
  const indent = ' '.repeat(columnOf(text, (match.items[0]!.key as Node).range![0]));
  return insertLines(text, afterLastItem(text, match), `${indent}${key}: ${flowText(rule)}\n`);
}

/** `text` with `steps[stepIndex].expect.match[path] = rule`, the rest of the file as it was. */
export function setMatchRule(text: string, stepIndex: number, path: string, rule: unknown): string {
  const target = ['steps', stepIndex, 'expect', 'match', path];
  const whole = parseDocument(text);
  whole.setIn(target, whole.createNode(rule));
  // The splice must mean exactly what the document API's edit means, or it is not used.
  const meant: unknown = whole.toJS();
  const edited = spliced(text, stepIndex, path, rule);
  if (edited !== undefined) {
    const document = parseDocument(edited);
    if (document.errors.length === 0 && isDeepStrictEqual(document.toJS(), meant)) return edited;
  }
  return whole.toString({ lineWidth: 0 });
}
