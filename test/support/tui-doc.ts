/**
 * docs/tui.md is generated from the end-to-end test's screen captures, so it cannot drift from
 * the product: `UPDATE_TUI_DOCS=1 npx vitest run test/tui-e2e.test.ts` rewrites it, and any
 * other run fails when the captures differ from it. Volatile details (clock times, durations,
 * timestamps) are normalized first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DOC_FILE = join(import.meta.dirname, '..', '..', 'docs', 'tui.md');

export interface Capture {
  readonly title: string;
  readonly text: string;
  readonly screen: string;
  /** Counts on this screen vary between runs (a conformance run's property checks): compared with digits masked. */
  readonly countsVary?: boolean;
}

/** Replaces what changes from run to run, keeping the layout's width where it can. */
export function normalizeScreen(screen: string): string {
  return screen
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, '2030-01-01T09:00:00+00:00')
    .replace(/\b\d\d:\d\d:\d\d\b/g, '09:00:00')
    .replace(/\b\d+ ms\b/g, (match) => `${'7'.repeat(Math.min(3, match.length - 3))} ms`)
    .replace(/\bdone in \d+ s\b/g, 'done in 9 s')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

const INTRO = `# The terminal UI: \`switchboard tui\`

A terminal app for people who need to see what the API does without writing code: pick a target,
send requests, replay a scenario and see where it differs, watch events arrive, run the
conformance kit. \`switchboard tui\` opens it (\`switchboard\` alone on a terminal does too).
\`switchboard\` is the package's CLI: type \`npx switchboard\` (README, "Running the CLI from a
checkout"). Below, \`TOKEN\` is the operator token \`serve\` printed, \`KEY\` an API key of the target,
\`WHSEC\` its webhook endpoint's signing secret; \`api.example.test\` stands for your deployment's host.

\`\`\`sh
switchboard tui                                   # the targets screen; enter picks the in-process sandbox
switchboard tui --target sandbox                  # straight to the console on the in-process sandbox
switchboard tui --target http://127.0.0.1:4010/api/v1 --control-token "$TOKEN"   # a running sandbox
switchboard tui --target https://api.example.test/api/v1 --api-key "$KEY"         # any deployment
switchboard tui --scenario fixtures/scenarios/idempotent-retry.yaml              # the replay debugger
switchboard tui --target sandbox --screen tail                                   # open on a screen: targets, explore,
                                                                                 # console, history, scenarios, tail,
                                                                                 # conformance, sandbox
switchboard tui --target https://api.example.test/api/v1 --api-key "$KEY" \\
  --receiver-port 4471 --webhook-secret "$WHSEC"                                 # tail a deployment's webhooks
\`\`\`

Keys that work everywhere: \`1\`-\`8\` screens, \`:\` command palette (\`:get /account\`, \`:open FILE\`,
\`:target NAME\`, \`:help\`), \`/\` filter (on a screen with no list it opens a prompt that takes
what is typed, so letters never run as commands; on the console \`/\` starts a new path),
\`?\` help for the screen, \`esc\` back, \`q\` quit. The status line speaks for the screen it was
said on: changing screen clears it. It is usable
at 80×24 and adapts to larger terminals; \`NO_COLOR\` turns colour off; when stdin or stdout is not
a terminal it says so and exits (code 2).

**Targets** are saved in \`$XDG_CONFIG_HOME/switchboard/targets.json\` (\`~/.config/switchboard\` on
Linux, \`~/Library/Application Support/switchboard\` on macOS, \`%APPDATA%\\switchboard\` on Windows).
A key or operator token is never written there: it is a reference to an environment variable, or
to a file the TUI writes with owner-only permissions (mode 600) in \`secrets/\`. Keys are always
masked on screen. **History** (every request sent, per target, at most 500) is kept in
\`$XDG_STATE_HOME/switchboard/history/\`, keys never included and secret fields masked.

The screens below are captured from the end-to-end test (\`test/tui-e2e.test.ts\`), which runs the
built bin in a real pseudo-terminal at 80×24; times and timestamps are normalized.
`;

const SCREENS_NOTE = `
## What each screen does

| Screen | What it shows | Keys |
|---|---|---|
| 1 Targets | the in-process sandbox, saved targets | \`enter\` connect, \`a\` add, \`d\` delete, \`*\` default |
| 2 Explore | every route of the target's \`/openapi.json\` by tag: scope, spec clause, parameters, body fields, answers | \`enter\` open in the console |
| 3 Console | compose and send; status, time, headers, folding JSON; errors in the spec's envelope terms | \`s\` send (\`S\` unchecked), \`m\` method, \`p\` path, \`u\` query, \`b\` body, \`i\` idempotency key, \`c\` copy as curl, \`h\` headers, \`tab\` browse the body |
| 4 History | every request sent from the TUI to this target | \`enter\` console, \`r\` re-run, \`space\` select, \`d\` diff two, \`w\` save as a scenario |
| 5 Scenarios | the replay debugger: steps, request, mismatches, expected and actual side by side | \`n\` next, \`r\` run, \`g\` run to, \`b\` breakpoint, \`R\` restart, \`e\` edit a match rule, \`w\` write, \`t\` fresh sandbox / this target, \`c\` compare with another target |
| 6 Tail | the account's events: the sandbox journal, or webhook deliveries to a local receiver with signature verdicts | \`/\` type filter, \`p\` pause, \`w\` delivery attempts, \`enter\` detail |
| 7 Conformance | the kit against this target, the clause matrix filling live | \`p\` profile, \`s\` start, \`x\` stop, \`tab\` failures, \`enter\` request, response and replay token |
| 8 Sandbox | clock, reset, snapshots, inbound messages, STOP, faults, every control-plane power as a form | \`enter\` form, \`f\`/\`u\` freeze/unfreeze |

In the console's body editor \`ctrl-d\` keeps the edit and \`esc\` cancels it (as \`esc\` does in
the path and query fields, prompts and forms). A route opened from Explore, History or the palette
replaces the request and clears the previous answer (History shows the answer it recorded).

## On a running sandbox or a deployment

- **Sandbox or deployment?** The TUI asks the origin for \`/_sandbox/openapi.json\`, which only a
  Switchboard sandbox serves (the same probe as \`conformance\` and \`scenario run\`). Any other
  answer, or none within 3 s (a WAF that tarpits unknown paths), means a deployment; the status
  line says when it waited ("/_sandbox did not answer within 3 s: taken for a deployment"). Only an
  origin that refuses the connection, does not resolve or resets it is reported as "could not
  connect".
- **Keys.** Without \`--api-key\` (or \`SWITCHBOARD_API_KEY\`) a sandbox is sent the default seed's
  public full key and the status line says "no --api-key: tried the default seed key"; a sandbox
  started with \`serve --api-key\` or its own seed refuses it, and the header and status line say
  "GET /account: 401 invalid_api_key: pass --api-key: this sandbox refused the default seed key ...". A deployment is
  sent no key at all.
- **Scenarios.** A scenario that cannot run on the target (\`requires: sandbox\` on a deployment,
  a target that is down) shows the reason under its title (\`✗ this scenario needs a sandbox
  ...\`) and the progress reads "stopped", not "done"; \`t\` runs it on a fresh sandbox instead.
- **Tail.** On a deployment the tail runs a local webhook receiver (\`switchboard listen\`'s) on
  \`127.0.0.1\`, port 4400 unless \`--receiver-port\` says otherwise (0 picks a free port). With
  \`--webhook-secret whsec_...\` (or \`SWITCHBOARD_WEBHOOK_SECRET\`) every delivery's signature is
  checked (\`✓ signed\` / \`✗ BAD SIGNATURE\`); without it deliveries show \`? unverified\`. Point
  a webhook endpoint at the receiver's URL: a deployment on this machine can post to it directly;
  one elsewhere cannot reach \`127.0.0.1\` and needs a public URL that leads here (a tunnel such as
  \`ssh -R\`, cloudflared or ngrok), which the tail screen says. A saved target keeps both in
  \`targets.json\` (\`receiver_port\`, \`webhook_secret\` as a reference like the key), set from the
  "Add a target" form's *Tail:* fields; the flags win over what a target saved.
`;

export function renderDoc(captures: readonly Capture[]): string {
  const sections = captures.map((capture) => `## ${capture.title}\n\n${capture.text}\n\n\`\`\`text\n${capture.screen}\n\`\`\`\n`);
  return `${INTRO}${SCREENS_NOTE}\n${sections.join('\n')}`;
}

function masked(text: string): string {
  return text.replace(/\d+/g, '#').replace(/ +/g, ' ');
}

/** The doc with the digits of the screens whose counts vary masked, for comparing two runs. */
function comparable(doc: string, captures: readonly Capture[]): string {
  // A duration keeps its width on screen (7, 77 or 777 ms), which varies with the machine's load.
  // A ruler drawn after a duration (`── 200 OK · 77 ms · … ───…`) is one character longer or shorter with it.
  let out = doc.replace(/\b7{1,3} ms\b */g, '7 ms ').replace(/─{2,}/g, '──');
  for (const capture of captures.filter((item) => item.countsVary)) {
    const start = out.indexOf(`## ${capture.title}\n`);
    if (start < 0) continue;
    const next = out.indexOf('\n## ', start + 1);
    const end = next < 0 ? out.length : next;
    out = out.slice(0, start) + masked(out.slice(start, end)) + out.slice(end);
  }
  return out;
}

/** Writes the doc (UPDATE_TUI_DOCS=1) or checks it; partial runs (a failed flow) check nothing. */
export function captureDoc(captures: readonly Capture[], expected: number): void {
  if (captures.length < expected) return;
  const text = renderDoc(captures);
  if (process.env['UPDATE_TUI_DOCS'] === '1') {
    writeFileSync(DOC_FILE, text);
    return;
  }
  let current = '';
  try {
    current = readFileSync(DOC_FILE, 'utf8');
  } catch {
    // missing: reported below
  }
  const want = comparable(current, captures);
  const got = comparable(text, captures);
  if (want !== got) {
    // Name the first line that differs: a run that differs only now and then (load, timing) can
    // then be diagnosed from its log instead of re-run until it happens again.
    const wantLines = want.split('\n');
    const gotLines = got.split('\n');
    let line = 0;
    while (line < wantLines.length && wantLines[line] === gotLines[line]) line++;
    throw new Error(
      `docs/tui.md differs from the screens the TUI shows now, first at line ${line + 1} of the compared text:\n` +
        `  doc:    ${JSON.stringify(wantLines[line] ?? '')}\n  screen: ${JSON.stringify(gotLines[line] ?? '')}\n` +
        `run UPDATE_TUI_DOCS=1 npx vitest run test/tui-e2e.test.ts and review the diff`,
    );
  }
}
