/**
 * From a saved target (or a URL typed on the command line) to a connection: secrets are resolved
 * from their references here, and a reference that cannot be resolved is one sentence.
 */
import { BUILTIN_SANDBOX, loadTargets } from './config.js';
import { connectSandbox, connectUrl, type Connection, type ReceiverOptions } from './connection.js';
import { specOf } from './spec.js';
import type { TuiPaths } from './paths.js';

/** A saved target; `receiver` (command-line flags) wins over its saved receiver port and secret. */
export async function openSaved(paths: TuiPaths, name: string, env: NodeJS.ProcessEnv = process.env, receiver: ReceiverOptions = {}): Promise<Connection> {
  if (name === BUILTIN_SANDBOX) return connectSandbox();
  const { file, problem } = loadTargets(paths);
  const target = file.targets.find((candidate) => candidate.name === name);
  if (!target) throw new Error(`no saved target named ${name}${problem ? ` (${problem})` : ''}; saved: ${[BUILTIN_SANDBOX, ...file.targets.map((t) => t.name)].join(', ')}`);
  return connectUrl({ ...specOf(paths, target, env), ...receiverSpec(receiver) });
}

/** Only the options that were given (an absent flag keeps what the target saved). */
export function receiverSpec(receiver: ReceiverOptions): ReceiverOptions {
  return {
    ...(receiver.receiverPort !== undefined ? { receiverPort: receiver.receiverPort } : {}),
    ...(receiver.webhookSecret ? { webhookSecret: receiver.webhookSecret } : {}),
  };
}

/** `--target`: `sandbox`, a saved name, or a URL (with --api-key / --control-token). */
export async function openTarget(paths: TuiPaths, target: string, options: { apiKey?: string; controlToken?: string; account?: number }, env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  if (target === BUILTIN_SANDBOX) return connectSandbox(options.account !== undefined ? { account: options.account } : {});
  if (/^https?:\/\//.test(target)) {
    return connectUrl({
      name: target,
      baseUrl: target,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      ...(options.controlToken ? { controlToken: options.controlToken } : {}),
      ...(options.account !== undefined ? { account: options.account } : {}),
    });
  }
  return openSaved(paths, target, env);
}
