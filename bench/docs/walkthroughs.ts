/**
 * The README's and the docs' examples read as walkthroughs (issue 13), shared by the suite's
 * docs test (test/readme.test.ts runs each curl against an in-process simulator and checks the
 * JSON blocks) and the Prism proxy check (bench/docs/check-prism.ts replays the same curls
 * through `prism proxy --errors`), so both read the docs the same way.
 *
 * A file is read top to bottom: shell blocks (```sh, bash, shell, console) give commands, in
 * order; a variable a command sets (`KEY=...`) carries forward; each `curl` aimed at the default
 * server (http://127.0.0.1:4010) becomes a step, sent as curl would send it; a file a heredoc
 * wrote (`cat > flow.json <<'JSON'`) is there for a later `-d @flow.json`. A curl with a
 * placeholder (`...`, `<id>`, an unset variable, `$(...)`), a file nobody wrote or a multipart
 * upload is left out and counted.
 * Fenced ```json blocks come back in place too, so a checker can pair a response with the curl
 * before it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where every example in the docs assumes the simulator listens. */
export const DOCS_ORIGIN = 'http://127.0.0.1:4010';

/** A curl the walkthrough runs: everything it sends, with variables expanded. */
export interface CurlStep {
  readonly kind: 'curl';
  /** The command as written (continuations joined), for messages. */
  readonly command: string;
  /** 1-based line of the fence that holds it. */
  readonly line: number;
  readonly method: string;
  /** Path and query, starting at the origin's root (`/api/v1/...`, `/_sandbox/...`). */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A curl that cannot be replayed as written (placeholders, a file, multipart, another host). */
export interface SkippedStep {
  readonly kind: 'skipped';
  readonly command: string;
  readonly line: number;
}

/** A fenced ```json block, with the marker comment right before its fence, if any. */
export interface JsonBlock {
  readonly kind: 'json';
  readonly text: string;
  readonly line: number;
  /** The text of an HTML comment on the line before the fence (`illustrative`, `seed account`...). */
  readonly marker: string | undefined;
}

export type WalkthroughItem = CurlStep | SkippedStep | JsonBlock;

/** README.md and every Markdown file under docs/, the carried spec excepted (it is the API's, not ours). */
export function docsFiles(root: string): string[] {
  const under = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? under(join(dir, entry.name)) : entry.name.endsWith('.md') && !dir.includes('spec') ? [join(dir, entry.name)] : [],
    );
  return ['README.md', ...under('docs')];
}

/** Shell words of one command line: quotes removed, stopping at a pipe, redirect or comment. */
export function shellWords(line: string): string[] {
  const out: string[] = [];
  let current: string | undefined;
  let last = 0;
  for (const match of line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+)/g)) {
    const gap = line.slice(last, match.index);
    const startsWord = current === undefined || /\s/.test(gap);
    if (startsWord && match[3] !== undefined && /^(\|\|?|&&|>|#)/.test(match[3])) break;
    if (current !== undefined && startsWord) {
      out.push(current);
      current = undefined;
    }
    current = (current ?? '') + (match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? '');
    last = match.index + match[0].length;
  }
  if (current !== undefined) out.push(current);
  return out;
}

/** A file a shell block writes with a heredoc (`cat > flow.json <<'JSON'`), for a later `-d @flow.json`. */
interface WrittenFile {
  readonly file: string;
  readonly content: string;
}

const HEREDOC = /^\s*cat\s+(?:>\s*(\S+)\s+<<-?\s*'?(\w+)'?|<<-?\s*'?(\w+)'?\s+>\s*(\S+))\s*$/;

/**
 * Commands of one shell block, and the files its heredocs write, in order: a line ends a command
 * unless a backslash continues it or a single quote is still open.
 */
function commandsOf(block: string): (string | WrittenFile)[] {
  const out: (string | WrittenFile)[] = [];
  const lines = block.split('\n');
  let pending: string[] = [];
  const flush = () => {
    let open = '';
    for (const line of pending.join('\n').replace(/\\\n\s*/g, ' ').split('\n')) {
      open = open === '' ? line : `${open} ${line.trim()}`;
      if ((open.match(/'/g) ?? []).length % 2 === 0) {
        out.push(open.replace(/^\s*\$\s+/, '').trim());
        open = '';
      }
    }
    if (open !== '') out.push(open.trim());
    pending = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const heredoc = HEREDOC.exec(lines[i]!);
    if (heredoc === null) {
      pending.push(lines[i]!);
      continue;
    }
    flush();
    const file = heredoc[1] ?? heredoc[4]!;
    const tag = heredoc[2] ?? heredoc[3]!;
    const content: string[] = [];
    for (i++; i < lines.length && lines[i]!.trim() !== tag; i++) content.push(lines[i]!);
    out.push({ file, content: `${content.join('\n')}\n` });
  }
  flush();
  return out.filter((command) => command !== '');
}

interface Fence {
  readonly lang: string;
  readonly text: string;
  readonly line: number;
  readonly marker: string | undefined;
}

/** Every fenced block of a Markdown text, in order (fences at the start of a line, any indent). */
function fencesOf(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*```([\w-]*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const before = start > 0 ? /^\s*<!--\s*(.*?)\s*-->\s*$/.exec(lines[start - 1]!) : null;
    fences.push({ lang: open[1]!, text: body.join('\n'), line: start + 1, marker: before?.[1] });
  }
  return fences;
}

const UNRESOLVED = /\$[A-Z_{(]|\.\.\.|<[a-z_ ]+>/i;

/**
 * One curl command, expanded, as the request curl sends; undefined when it cannot run as written.
 * As curl does: `-d` data parts join with `&` (a file read with `-d @file` loses its newlines,
 * `--data-binary @file` keeps them), `--data-urlencode name=value` encodes the value, `-G` moves
 * the data to the query string, and a body without a Content-Type goes as
 * `application/x-www-form-urlencoded`.
 */
function curlOf(argv: readonly string[], files: ReadonlyMap<string, string>): Omit<CurlStep, 'kind' | 'command' | 'line'> | undefined {
  let method: string | undefined;
  let url: string | undefined;
  const data: string[] = [];
  let missingFile = false;
  let multipart = false;
  let head = false;
  let get = false;
  const headers: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-X' || arg === '--request') method = argv[++i];
    else if (arg === '-H' || arg === '--header') {
      const header = argv[++i] ?? '';
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(arg)) {
      const value = argv[++i] ?? '';
      if (value.startsWith('@') && arg !== '--data-raw') {
        const content = files.get(value.slice(1));
        if (content === undefined) missingFile = true;
        else data.push(arg === '--data-binary' ? content : content.replace(/[\r\n]/g, ''));
      } else data.push(value);
    } else if (arg === '--data-urlencode') {
      const value = argv[++i] ?? '';
      const equals = value.indexOf('=');
      data.push(equals < 0 ? encodeURIComponent(value) : `${value.slice(0, equals)}=${encodeURIComponent(value.slice(equals + 1))}`);
    } else if (arg === '-F' || arg === '--form') (multipart = true), i++;
    else if (arg === '-I' || arg === '--head') head = true;
    else if (arg === '-G' || arg === '--get') get = true;
    else if (arg === '-o' || arg === '-w' || arg === '--output' || arg === '--write-out') i++;
    else if (/^https?:\/\//.test(arg)) url = arg;
  }
  let body = data.length > 0 ? data.join('&') : undefined;
  if (get && body !== undefined) {
    url = `${url ?? ''}${url?.includes('?') === true ? '&' : '?'}${body}`;
    body = undefined;
  }
  const unresolved = missingFile || [url ?? '', ...Object.values(headers), body ?? ''].some((text) => UNRESOLVED.test(text));
  if (!url?.startsWith(`${DOCS_ORIGIN}/`) || unresolved || multipart) return undefined;
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  return {
    method: method ?? (head ? 'HEAD' : body !== undefined ? 'POST' : 'GET'),
    target: url.slice(DOCS_ORIGIN.length),
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

/**
 * A Markdown file as a walkthrough: its curls (run or left out) and its JSON blocks, in order.
 * `preset` holds variables the reader has before starting (the operator token as `OPERATOR`);
 * a file's own assignment of a preset name is ignored.
 */
export function walkthrough(markdown: string, preset: Readonly<Record<string, string>> = {}): WalkthroughItem[] {
  const vars = new Map<string, string>(Object.entries(preset));
  const files = new Map<string, string>();
  const items: WalkthroughItem[] = [];
  for (const fence of fencesOf(markdown)) {
    if (fence.lang === 'json') {
      items.push({ kind: 'json', text: fence.text, line: fence.line, marker: fence.marker });
      continue;
    }
    if (!['sh', 'bash', 'shell', 'console'].includes(fence.lang)) continue;
    for (const command of commandsOf(fence.text)) {
      if (typeof command !== 'string') {
        files.set(command.file, command.content);
        continue;
      }
      for (const assignment of command.split(/;\s*/)) {
        const set = /^([A-Z_]+)=(\S+)/.exec(assignment);
        if (set && !(set[1]! in preset) && !set[2]!.includes('...')) vars.set(set[1]!, set[2]!);
      }
      if (!/^curl\s/.test(command)) continue;
      // Expanded after quote removal, as a shell does: a substituted file's own quotes stay text.
      const argv = shellWords(command)
        .slice(1)
        .map((word) =>
          word
            .replace(/\$\(cat ([\w.-]+)\)/g, (whole, file: string) => files.get(file)?.replace(/\n+$/, '') ?? whole)
            .replace(/\$\{?([A-Z_]+)\}?/g, (whole, name: string) => vars.get(name) ?? whole),
        );
      const request = curlOf(argv, files);
      items.push(request === undefined ? { kind: 'skipped', command, line: fence.line } : { kind: 'curl', command, line: fence.line, ...request });
    }
  }
  return items;
}

/** `walkthrough` of a file under `root`. */
export function walkthroughOfFile(root: string, file: string, preset: Readonly<Record<string, string>> = {}): WalkthroughItem[] {
  return walkthrough(readFileSync(join(root, file), 'utf8'), preset);
}
