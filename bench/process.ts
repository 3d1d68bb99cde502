/** Child processes for the benchmarks: start one, wait for its first stdout line, stop it. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  /** The first stdout line. */
  line: string;
  /** Milliseconds from spawn to the first stdout line. */
  elapsedMs: number;
}

export function startAndReadLine(args: readonly string[], timeoutMs = 20_000): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: no output within ${timeoutMs} ms\n${err}`));
    }, timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      child.removeAllListeners('exit');
      // A server that dies mid-benchmark shows up as connection errors; say why.
      child.once('exit', (code, signal) => {
        if (signal !== 'SIGKILL') console.error(`${args.join(' ')} exited (${code ?? signal}) during the benchmark\n${err}`);
      });
      resolve({ child, line: out.slice(0, newline), elapsedMs: performance.now() - began });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before printing\n${err}`));
    });
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
