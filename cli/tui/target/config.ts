/**
 * Saved targets: `targets.json` in the config folder. A key or operator token is never written
 * into it: it is a reference, either to an environment variable (`{"env": "STAGING_KEY"}`) or to
 * a file the TUI wrote with owner-only permissions (`{"file": "secrets/staging.api_key"}`,
 * mode 600 in a mode-700 folder). A secret file that others can read is refused, as ssh does.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { z } from 'zod';
import type { TuiPaths } from './paths.js';

const SecretRef = z.union([
  z.strictObject({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name') }),
  z.strictObject({ file: z.string().min(1) }),
]);
export type SecretRef = z.infer<typeof SecretRef>;

/**
 * Why `text` is not one absolute http(s) URL, or undefined. A second URL typed after a default
 * (`…/api/v1http://…`) parses as one URL with a strange path: refused by its second scheme.
 */
export function baseUrlProblem(text: string): string | undefined {
  const example = 'one URL starting with http:// or https://, e.g. http://127.0.0.1:4010/api/v1';
  if (!/^https?:\/\/\S+$/.test(text)) return example;
  if (/https?:\/\//.test(text.slice(text.indexOf('://') + 3))) return `${example}; this holds two`;
  try {
    new URL(text);
  } catch {
    return example;
  }
  return undefined;
}

const TargetName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'letters, digits, . _ - (up to 40)');

export const SavedTarget = z.strictObject({
  name: TargetName,
  /** Ends in /api/v1. */
  base_url: z.string().refine((text) => baseUrlProblem(text) === undefined, { error: (issue) => baseUrlProblem(String(issue.input)) ?? 'not a URL' }),
  /** `auto` (default) asks the origin for /_sandbox/openapi.json. */
  kind: z.enum(['auto', 'sandbox', 'remote']).optional(),
  api_key: SecretRef.optional(),
  /** A Switchboard sandbox's operator token (X-Sandbox-Token; `serve` prints it). */
  control_token: SecretRef.optional(),
  /** The seed account a sandbox target acts on (default 1). */
  account: z.number().int().positive().optional(),
  /** Tail on a real deployment: the local webhook receiver's port (default 4400) and secret. */
  receiver_port: z.number().int().min(0).max(65535).optional(),
  webhook_secret: SecretRef.optional(),
});
export type SavedTarget = z.infer<typeof SavedTarget>;

export const TargetsFile = z.strictObject({
  version: z.literal(1),
  /** The target `switchboard tui` opens without --target. */
  default: z.string().optional(),
  targets: z.array(SavedTarget),
});
export type TargetsFile = z.infer<typeof TargetsFile>;

/** The name of the built-in in-process sandbox (not stored in the file). */
export const BUILTIN_SANDBOX = 'sandbox';

export function targetsFilePath(paths: TuiPaths): string {
  return join(paths.configDir, 'targets.json');
}

export interface LoadedTargets {
  readonly file: TargetsFile;
  /** A file that could not be read or validated: shown on the targets screen, never thrown. */
  readonly problem?: string;
}

export function loadTargets(paths: TuiPaths): LoadedTargets {
  const path = targetsFilePath(paths);
  const empty: TargetsFile = { version: 1, targets: [] };
  if (!existsSync(path)) return { file: empty };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { file: empty, problem: `${path}: not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = TargetsFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { file: empty, problem: `${path}: $.${issue.path.join('.')}: ${issue.message}` };
  }
  return { file: parsed.data };
}

function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}

function writePrivate(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  if (process.platform !== 'win32') chmodSync(temp, 0o600);
  renameSync(temp, path);
}

export function saveTargets(paths: TuiPaths, file: TargetsFile): void {
  const checked = TargetsFile.parse(file);
  ensurePrivateDir(paths.configDir);
  writePrivate(targetsFilePath(paths), `${JSON.stringify(checked, null, 2)}\n`);
}

/** Stores a secret typed into the TUI in an owner-only file; returns the reference to save. */
export function storeSecret(paths: TuiPaths, target: string, what: 'api_key' | 'control_token' | 'webhook_secret', value: string): SecretRef {
  const dir = join(paths.configDir, 'secrets');
  ensurePrivateDir(paths.configDir);
  ensurePrivateDir(dir);
  const relative = join('secrets', `${target}.${what}`);
  writePrivate(join(paths.configDir, relative), `${value.trim()}\n`);
  return { file: relative };
}

export type Resolved = { readonly value: string } | { readonly error: string };

/** Reads a secret by reference; the error says what to fix, never the secret. */
export function resolveSecret(paths: TuiPaths, ref: SecretRef, env: NodeJS.ProcessEnv = process.env): Resolved {
  if ('env' in ref) {
    const value = env[ref.env];
    return value ? { value: value.trim() } : { error: `environment variable ${ref.env} is not set` };
  }
  const path = isAbsolute(ref.file) ? ref.file : join(paths.configDir, ref.file);
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch {
    return { error: `${path} does not exist` };
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    return { error: `${path} is readable by others: run chmod 600 ${path}` };
  }
  const value = readFileSync(path, 'utf8').trim();
  return value ? { value } : { error: `${path} is empty` };
}

/** How a reference is shown: never the secret, only where it lives. */
export function describeRef(ref: SecretRef | undefined): string {
  if (!ref) return 'none';
  return 'env' in ref ? `env ${ref.env}` : 'file (owner-only)';
}

/** Adds or replaces a target by name. */
export function upsertTarget(file: TargetsFile, target: SavedTarget): TargetsFile {
  const others = file.targets.filter((existing) => existing.name !== target.name);
  return { ...file, targets: [...others, target] };
}

/**
 * Deletes the secret files the TUI wrote for a target (`secrets/<name>.<what>`) when the target is
 * deleted: an operator token or key must not outlive it (17tui T7). Files the user named elsewhere
 * (an absolute path) are theirs and stay.
 */
export function removeTargetSecrets(paths: TuiPaths, target: SavedTarget): void {
  for (const ref of [target.api_key, target.control_token, target.webhook_secret]) {
    if (!ref || !('file' in ref) || isAbsolute(ref.file)) continue;
    const relative = normalize(ref.file);
    if (!relative.startsWith(`secrets${sep}`) || relative.includes('..')) continue;
    rmSync(join(paths.configDir, relative), { force: true });
  }
}

export function removeTarget(file: TargetsFile, name: string): TargetsFile {
  return { ...file, targets: file.targets.filter((target) => target.name !== name), ...(file.default === name ? { default: undefined } : {}) };
}
