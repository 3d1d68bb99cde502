#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile (`node --cpu-prof` writes `*.cpuprofile`): self time by function
 * and by file, largest first, and the inclusive time of the functions whose names match an
 * optional filter. How the write path was profiled for issue 12 (docs/decisions.md):
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/bench/http-target.js sim   # then load it
 *   node scripts/cpu-profile-summary.mjs /tmp/prof/<file>.cpuprofile [top] [name-filter]
 */
import { readFileSync } from 'node:fs';

const [file, topArg, filter] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-summary.mjs <file.cpuprofile> [top=40] [function-name filter]');
  process.exit(2);
}
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

// Self time per node: each sample charges the time until the next one to the sampled node.
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i + 1] ?? 0;
  selfMicros.set(profile.samples[i], (selfMicros.get(profile.samples[i]) ?? 0) + delta);
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

const shortUrl = (url) => (url ? url.replace(/^file:\/\//, '').replace(/^.*\/(dist|node_modules)\//, '$1/') : '(native)');
const label = (frame) => `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;

const byFunction = new Map();
const byFile = new Map();
for (const [id, micros] of selfMicros) {
  const frame = nodes.get(id).callFrame;
  byFunction.set(label(frame), (byFunction.get(label(frame)) ?? 0) + micros);
  byFile.set(shortUrl(frame.url), (byFile.get(shortUrl(frame.url)) ?? 0) + micros);
}

// Inclusive time: a node's self time plus its descendants', counted once per function per stack.
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const inclusive = new Map();
for (const [id, micros] of selfMicros) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const name = label(nodes.get(at).callFrame);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
}

const percent = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)}%`;
const print = (title, map, limit, keep = () => true) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...map].filter(([name]) => keep(name)).sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${percent(micros)}  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
print('Self time by file', byFile, 25);
print('Self time by function', byFunction, top);
if (filter) print(`Inclusive time, functions matching /${filter}/`, inclusive, top, (name) => new RegExp(filter).test(name));
