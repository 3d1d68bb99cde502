/** A saved target's connection spec, its secrets resolved from their references (one sentence when one cannot be). */
import { resolveSecret, type SavedTarget, type SecretRef } from './config.js';
import type { UrlTargetSpec } from './connection.js';
import type { TuiPaths } from './paths.js';

function secret(paths: TuiPaths, ref: SecretRef | undefined, what: string, env: NodeJS.ProcessEnv): string | undefined {
  if (!ref) return undefined;
  const resolved = resolveSecret(paths, ref, env);
  if ('error' in resolved) throw new Error(`${what}: ${resolved.error}`);
  return resolved.value;
}

export function specOf(paths: TuiPaths, target: SavedTarget, env: NodeJS.ProcessEnv = process.env): UrlTargetSpec {
  const apiKey = secret(paths, target.api_key, `target ${target.name}: API key`, env);
  const controlToken = secret(paths, target.control_token, `target ${target.name}: operator token`, env);
  const webhookSecret = secret(paths, target.webhook_secret, `target ${target.name}: webhook secret`, env);
  return {
    name: target.name,
    baseUrl: target.base_url,
    ...(apiKey ? { apiKey } : {}),
    ...(controlToken ? { controlToken } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
    ...(target.account !== undefined ? { account: target.account } : {}),
    ...(target.kind ? { kind: target.kind } : {}),
    ...(target.receiver_port !== undefined ? { receiverPort: target.receiver_port } : {}),
  };
}
