/**
 * Text as the terminal shows it: graphemes (what one backspace removes: an emoji, a letter with
 * its accent) and their width in columns (CJK and emoji take two). Code units are neither: a
 * backspace by code unit left half an emoji (a lone surrogate, sent as U+FFFD), and counting
 * units as columns pushed the cursor off a field holding CJK (audit 17tui T4).
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Where the grapheme before `offset` starts (0 at the start). */
export function previousBoundary(value: string, offset: number): number {
  if (offset <= 0) return 0;
  return segmenter.segment(value).containing(Math.min(offset, value.length) - 1)?.index ?? 0;
}

/** Where the grapheme at `offset` ends (the length at the end). */
export function nextBoundary(value: string, offset: number): number {
  if (offset >= value.length) return value.length;
  const segment = segmenter.segment(value).containing(offset);
  return segment ? segment.index + segment.segment.length : value.length;
}

/** `offset`, moved back to the start of the grapheme it falls in. */
export function snapToBoundary(value: string, offset: number): number {
  if (offset <= 0 || offset >= value.length) return Math.max(0, Math.min(offset, value.length));
  return segmenter.segment(value).containing(offset)?.index ?? offset;
}

// East Asian Wide and Fullwidth blocks (the common ones), two columns each.
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], [0x2329, 0x232a], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff],
  [0xa000, 0xa4cf], [0xa960, 0xa97f], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6f],
  [0xff00, 0xff60], [0xffe0, 0xffe6], [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];

/** Columns one grapheme takes: 0 for controls and lone marks, 2 for wide characters and emoji, else 1. */
export function graphemeWidth(grapheme: string): number {
  const code = grapheme.codePointAt(0) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return 0;
  if (/^[\p{Mn}\p{Me}\p{Cf}]+$/u.test(grapheme)) return 0;
  if (/\p{Extended_Pictographic}/u.test(grapheme) && (grapheme.includes('\uFE0F') || /\p{Emoji_Presentation}/u.test(grapheme))) return 2;
  return WIDE.some(([from, to]) => code >= from && code <= to) ? 2 : 1;
}

export interface Cell {
  readonly text: string;
  /** Code-unit offset in the whole text. */
  readonly start: number;
  readonly width: number;
}

export function cellsOf(text: string): Cell[] {
  return [...segmenter.segment(text)].map(({ segment, index }) => ({ text: segment, start: index, width: graphemeWidth(segment) }));
}

/** The text's width in terminal columns. */
export function columnsOf(text: string): number {
  return cellsOf(text).reduce((sum, cell) => sum + cell.width, 0);
}

/**
 * The part of one line a field `width` columns wide shows with the cursor (a code-unit offset
 * at a grapheme boundary) in view: the text before it, the grapheme under it (a space at the
 * end) and what fits after. Scrolls so the cursor stays on screen, measured in columns.
 */
export function cursorWindow(text: string, cursor: number, width: number): { before: string; at: string; after: string } {
  const cells = cellsOf(text);
  let at = cells.findIndex((cell) => cell.start + cell.text.length > cursor);
  if (at < 0) at = cells.length;
  const under = cells[at];
  let used = Math.max(1, under?.width ?? 1);
  let start = at;
  while (start > 0 && used + cells[start - 1]!.width <= width) used += cells[--start]!.width;
  let end = at + 1;
  while (end < cells.length && used + cells[end]!.width <= width) used += cells[end++]!.width;
  const join = (from: number, to: number): string => cells.slice(from, to).map((cell) => cell.text).join('');
  return { before: join(start, at), at: under?.text ?? ' ', after: join(at + 1, end) };
}
