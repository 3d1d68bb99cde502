/**
 * Runs the built bin in a real pseudo-terminal and reads the screen as a person sees it, with
 * no native module: `script(1)` (util-linux) makes the pty, `stty` sizes it, and @xterm/headless
 * (pure JS, pinned) turns the bytes into a screen. `keys()` types, `waitFor()` polls the screen.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import xterm from '@xterm/headless';

const { Terminal } = xterm as unknown as { Terminal: typeof import('@xterm/headless').Terminal };

export const BIN = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');

export interface PtyOptions {
  readonly args: readonly string[];
  readonly columns?: number;
  readonly rows?: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export class PtySession {
  readonly terminal: InstanceType<typeof Terminal>;
  private readonly child: ChildProcessWithoutNullStreams;
  private exited: Promise<number | null>;
  /** Wall time from spawn to the first byte the app wrote. */
  firstOutputMs: number | undefined;
  readonly started = performance.now();
  private pending = Promise.resolve();

  constructor(options: PtyOptions) {
    const columns = options.columns ?? 80;
    const rows = options.rows ?? 24;
    this.terminal = new Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 0 });
    const command = `stty rows ${rows} cols ${columns} && exec ${shellQuote(process.execPath)} ${[BIN, ...options.args].map(shellQuote).join(' ')}`;
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color', ...options.env };
    delete env['CI'];
    this.child = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], { env, cwd: options.cwd ?? process.cwd() }) as ChildProcessWithoutNullStreams;
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.firstOutputMs ??= performance.now() - this.started;
      // Writes are applied in order; reads wait for the ones pending.
      this.pending = this.pending.then(() => new Promise<void>((resolve) => this.terminal.write(chunk, () => resolve())));
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** The screen as text, one line per row, trailing spaces trimmed. */
  async screen(): Promise<string> {
    await this.pending;
    const buffer = this.terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < this.terminal.rows; row++) lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
    return lines.join('\n');
  }

  /** Types text or control sequences; one key per write, paced like a person (ink reads a burst as a paste). */
  async keys(...sequences: string[]): Promise<void> {
    for (const sequence of sequences) {
      this.child.stdin.write(sequence);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  }

  /** Types a string one character at a time. */
  async type(text: string): Promise<void> {
    await this.keys(...[...text]);
  }

  /** Polls until the screen satisfies the test (a string it contains, or a predicate). */
  async waitFor(test: string | RegExp | ((screen: string) => boolean), timeoutMs = 30_000): Promise<string> {
    const deadline = performance.now() + timeoutMs;
    let last = '';
    while (performance.now() < deadline) {
      last = await this.screen();
      const ok = typeof test === 'string' ? last.includes(test) : test instanceof RegExp ? test.test(last) : test(last);
      if (ok) return last;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the screen never showed ${String(test)}; it shows:\n${last}`);
  }

  async close(): Promise<number | null> {
    if (this.child.exitCode === null) {
      this.child.stdin.write('\u0003');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 3_000);
      const code = await this.exited;
      clearTimeout(timer);
      return code;
    }
    return this.exited;
  }

  wait(): Promise<number | null> {
    return this.exited;
  }
}

export const KEY = { enter: '\r', escape: '\u001B', tab: '\t', up: '\u001B[A', down: '\u001B[B', ctrlC: '\u0003', ctrlU: '\u0015' } as const;
