/** Child processes for the benchmarks: start one, wait for its first stdout line, stop it. */
import { spawn } from 'node:child_process';
export function startAndReadLine(args, timeoutMs = 20_000) {
    const began = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    return new Promise((resolve, reject) => {
        let out = '';
        let err = '';
        const timer = setTimeout(() => {
            child.kill('SIGKILL');
            reject(new Error(`${args.join(' ')}: no output within ${timeoutMs} ms\n${err}`));
        }, timeoutMs);
        child.stderr.on('data', (chunk) => (err += chunk.toString()));
        child.stdout.on('data', (chunk) => {
            out += chunk.toString();
            const newline = out.indexOf('\n');
            if (newline < 0)
                return;
            clearTimeout(timer);
            child.stdout.removeAllListeners('data');
            child.stdout.resume();
            resolve({ child, line: out.slice(0, newline), elapsedMs: performance.now() - began });
        });
        child.once('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`${args.join(' ')} exited with ${code} before printing\n${err}`));
        });
    });
}
export function stop(child) {
    return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
            return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
    });
}
//# sourceMappingURL=process.js.map