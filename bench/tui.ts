/**
 * The terminal UI: (1) start-up to first frame, the built bin in a real pseudo-terminal
 * (`script(1)`), timed from spawn to the targets screen's text on the terminal; (2) frame time
 * while tailing 100 events per second: the app rendered by ink into an 80×24 in-memory TTY on
 * the tail screen, while the in-process sandbox's journal gets 100 events a second. ink reports
 * each frame's render time (layout and output); the CPU the whole process used is measured too.
 */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { median, round, type BenchRow } from './types.js';

const BIN = join(import.meta.dirname, '..', 'cli', 'main.js');
const RUNS = Number(process.env['BENCH_TUI_RUNS'] ?? 5);
const TAIL_SECONDS = Number(process.env['BENCH_TUI_TAIL_SECONDS'] ?? 5);
const EVENTS_PER_SECOND = 100;
const STARTUP_TARGET_MS = 1_000;
const FRAME_TARGET_MS = 16;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Spawn to the first frame's text, in a pseudo-terminal of 80×24. */
function firstFrame(dir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const command = `stty rows 24 cols 80 && exec '${process.execPath}' '${BIN}' tui`;
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color', XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
    delete env['CI'];
    const child = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    // The app may be gone before our last key reaches it.
    child.stdin.on('error', () => undefined);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no first frame within 20 s:\n${out.slice(-500)}`));
    }, 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!out.includes('Pick a target')) return;
      const elapsed = performance.now() - began;
      clearTimeout(timer);
      child.stdin.write('q');
      child.once('exit', () => resolve(elapsed));
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
    });
  });
}

/** An in-memory TTY for ink: 80×24, counting bytes. */
class FakeStdout extends Writable {
  readonly isTTY = true;
  readonly columns = 80;
  readonly rows = 24;
  bytes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.bytes += chunk.length;
    callback();
  }
}

class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  setRawMode(): this {
    return this;
  }
  setEncoding(): this {
    return this;
  }
  read(): null {
    return null;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

async function tailFrames(): Promise<{ frames: number[]; cpuPercent: number; events: number; shown: boolean }> {
  delete process.env['CI'];
  // As the bin runs it (cli/tui/index.ts): React's production build.
  process.env['NODE_ENV'] ??= 'production';
  const [{ createElement }, { render }, { App }, { connectSandbox }, { createSimulator }, { silentLogger }] = await Promise.all([
    import('react'),
    import('ink'),
    import('../cli/tui/app.js'),
    import('../cli/tui/target/connection.js'),
    import('../src/simulator.js'),
    import('../src/core/logger.js'),
  ]);
  const sim = createSimulator({ logger: silentLogger });
  const stdout = new FakeStdout();
  const frames: number[] = [];
  let recording = false;
  const instance = render(
    createElement(App, { paths: undefined, connect: { kind: 'builtin' }, screen: 'tail', makeSandbox: () => connectSandbox({ simulator: sim }), writeRaw: () => undefined }),
    {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
      stderr: new FakeStdout() as unknown as NodeJS.WriteStream,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 30,
      onRender: ({ renderTime }) => {
        if (recording) frames.push(renderTime);
      },
    },
  );
  // Let it connect; the tail is the first screen here, and connecting keeps it.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  recording = true;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let emitted = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * EVENTS_PER_SECOND);
      while (emitted < due) {
        sim.sandbox.emitEvent(1, 'contact.updated', { contact: { id: emitted + 1 }, changes: ['name'] });
        emitted++;
      }
      if (performance.now() - started >= TAIL_SECONDS * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  recording = false;
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - started;
  instance.unmount();
  sim.close();
  return { frames, cpuPercent: ((cpu.user + cpu.system) / 1000 / wall) * 100, events: emitted, shown: stdout.bytes > 0 };
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-tui-'));
  const times: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) times.push(await firstFrame(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const startup = median(times);
  const tail = await tailFrames();
  const p50 = percentile(tail.frames, 50);
  const p95 = percentile(tail.frames, 95);
  return [
    {
      name: 'tui start-up to first frame (pty 80x24)',
      value: round(startup, 0),
      unit: 'ms',
      target: `< ${STARTUP_TARGET_MS} ms`,
      pass: startup < STARTUP_TARGET_MS,
      note: `median of ${RUNS}: ${times.map((t) => Math.round(t)).join(', ')} ms (spawn to the targets screen on the terminal)`,
    },
    {
      name: `tui frame time tailing ${EVENTS_PER_SECOND} events/s (p95)`,
      value: round(p95, 2),
      unit: 'ms',
      target: `< ${FRAME_TARGET_MS} ms`,
      pass: p95 < FRAME_TARGET_MS && tail.frames.length > 0,
      note: `${tail.frames.length} frames in ${TAIL_SECONDS} s for ${tail.events} events (ink caps at 30 fps); p50 ${round(p50, 2)} ms; the process used ${round(tail.cpuPercent, 0)}% of a core`,
    },
  ];
}
