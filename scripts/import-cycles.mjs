#!/usr/bin/env node
// Import circles among source files (type-only imports included): prints each strongly connected
// component of more than one file, and the largest one that spans two groups of src/resources.
// Usage: node scripts/import-cycles.mjs [root=src]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'src');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) files.push(path);
  }
})(root);

const edges = new Map(files.map((file) => [file, []]));
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)) {
    const target = resolve(dirname(file), match[1].replace(/\.js$/, '.ts'));
    if (edges.has(target)) edges.get(target) && edges.get(file).push(target);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function connect(node) {
  state.set(node, { index, low: index, onStack: true });
  index++;
  stack.push(node);
  for (const next of edges.get(node)) {
    if (!state.has(next)) {
      connect(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component);
  }
}
for (const file of files) if (!state.has(file)) connect(file);

const groupOf = (file) => /\/resources\/([^/]+)\//.exec(file)?.[1];
let largestAcrossGroups = 0;
for (const component of components.sort((a, b) => b.length - a.length)) {
  const groups = new Set(component.map(groupOf).filter(Boolean));
  if (groups.size > 1) largestAcrossGroups = Math.max(largestAcrossGroups, component.length);
  console.log(`${component.length} files${groups.size > 1 ? ` across groups ${[...groups].join(', ')}` : ''}:`);
  for (const file of component.sort()) console.log(`  ${relative(process.cwd(), file)}`);
}
console.log(`import circles: ${components.length}; largest across resource groups: ${largestAcrossGroups} files`);
process.exitCode = largestAcrossGroups > 0 ? 1 : 0;
