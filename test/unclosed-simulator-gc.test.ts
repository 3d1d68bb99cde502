/**
 * A real-clock simulator its user drops without `close()` is garbage (audit 10d, F2): the
 * scheduler's unref'd timer must not keep it reachable. Measured in a child `node --expose-gc`
 * on the built package, because vitest's worker has no `gc()`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const entry = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'src', 'index.js')).href;
const CREATED = 8;

/**
 * For each way of leaving CREATED simulators, how many of their clocks are still reachable after
 * gc. The clock is the probe because the scheduler's timer reached it (and the world behind it):
 * before the fix all 8 survived (~2.3 MB each) while the facade object itself was collectable.
 */
const script = `
  const { createSimulator } = await import(${JSON.stringify(entry)});
  const quiet = { info() {}, warn() {}, error() {} };
  async function surviving(closeThem, keepOne) {
    const refs = [];
    let kept;
    for (let i = 0; i < ${CREATED}; i++) {
      const sim = createSimulator({ rateLimit: 'off', logger: quiet });
      refs.push(new WeakRef(sim.clock));
      if (closeThem) sim.close();
      if (keepOne && i === 0) kept = sim;
    }
    for (let round = 0; round < 4; round++) {
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const alive = refs.filter((ref) => ref.deref() !== undefined).length;
    kept?.close();
    return alive;
  }
  console.log(JSON.stringify({ dropped: await surviving(false, false), closed: await surviving(true, false), kept: await surviving(false, true) }));
`;

describe('a simulator that is never closed', () => {
  it('is collected once unreferenced, like a closed one; one still referenced is not', () => {
    const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    const alive = JSON.parse(child.stdout) as { dropped: number; closed: number; kept: number };
    // V8 may hold the last one created a little longer (the loop's own slot): at most one.
    expect(alive.dropped).toBeLessThanOrEqual(1);
    expect(alive.closed).toBeLessThanOrEqual(1);
    // The probe is not vacuous: a simulator the caller still holds keeps its clock.
    expect(alive.kept).toBeGreaterThanOrEqual(1);
  });
});
