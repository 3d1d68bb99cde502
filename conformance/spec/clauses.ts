/** Clause titles for the matrix, from the spec's headings (and our names for list items). */

const TITLES: Readonly<Record<string, string>> = {
  '1': 'What the service does',
  '2.1': 'Conventions (envelopes, pagination)',
  '2.3': 'Custom field definition',
  '2.2': 'Contact',
  '2.4': 'Tag',
  '2.5': 'Conversation',
  '2.10': 'Flow',
  '2.6': 'Message',
  '2.7': 'Send result',
  '2.8': 'Appointment',
  '2.9': 'Availability result',
  '2.11': 'Flow session',
  '2.12': 'Flow event',
  '2.13': 'Flow analytics',
  '2.14': 'Overview analytics',
  '2.17': 'AI configuration',
  '2.18': 'Channel switch state',
  '2.19': 'Knowledge items',
  '2.20': 'Media item',
  '2.22': 'Comment trigger',
  '2.23': 'Recent post',
  '2.24': 'Handled comment',
  '2.25': 'Post',
  '2.26': 'Post capabilities',
  '2.15': 'Opt-out',
  '2.16': 'Team member and invitation',
  '2.21': 'Blocked user',
  '2.27': 'Webhook endpoint',
  '2.28': 'API key',
  '2.29': 'Account summary',
  '2.30': 'Market intelligence',
  '3.1': 'Conversation status',
  '3.2': 'Appointment status',
  '3.3': 'Flow status',
  '3.4': 'Flow session status',
  '3.5': 'Post status',
  '3.6': 'Handled comment status',
  '3.7': 'Other state-like values',
  '4.1': 'Account, webhook endpoints, keys',
  '4.2': 'Contacts',
  '4.3': 'Custom fields',
  '4.4': 'Conversations and messages',
  '4.5': 'Tags',
  '4.6': 'Appointments',
  '4.7': 'Flows',
  '4.8': 'Flow sessions, events, analytics',
  '4.9': 'Opt-outs',
  '4.10': 'Team',
  '4.11': 'AI configuration',
  '4.12': 'Knowledge base',
  '4.13': 'Media library and blocked users',
  '4.14': 'Comment triggers and comments',
  '4.15': 'Posts',
  '4.16': 'Market intelligence',
  '5': 'Idempotency',
  '5.1': 'Authentication: key headers',
  '5.2': 'Authentication: scopes',
  '5.3': 'Authentication: insufficient scope',
  '5.5': 'Authentication: missing, unknown and inactive keys',
  '5.6': 'Authentication: cross-origin access disabled',
  '6': 'Events',
  '7.1': 'Errors: envelope and general codes',
  '7.2': 'Send endpoint errors',
  '8': 'Limits',
  '9': 'Versioning',
};

export function clauseTitle(clause: string): string {
  return TITLES[clause] ?? `Section ${clause}`;
}

/** Orders clauses as the spec does: 2.10 after 2.9, 5 before 5.1. */
export function compareClauses(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? -1;
    const y = pb[i] ?? -1;
    if (x !== y) return x - y;
  }
  return 0;
}
