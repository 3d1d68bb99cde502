/**
 * Vitest global setup: some tests run the built bin (dist/cli/main.js) exactly as users do. A
 * fresh clone has a current dist/ (`npm ci` runs `prepare` -> build), but during development the
 * sources move on; rebuild once per test run when any source is newer than the build, so those
 * tests never exercise stale code. Runs once per `vitest run`, so parallel workers never race on
 * dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SOURCE_DIRS = ['src', 'cli', 'fixtures', 'conformance', 'bench'];

function newestSource(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(tsx?|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const bin = join(root, 'dist', 'cli', 'main.js');
  const configs = ['tsconfig.build.json', 'tsconfig.base.json', 'package.json'].map((name) => statSync(join(root, name)).mtimeMs);
  const sources = Math.max(...configs, ...SOURCE_DIRS.map((dir) => newestSource(join(root, dir))));
  if (existsSync(bin) && statSync(bin).mtimeMs >= sources) return;
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  // tsc still emits when it reports type errors; the typecheck step of `npm test` reports those.
  if (!existsSync(bin)) throw new Error(`build failed, no ${bin}:\n${build.stdout}${build.stderr}`);
  spawnSync(process.execPath, [join(root, 'scripts', 'postbuild.mjs')], { cwd: root });
}
