/** `?` on every screen: what the screen is for and its keys, then the keys that work everywhere. */
import type { ScreenId } from './state/app.js';

export interface ScreenHelp {
  readonly what: string;
  readonly keys: readonly (readonly [string, string])[];
}

export const GLOBAL_KEYS: readonly (readonly [string, string])[] = [
  ['1-8', 'go to a screen'],
  [':', 'command palette (:help lists commands)'],
  ['/', 'filter (on the console: a new path)'],
  ['esc', 'back (or cancel)'],
  ['?', 'this help'],
  ['q', 'quit (ctrl-c too)'],
];

export const HELP: Record<ScreenId, ScreenHelp> = {
  targets: {
    what: 'Pick where requests go: the in-process sandbox (no port, starts at once), a running sandbox, or any deployment.',
    keys: [
      ['enter', 'connect to the selected target'],
      ['a', 'add a target (URL, key by env var or owner-only file)'],
      ['d', 'delete the selected target'],
      ['*', 'make it the default for `switchboard tui`'],
    ],
  },
  explore: {
    what: "Every route of the target's /openapi.json by tag, with scope, spec clause, parameters and body fields.",
    keys: [
      ['↑↓ / j k', 'move'],
      ['enter', 'open the route in the console, pre-filled'],
      ['/', 'filter (method, path, tag, summary)'],
    ],
  },
  console: {
    what: 'Compose a request, send it, read the answer. The body is checked against the schema before sending.',
    keys: [
      ['s', 'send ({id} placeholders are asked for first)'],
      ['m / M', 'next / previous method'],
      ['p', 'edit the path (/ starts a new one)'],
      ['u', 'edit the query (limit=5&status=active)'],
      ['b', 'JSON body: ctrl-d done, esc cancels'],
      ['i', 'idempotency key on (a fresh one) / off'],
      ['c', 'copy as curl (the key is never in it)'],
      ['tab', 'move into the response: ↑↓, enter folds, z fold all, Z unfold'],
      ['h', 'show the response headers'],
      ['v', 'reveal masked secrets in the response'],
    ],
  },
  history: {
    what: 'Every request sent from this TUI to this target, newest first, kept between sessions.',
    keys: [
      ['enter', 'open in the console with its response'],
      ['r', 're-run it'],
      ['space', 'select (for diff and save)'],
      ['d', 'diff two selected responses (or this one and the one before)'],
      ['w', 'save the selection (or this one) as a scenario file'],
    ],
  },
  scenarios: {
    what: 'Replay a scenario step by step: each step\'s request, expected and actual side by side, and where they differ.',
    keys: [
      ['o', 'open a scenario file'],
      ['n', 'next step'],
      ['r', 'run to the end or the next breakpoint'],
      ['g', 'run to the selected step'],
      ['b', 'breakpoint on the selected step'],
      ['R', 'restart (a fresh sandbox)'],
      ['e', 'edit a match rule for the selected mismatch'],
      ['w', 'write the edited scenario back to its file'],
      ['t', 'run on a fresh sandbox / this target'],
      ['c', 'compare: run on another target, side by side'],
      ['tab', 'next mismatch of the step'],
    ],
  },
  tail: {
    what: "The account's events as they happen: the sandbox's journal, or webhook deliveries to a local receiver.",
    keys: [
      ['/', 'filter by event type (prefix)'],
      ['enter', 'the event in full'],
      ['p', 'pause / resume'],
      ['w', 'webhook deliveries: attempts, status, retries'],
      ['x', 'clear'],
    ],
  },
  conformance: {
    what: 'Run the conformance kit against this target and watch the clause matrix fill.',
    keys: [
      ['p', 'profile: read-only, safe, full, destructive'],
      ['s', 'start (x stops between checks; what it created is swept)'],
      ['tab', 'matrix / failures'],
      ['enter', 'a failure: request, response and replay token'],
    ],
  },
  sandbox: {
    what: "The sandbox's powers as forms: clock, reset, snapshots, a customer writing in, STOP, faults.",
    keys: [
      ['enter', 'open the selected power as a form (enter submits)'],
      ['f / u', 'freeze / unfreeze the clock'],
      ['/', 'filter the powers'],
    ],
  },
};
