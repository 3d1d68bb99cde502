/**
 * Runs the built bin (`dist/cli/main.js`) as a child process, the way a user or a CI script does.
 * test/global-setup.ts rebuilds dist/ first when the sources are newer.
 */
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithStdioTuple, type StdioPipe } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');

export interface ReadyLine {
  base_url: string;
  control_token: string;
  accounts: { id: number; plan: string; addon: string; keys: { full: string; admin: string; write: string; read: string } }[];
}

export interface ServeProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly ready: ReadyLine;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  readonly exited: Promise<number | string>;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `switchboard <args>` to completion. */
export function runCli(args: readonly string[], timeoutMs = 15_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`switchboard ${args.join(' ')} did not exit in ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts `switchboard serve --port 0 --json <args>` and waits for its ready line. `fdLimit` runs
 * it under `ulimit -n` (a machine with few file descriptors); `env` adds environment variables.
 */
export function startServe(
  args: readonly string[] = [],
  timeoutMs = 15_000,
  options: { fdLimit?: number; env?: Readonly<Record<string, string>> } = {},
): Promise<ServeProcess> {
  const argv = [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--json', ...args];
  const spawnOptions: SpawnOptionsWithStdioTuple<StdioPipe, StdioPipe, StdioPipe> = { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } };
  const child =
    options.fdLimit === undefined
      ? spawn(process.execPath, argv, spawnOptions)
      : spawn('/bin/sh', ['-c', `ulimit -n ${options.fdLimit} && exec "$0" "$@"`, process.execPath, ...argv], spawnOptions);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve was not ready in ${timeoutMs} ms\nstderr: ${stderr}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      const before = stdout;
      stdout += chunk.toString();
      if (before.includes('\n')) return;
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      try {
        const ready = JSON.parse(stdout.slice(0, newline)) as ReadyLine;
        resolve({ child, ready, stdout: () => stdout, stderr: () => stderr, exited });
      } catch (error) {
        child.kill('SIGKILL');
        reject(new Error(`first stdout line is not JSON: ${stdout.slice(0, newline)}\n${String(error)}`));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before it was ready\nstderr: ${stderr}`));
    });
  });
}

/** Sends a signal and waits for the exit, killing hard if it takes longer than `timeoutMs`. */
export async function stopServe(server: ServeProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000): Promise<number | string> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}
