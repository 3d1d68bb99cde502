import { describe, expect, it } from 'vitest';
import { OriginUnreachable, probeSandbox, SANDBOX_DOCUMENT_TITLE } from './sandbox-probe.js';

const control = 'http://deploy.invalid/_sandbox';
const answer = (status: number, body: string) => async () => new Response(body, { status });
const silent = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));

describe('the sandbox probe (kit, scenario run, TUI)', () => {
  it('is a sandbox only for the control plane document with the sandbox title', async () => {
    const document = { openapi: '3.1.0', info: { title: SANDBOX_DOCUMENT_TITLE, version: '1' }, paths: {} };
    expect(await probeSandbox(answer(200, JSON.stringify(document)), control)).toEqual({ sandbox: true });
    // Another product's document at the same path proves nothing.
    expect(await probeSandbox(answer(200, '{"openapi":"3.1.0"}'), control)).toEqual({ sandbox: false });
    expect(await probeSandbox(answer(200, JSON.stringify({ ...document, info: { title: 'Some sandbox' } })), control)).toEqual({ sandbox: false });
    expect(await probeSandbox(answer(404, JSON.stringify(document)), control)).toEqual({ sandbox: false });
    expect(await probeSandbox(answer(404, '{"error":{}}'), control)).toEqual({ sandbox: false });
    expect(await probeSandbox(answer(200, '<html>welcome</html>'), control)).toEqual({ sandbox: false });
    expect(await probeSandbox(answer(403, 'blocked by WAF'), control)).toEqual({ sandbox: false });
  });

  it('takes silence for a deployment after its own limit, and says so', async () => {
    const started = performance.now();
    expect(await probeSandbox(silent, control, 50)).toEqual({ sandbox: false, note: '/_sandbox did not answer within 0.05 s: taken for a deployment' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('takes a body cut off mid-answer for a deployment', async () => {
    const broken = async () =>
      new Response(new ReadableStream({ start: (controller) => controller.error(new Error('socket hang up')) }), { status: 200 });
    expect(await probeSandbox(broken, control)).toEqual({ sandbox: false, note: '/_sandbox stopped mid-answer: taken for a deployment' });
  });

  it('calls an origin that refuses the connection down, in one sentence', async () => {
    const refused = async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    };
    const outcome = probeSandbox(refused, control);
    await expect(outcome).rejects.toBeInstanceOf(OriginUnreachable);
    await expect(outcome).rejects.toThrow('http://deploy.invalid refused the connection (is it running?)');
  });
});
