/**
 * Idempotency under random interleavings (fast-check): requests under a few Idempotency-Keys of
 * two accounts, each with a body that arrives (or is abandoned) whenever the schedule says,
 * through the pipeline in process. Whatever the order:
 *
 * - a request gets 409 exactly when, as it arrives, another request under its key is unanswered
 *   and no answer under the key is stored yet (the first still running, its body still arriving);
 * - no answer is a 5xx (an abandoned body has no client left to answer, so its own is not counted);
 * - one key of one account creates at most one tag, and answers 201 fresh at most once;
 * - a 409 carries Retry-After;
 * - once everything is answered, no key is left held: a retry is never 409.
 *
 * A body source here is a promise the schedule settles, the in-process stand-in for a socket whose
 * body arrives late (test/idempotency-in-progress.test.ts does it over real sockets).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BodySource, SimResponse } from '../src/core/types.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

interface Planned {
  readonly account: 0 | 1;
  readonly key: 0 | 1 | 2;
  readonly variant: 0 | 1;
  readonly abandoned: boolean;
}

interface Sent {
  readonly planned: Planned;
  /** Whether, as it arrived, the key was held by an unanswered request and nothing was stored under it. */
  readonly expectWait: boolean;
  answered: SimResponse | undefined;
  readonly answer: Promise<SimResponse>;
  readonly arrive: () => void;
  readonly abandon: () => void;
}

const tagName = (planned: Pick<Planned, 'key' | 'variant'>): string => `fuzz-${planned.key}-${planned.variant}`;

/** A body that is there only when `arrive` is called (or never, after `abandon`). */
function lateBody(text: string): { source: BodySource; arrive: () => void; abandon: () => void } {
  const bytes = new TextEncoder().encode(text);
  let arrive = (): void => {};
  let abandon = (): void => {};
  const body = new Promise<Uint8Array>((resolve, reject) => {
    arrive = () => resolve(bytes);
    abandon = () => reject(new Error('the client went away'));
  });
  // Settled whether or not the pipeline ever reads it (a refused request never does).
  body.catch(() => {});
  return { source: { declaredLength: bytes.length, read: () => body }, arrive, abandon };
}

const arbPlanned: fc.Arbitrary<Planned> = fc.record({
  account: fc.constantFrom(0 as const, 1 as const),
  key: fc.constantFrom(0 as const, 1 as const, 2 as const),
  variant: fc.constantFrom(0 as const, 1 as const),
  // One body in four never arrives.
  abandoned: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
});

/** Each step: start the next request, or settle the body of one already started; then maybe let the pipeline run. */
const arbStep = fc.record({ start: fc.boolean(), pick: fc.nat(), flush: fc.boolean() });

describe('idempotency under random interleavings of arriving bodies', () => {
  it('answers 409 exactly while the key is held, never 5xx, never creates twice under one key, never leaves a key held', async () => {
    // Not testSimulator: its checker throws at the 500 an abandoned body is answered with (no client hears it).
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const accounts = sim.accounts;
    await fc.assert(
      fc.asyncProperty(fc.array(arbPlanned, { minLength: 1, maxLength: 8 }), fc.array(arbStep, { maxLength: 24 }), async (plan, steps) => {
        sim.sandbox.reset();
        const waiting = [...plan];
        const started: Sent[] = [];
        const open: Sent[] = [];
        const slotOf = (planned: Planned): string => `${planned.account}:${planned.key}`;
        // Exact at each step: the pipeline runs only while a step awaits, and every answer it
        // gave by then has been seen here (its callback ran in the same drain).
        const stored = (slot: string): boolean =>
          started.some((sent) => slotOf(sent.planned) === slot && sent.answered !== undefined && sent.answered.status < 500 && sent.answered.status !== 409);
        const unanswered = (slot: string): boolean => started.some((sent) => slotOf(sent.planned) === slot && sent.answered === undefined);
        const start = (): void => {
          const planned = waiting.shift()!;
          const slot = slotOf(planned);
          const expectWait = unanswered(slot) && !stored(slot);
          const body = lateBody(JSON.stringify({ name: tagName(planned) }));
          const answer = sim.handle({
            method: 'POST',
            path: '/api/v1/tags',
            headers: { 'x-service-api-key': accounts[planned.account]!.keys.write!, 'idempotency-key': `k${planned.key}`, 'content-type': 'application/json' },
            bodySource: body.source,
          });
          const sent: Sent = { planned, expectWait, answered: undefined, answer, arrive: body.arrive, abandon: body.abandon };
          void answer.then((response) => (sent.answered = response));
          started.push(sent);
          open.push(sent);
        };
        const settle = (index: number): void => {
          const [sent] = open.splice(index % open.length, 1);
          if (sent!.planned.abandoned) sent!.abandon();
          else sent!.arrive();
        };
        for (const step of steps) {
          if ((step.start || open.length === 0) && waiting.length > 0) start();
          else if (open.length > 0) settle(step.pick);
          if (step.flush) await new Promise((resolve) => setImmediate(resolve));
        }
        while (waiting.length > 0) start();
        while (open.length > 0) settle(0);
        const answers = await Promise.all(started.map((sent) => sent.answer));

        const fresh = new Map<string, number>();
        answers.forEach((answer, i) => {
          const { planned } = started[i]!;
          if (!planned.abandoned) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          expect(answer.status === 409, `request ${i} of ${JSON.stringify(plan)}: ${answer.status}`).toBe(started[i]!.expectWait);
          if (answer.status === 409) expect(answer.headers['Retry-After']).toBe('1');
          if (answer.status === 201 && answer.headers['Idempotent-Replayed'] === undefined) {
            const slot = `${planned.account}:${planned.key}`;
            fresh.set(slot, (fresh.get(slot) ?? 0) + 1);
          }
        });
        for (const [slot, count] of fresh) expect(count, slot).toBe(1);

        for (const account of [0, 1] as const) {
          const list = await sim.request({ path: '/tags', key: accounts[account]!.keys.read });
          const names = (list.body as { data: { name: string }[] }).data.map((tag) => tag.name);
          for (const key of [0, 1, 2] as const) {
            const created = names.filter((name) => name === tagName({ key, variant: 0 }) || name === tagName({ key, variant: 1 })).length;
            expect(created, `account ${account} key ${key}`).toBe(fresh.get(`${account}:${key}`) ?? 0);
            // Nothing is left running, so a retry is answered: a run, a replay or a reuse, never a wait.
            const retry = await sim.request({
              method: 'POST',
              path: '/tags',
              key: accounts[account]!.keys.write,
              headers: { 'Idempotency-Key': `k${key}` },
              body: { name: tagName({ key, variant: 0 }) },
            });
            expect([201, 422]).toContain(retry.status);
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
