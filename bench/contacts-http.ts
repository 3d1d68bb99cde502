/**
 * Contacts over real HTTP: `GET /contacts/{id}` and `POST /contacts` (each a new identity, so every
 * request creates a contact and its event) on the simulator's node server, against bare node:http
 * in the same run. Servers run in their own processes (bench/http-target.ts); rounds alternate the
 * order and the ratio is the median per-round ratio, as in bench/http.ts. The GETs go to a
 * simulator of their own: the POST rounds add some 100k contacts and their events, and the GET
 * figure should measure a read of the seeded store, not whatever heap the writes left behind.
 * Both sides of each ratio get identical requests (the bare server ignores the key, and reads and
 * parses a POST's body before it answers, as any JSON server must).
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_ACCOUNTS, defaultKey } from '../fixtures/default-seed.js';
import { LOAD_SHAPES, ROUNDS, SECONDS, type LoadShape } from './http.js';
import { startAndReadLine, stop } from './process.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

const TARGET = join(import.meta.dirname, 'http-target.js');
const MIN_GET_RATIO = 0.6;
/** Issue 12, Benchmarks: POST /contacts in memory at >= 0.5x a bare node:http server that parses the body, in both load shapes. */
const MIN_POST_RATIO = 0.5;
/** Contact 1 is the first seeded contact of the first default account (src/resources/contacts/default-seed.json). */
const CONTACT_ID = 1;

interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A fresh body per request. */
  body?: () => string;
}

async function measure(target: Target, duration: number, shape: LoadShape): Promise<number> {
  collectGarbage();
  const { body, ...options } = target;
  // `requests[].setupRequest` runs before every request (autocannon README, "requests"). Not
  // `idReplacement`: autocannon sizes Content-Length for a 33-character id that hyperid does not
  // always produce, and the connections stall.
  const requests = body ? [{ setupRequest: (request: object) => ({ ...request, body: body() }) }] : undefined;
  const result = await autocannon({
    ...options,
    connections: shape.connections,
    pipelining: shape.pipelining,
    duration,
    requests,
  } as Parameters<typeof autocannon>[0]);
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${target.method} ${target.url}: ${result.errors} errors, ${result.non2xx} non-2xx; not a valid measurement`);
  }
  return result.requests.average;
}

export async function run(): Promise<BenchRow[]> {
  const mirrored = JSON.stringify([
    { method: 'GET', path: `/api/v1/contacts/${CONTACT_ID}` },
    { method: 'POST', path: '/api/v1/contacts', body: { channel: 'telegram', platform_user_id: 'bench-mirror', name: 'Bench Person', tags: ['vip'] } },
  ]);
  const [bare, simForGets, simForPosts] = await Promise.all([
    startAndReadLine([TARGET, 'bare', mirrored]),
    startAndReadLine([TARGET, 'sim']),
    startAndReadLine([TARGET, 'sim']),
  ]);
  try {
    const account = DEFAULT_ACCOUNTS[0]!;
    const readKey = { 'X-Service-Api-Key': defaultKey(account, 'read') };
    const json = { 'Content-Type': 'application/json', 'X-Service-Api-Key': defaultKey(account, 'write') };
    let serial = 0;
    const post = () =>
      JSON.stringify({ channel: 'telegram', platform_user_id: `bench-${++serial}`, name: 'Bench Person', tags: ['vip'] });
    const targets = {
      bareGet: { url: `${bare.line}/api/v1/contacts/${CONTACT_ID}`, method: 'GET', headers: readKey },
      simGet: { url: `${simForGets.line}/api/v1/contacts/${CONTACT_ID}`, method: 'GET', headers: readKey },
      barePost: { url: `${bare.line}/api/v1/contacts`, method: 'POST', headers: json, body: post },
      simPost: { url: `${simForPosts.line}/api/v1/contacts`, method: 'POST', headers: json, body: post },
    } satisfies Record<string, Target>;
    type Name = keyof typeof targets;
    const rows: BenchRow[] = [];
    for (const shape of LOAD_SHAPES) {
      for (const name of Object.keys(targets) as Name[]) await measure(targets[name], 1, shape); // warm-up
      const results: Record<Name, number[]> = { bareGet: [], simGet: [], barePost: [], simPost: [] };
      for (let i = 0; i < ROUNDS; i++) {
        const order: Name[] = i % 2 === 0 ? ['bareGet', 'simGet', 'simPost', 'barePost'] : ['simGet', 'bareGet', 'barePost', 'simPost'];
        for (const name of order) results[name].push(await measure(targets[name], SECONDS, shape));
      }
      const ratio = (sim: number[], base: number[]) => median(sim.map((value, i) => value / base[i]!));
      const getRatio = ratio(results.simGet, results.bareGet);
      const postRatio = ratio(results.simPost, results.barePost);
      const rounds = `${ROUNDS} rounds x ${SECONDS} s; median round, median per-round ratio`;
      rows.push(
        {
          name: `HTTP: simulator GET /contacts/{id} (${shape.label})`,
          value: Math.round(median(results.simGet)),
          unit: 'req/s',
          baseline: Math.round(median(results.bareGet)),
          ratio: round(getRatio),
          ...(shape.targeted ? { target: `>= ${MIN_GET_RATIO}x bare`, pass: getRatio >= MIN_GET_RATIO } : {}),
          note: `sim ${results.simGet.map(Math.round).join(', ')}; bare ${results.bareGet.map(Math.round).join(', ')}; ${rounds}`,
        },
        {
          name: `HTTP: simulator POST /contacts, new identity each (${shape.label})`,
          value: Math.round(median(results.simPost)),
          unit: 'req/s',
          baseline: Math.round(median(results.barePost)),
          ratio: round(postRatio),
          target: `>= ${MIN_POST_RATIO}x bare`,
          pass: postRatio >= MIN_POST_RATIO,
          note: `creates a contact, a tag attachment and a contact.updated event per request; sim ${results.simPost
            .map(Math.round)
            .join(', ')}; bare ${results.barePost.map(Math.round).join(', ')}`,
        },
      );
    }
    return rows;
  } finally {
    await Promise.all([stop(bare.child), stop(simForGets.child), stop(simForPosts.child)]);
  }
}
