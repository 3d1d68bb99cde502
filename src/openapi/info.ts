/** Who answers for this document and under which licence (both documents; the package is MIT). */
const CONTACT = { name: 'Switchboard (the simulator serving this document)' } as const;
const LICENSE = { name: 'MIT', identifier: 'MIT' } as const;

/** The document's info block. */
export const API_VERSION_INFO = {
  title: 'Messaging Automation REST API',
  version: '1.0.0',
  description:
    'Served by the Switchboard simulator. Generated from the zod schemas that validate requests. ' +
    'Errors use {error: {code, message, param?}}; branch on code. Timestamps are UTC with an explicit offset ' +
    '(`+00:00`, section 2.1). Cross-origin (browser) access is disabled, as the specification states: no CORS headers.',
  contact: CONTACT,
  license: LICENSE,
} as const;

/** The control plane document's info block. */
export const CONTROL_INFO = {
  title: 'Switchboard sandbox control plane',
  version: '1.0.0',
  description:
    'What the real service cannot give a developer: reset, snapshots, the virtual clock, the customer’s side ' +
    '(inbound messages, opt-outs), faults. Each operation is also a `sim.sandbox` function in process. ' +
    '`x-access` says whether it acts on the caller’s account or on the whole sandbox.',
  contact: CONTACT,
  license: LICENSE,
} as const;
