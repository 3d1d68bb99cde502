/**
 * Group boundaries (docs/architecture.md): groups meet through each other's model functions and
 * hooks, never through each other's collections, and no import circle spans two groups.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventCatalogueOf, instantiateGroups } from '../src/groups/compose.js';
import { registry } from '../src/resources/index.js';
import { Collection } from '../src/store/collection.js';
import { testCoreServices } from './support/core.js';

const root = join(import.meta.dirname, '..');

/** Every value reachable from a model through its own properties, two levels down. */
function reachable(value: unknown, depth: number, path: string, out: [string, unknown][]): void {
  out.push([path, value]);
  if (depth === 0 || typeof value !== 'object' || value === null || value instanceof Collection) return;
  for (const [key, member] of Object.entries(value)) reachable(member, depth - 1, `${path}.${key}`, out);
}

describe('group boundaries', () => {
  it('no group model hands out a store collection (others could read or write it past the rules)', () => {
    const instances = instantiateGroups(registry, testCoreServices(eventCatalogueOf(registry).map((event) => event.name)));
    const exposed: string[] = [];
    for (const instance of instances) {
      const found: [string, unknown][] = [];
      reachable(instance.context.model, 2, instance.group.name, found);
      for (const [path, value] of found) if (value instanceof Collection) exposed.push(path);
    }
    expect(exposed).toEqual([]);
  });

  it('no import circle spans two groups (none at all in src/)', () => {
    const output = execFileSync(process.execPath, [join(root, 'scripts/import-cycles.mjs'), join(root, 'src')], { encoding: 'utf8' });
    expect(output).toContain('import circles: 0;');
  });
});
