/**
 * One in-process upload of the generated 1 GB MP4, in a process of its own so its memory is the
 * upload's alone: `node dist/bench/uploads-child.js sim.fetch|msw`. Prints one JSON line:
 * resident MB before, the peak during the upload, and the time it took.
 */
import { setupServer } from 'msw/node';
import { createHandlers } from '../src/adapters/msw.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { peakRssMb, resetPeak, rssMb } from './rss.js';
import { expectJudged, uploadInit } from './upload-body.js';

const MSW_BASE = 'https://uploads.bench.test/api/v1';

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode !== 'sim.fetch' && mode !== 'msw') throw new Error('mode: sim.fetch or msw');
  const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
  const key = sim.accounts[0]!.keys.full!;
  const draft = await sim.request({ method: 'POST', path: '/posts', key, body: { platform: 'facebook', post_type: 'reels', caption: 'Bench' } });
  const id = (draft.body as { data: { id: number } }).data.id;
  const server = mode === 'msw' ? setupServer(...createHandlers(sim, { baseUrl: MSW_BASE })) : undefined;
  server?.listen({ onUnhandledRequest: 'error' });

  (globalThis as { gc?: () => void }).gc?.();
  const baseline = rssMb();
  resetPeak();
  const started = performance.now();
  const url = `${mode === 'msw' ? MSW_BASE : 'http://127.0.0.1/api/v1'}/posts/${id}/media`;
  const response = mode === 'msw' ? await fetch(url, uploadInit(key)) : await sim.fetch(new Request(url, uploadInit(key)));
  await expectJudged(response);
  const ms = performance.now() - started;
  const peak = peakRssMb();
  server?.close();
  sim.close();
  console.log(JSON.stringify({ baseline, peak, ms }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
