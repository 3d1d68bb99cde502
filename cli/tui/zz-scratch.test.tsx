import { it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from './app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
it('explore', async () => {
  const app = render(<App paths={undefined} size={{ columns: 80, rows: 24 }} connect={{ kind: 'builtin' }} writeRaw={() => {}} />);
  while (!app.lastFrame()!.includes('connected to')) await sleep(100);
  app.stdin.write('2');
  await sleep(1500);
  console.log(app.lastFrame());
  app.stdin.write('j');
  await sleep(300);
  console.log(app.lastFrame());
  console.log(app.stderr.frames.join('\n'));
  app.unmount();
}, 30000);
