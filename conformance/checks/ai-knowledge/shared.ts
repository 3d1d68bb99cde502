/** Pieces the AI, knowledge and media checks share: config reads, restores, waits, tiny files. */
import { AiConfig, type AiConfigData } from '../../../src/resources/ai-config/schemas.js';
import type { KitResponse } from '../../http/client.js';
import type { CheckContext } from '../../runner/check.js';
import { expectShape, expectStatus, fail, readData } from '../../runner/expect.js';

export async function readConfig(ctx: CheckContext): Promise<AiConfigData> {
  const response = await ctx.send({ path: '/ai/config', key: await ctx.keyFor('read') });
  expectStatus(response, 200, 'GET /ai/config');
  return expectShape(readData(response, 'GET /ai/config'), AiConfig, 'AI configuration (2.17)', response);
}

export async function patchConfig(ctx: CheckContext, body: unknown): Promise<KitResponse> {
  return ctx.send({ method: 'PATCH', path: '/ai/config', key: await ctx.keyFor('admin'), body });
}

/**
 * Runs `work`, then PATCHes `restore` back whatever happened (the account's configuration is
 * left as the kit found it); a restore the target refuses fails the check.
 */
export async function withRestore(ctx: CheckContext, restore: unknown, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } finally {
    const response = await patchConfig(ctx, restore);
    if (response.status !== 200) fail(`restoring the AI configuration with PATCH /ai/config answered HTTP ${response.status}`, response);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits `ms` of the target's time: the simulator's clock when the kit drives it, else real time. */
export async function waitFor(ctx: CheckContext, ms: number): Promise<void> {
  if (ctx.target.virtualTime) await ctx.advanceClock(ms);
  else await sleep(ms);
}

/** A 3 x 2 PNG (84 bytes). */
export const PNG_3X2 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACAQMAAACnuvRZAAAAA1BMVEX/AAAZ4gk3AAAADElEQVQI12NgYGAAAAAEAAEnNCcKAAAAAElFTkSuQmCC'),
  (char) => char.charCodeAt(0),
);

/** A multipart form with one file and text fields. */
export function uploadForm(bytes: Uint8Array, declaredType: string, filename: string, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: declaredType }), filename);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
