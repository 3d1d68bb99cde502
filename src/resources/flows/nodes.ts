/**
 * The 12 node types (2.10): label, description, output ports (as the catalogue describes them and
 * as a config yields them), whether the node ends the path or waits for the person, what its
 * config refers to, the variables it sets and reads, the texts that take {placeholders}, and an
 * example config. Which the spec names and which we chose: `origin` and docs/decisions.md ("Flows").
 */
import type { CustomFieldType } from '../custom-fields/schemas.js';
import type { NodeConfigOf, NodeType } from './config-schemas.js';
import { HUMAN_REQUEST_WORDING } from '../shared/human-request.js';
import { httpRequestPolicy } from './http-target.js';
import type { NodeKind, Reference, TemplateText, VariableUse } from './kind-types.js';

const numbered = (count: number): string[] => Array.from({ length: count }, (_, i) => `output_${i + 1}`);
const node = <T extends NodeType>(kind: NodeKind<T>): NodeKind<T> => kind;

const TEXT_FIELDS: readonly CustomFieldType[] = ['text'];
const INPUT_FIELD_TYPES: Readonly<Record<NodeConfigOf<'collect_input'>['input_type'], readonly CustomFieldType[]>> = {
  email: TEXT_FIELDS,
  phone: TEXT_FIELDS,
  name: TEXT_FIELDS,
  text: TEXT_FIELDS,
  number: ['number', 'text'],
};

function ruleUses(rules: NodeConfigOf<'condition'>['rules']): { refs: Reference[]; reads: VariableUse[] } {
  const refs: Reference[] = [];
  const reads: VariableUse[] = [];
  rules.forEach((rule, i) => {
    const at = `rules[${i}]`;
    if (rule.type === 'has_tag' || rule.type === 'lacks_tag') refs.push({ kind: 'tag', value: rule.tag, key: `${at}.tag` });
    else if (rule.type === 'field_equals' || rule.type === 'field_is_set') refs.push({ kind: 'custom_field', value: rule.field_key, key: `${at}.field_key` });
    else if (rule.type === 'variable_equals' || rule.type === 'variable_is_set') reads.push({ variable: rule.variable, key: `${at}.variable` });
  });
  return { refs, reads };
}

const texts = (entries: readonly (readonly [string, string | undefined])[]): TemplateText[] =>
  entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined).map(([key, text]) => ({ key, text }));

export const NODE_KINDS: { readonly [T in NodeType]: NodeKind<T> } = {
  trigger: node({
    type: 'trigger',
    label: 'Trigger',
    description: 'Where the flow starts (id "1"); its source is definition.trigger.',
    origin: 'spec',
    inputs: 0,
    terminal: false,
    outputs: [{ port: 'output_1', description: 'The flow starts here.' }],
    example: {},
    ports: () => ['output_1'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: false,
  }),
  message: node({
    type: 'message',
    label: 'Send message',
    description: 'Sends text with {placeholders}, optional media and up to 3 buttons; waits for a postback tap when it has postback buttons.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_{n}', per: 'buttons', where: { type: 'postback' }, description: 'A tap on the n-th postback button.' },
      { port: 'output_timeout', description: 'With postback buttons: no tap within timeout_minutes. Without: straight on after sending (when output_1 leads nowhere).' },
      { port: 'output_1', when: 'none', description: 'Without postback buttons: straight on after sending.' },
    ],
    example: { text: 'Hi {first_name}! What can we help with?', buttons: [{ type: 'postback', title: 'Prices' }, { type: 'postback', title: 'Opening hours' }] },
    ports: (config) => {
      const taps = config.buttons.filter((button) => button.type === 'postback').length;
      // 2.10 gives every message node `output_timeout`. Without postback buttons there is no tap
      // to wait for, so it leaves at once; `output_1` (the default from_port) is kept for it too.
      return taps === 0 ? ['output_1', 'output_timeout'] : [...numbered(taps), 'output_timeout'];
    },
    waits: (config) => config.buttons.some((button) => button.type === 'postback'),
    waitsWhen: 'when it has postback buttons (for a tap)',
    mayEnd: true,
    templates: (config) => texts([['text', config.text]]),
  }),
  collect_input: node({
    type: 'collect_input',
    label: 'Ask a question',
    description: 'Asks, checks the answer against input_type and keeps it in variable_name.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_1', description: 'A valid answer.' },
      { port: 'output_2', description: 'Retries exhausted.' },
    ],
    example: { question: 'What is your email?', input_type: 'email', variable_name: 'email', max_retries: 2, retry_message: 'That does not look like an email address.' },
    ports: () => ['output_1', 'output_2'],
    waits: () => true,
    waitsWhen: 'always (for the answer)',
    mayEnd: false,
    references: (config) =>
      config.save_to_field === undefined
        ? []
        : [{ kind: 'custom_field', value: config.save_to_field, key: 'save_to_field', fieldTypes: INPUT_FIELD_TYPES[config.input_type] }],
    sets: (config) => [{ variable: config.variable_name, key: 'variable_name' }],
    templates: (config) => texts([['question', config.question], ['retry_message', config.retry_message]]),
  }),
  action: node({
    type: 'action',
    label: 'Action',
    description: 'Changes the contact or conversation: tags, custom fields, stage, lead mark, a team notification.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [{ port: 'output_1', description: 'Done.' }],
    example: { action_type: 'mark_lead' },
    ports: () => ['output_1'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    references: (config) => {
      switch (config.action_type) {
        case 'tag_conversation':
        case 'remove_tag':
          return [{ kind: 'tag', value: config.tag_value, key: 'tag_value' }];
        case 'set_custom_field':
          return [{ kind: 'custom_field', value: config.field_key, key: 'field_key', writes: { key: 'field_value', value: config.field_value } }];
        case 'clear_custom_field':
          return [{ kind: 'custom_field', value: config.field_key, key: 'field_key' }];
        default:
          return [];
      }
    },
    templates: (config) =>
      config.action_type === 'notify_team'
        ? texts([['message', config.message]])
        : config.action_type === 'set_custom_field' && typeof config.field_value === 'string'
          ? texts([['field_value', config.field_value]])
          : [],
  }),
  condition: node({
    type: 'condition',
    label: 'Condition',
    description: 'Checks rules in order; the first that holds picks its port, else output_else (the fall-through).',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_{n}', per: 'rules', description: 'The n-th rule held (the first that did).' },
      { port: 'output_else', description: 'No rule held.' },
    ],
    example: { rules: [{ type: 'channel_is', channel: 'instagram' }, { type: 'within_business_hours' }] },
    ports: (config) => [...numbered(config.rules.length), 'output_else'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: false,
    references: (config) => ruleUses(config.rules).refs,
    reads: (config) => ruleUses(config.rules).reads,
  }),
  book_appointment: node({
    type: 'book_appointment',
    label: 'Book an appointment',
    description: 'Offers free slots and books the one picked.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_1', description: 'Booked.' },
      { port: 'output_2', description: 'Not booked (declined, no free slot, or no answer).' },
    ],
    example: { prompt: 'When would you like to come in?', days_ahead: 14 },
    ports: () => ['output_1', 'output_2'],
    waits: () => true,
    waitsWhen: 'always (for the booking)',
    mayEnd: true,
    references: (config) => (config.service === undefined ? [] : [{ kind: 'service', value: config.service, key: 'service' }]),
    templates: (config) => texts([['prompt', config.prompt], ['confirmation_message', config.confirmation_message]]),
  }),
  goto_flow: node({
    type: 'goto_flow',
    label: 'Go to flow',
    description: 'Hands the person to another flow of the account (its published version).',
    origin: 'spec',
    inputs: 1,
    terminal: true,
    outputs: [],
    example: { flow_id: 1 },
    ports: () => [],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    references: (config) => [{ kind: 'flow', value: config.flow_id, key: 'flow_id' }],
  }),
  delay: node({
    type: 'delay',
    label: 'Wait',
    description: 'Waits a while (up to 30 days), then goes on.',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [{ port: 'output_1', description: 'The wait is over.' }],
    example: { duration: 10, unit: 'minutes' },
    ports: () => ['output_1'],
    waits: () => true,
    waitsWhen: 'always (for the clock)',
    mayEnd: false,
  }),
  http_request: node({
    type: 'http_request',
    label: 'HTTP request',
    description:
      'Calls an external URL (with {placeholders}) on a public host (the webhook URL rule); the response body can be kept in a variable. Sandbox: no request is sent and no name is resolved; the filled URL decides the port (see each output).',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_1', description: 'A 2xx answer. Sandbox: any URL not sent to output_2, answered 2xx with an empty body (save_response_to gets "").' },
      {
        port: 'output_2',
        description:
          'Any other answer, a timeout or a network error. Sandbox: a host that never resolves (.test, .example, .invalid, .localhost, .onion, example.com/.net/.org), or a filled URL the webhook URL rule refuses.',
      },
    ],
    example: { method: 'POST', url: 'https://hooks.example.test/leads', headers: { 'Content-Type': 'application/json' }, body: '{"email":"{email}"}', timeout_ms: 5000 },
    ports: () => ['output_1', 'output_2'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    sets: (config) => (config.save_response_to === undefined ? [] : [{ variable: config.save_response_to, key: 'save_response_to' }]),
    templates: (config) => texts([['url', config.url], ['body', config.body]]),
    policy: httpRequestPolicy,
  }),
  handoff: node({
    type: 'handoff',
    label: 'Hand off to a human',
    description: 'Ends the flow and hands the conversation to the team (the AI is muted, as for an escalation).',
    origin: 'assumption',
    inputs: 1,
    terminal: true,
    outputs: [],
    example: { message: 'A team member will be with you shortly.', notify_team: true },
    ports: () => [],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    templates: (config) => texts([['message', config.message]]),
  }),
  ai_reply: node({
    type: 'ai_reply',
    label: 'AI conversation',
    description:
      'Lets the AI talk with the person towards a goal for a few turns; save_summary_to keeps a short summary whichever way it leaves. Sandbox: deterministic rules per message (see each output), else a canned reply "Thanks! (AI step: <goal>)".',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [
      {
        port: 'output_1',
        description:
          'The goal was reached. Sandbox, per goal: capture_leads, an email or phone in the message (saved to the contact, as collect_input does); book_appointments, a slot "YYYY-MM-DD HH:MM" the calendar accepts (booked); qualify_prospects, a budget such as "$2,000" or "500 EUR" (contact marked as a lead); answer_questions, the person says they are served ("thanks", "thank you", "thx", "got it", "that helps", "that helped", "that\'s all", "all good", "perfect"). Whole words; case, accents and punctuation ignored.',
      },
      {
        port: 'output_2',
        description:
          `Turns used up, the person asked for a human, or the thread is with a person. Sandbox, checked in this order: the thread is assigned, escalated or paused (the AI is muted there: nothing is sent); a message asking for a human, the rule the AI's auto_escalation uses too: ${HUMAN_REQUEST_WORDING}; max_turns messages without the goal.`,
      },
    ],
    example: { goal: 'answer_questions', instructions: 'Answer questions about our services in two sentences at most.', max_turns: 5 },
    ports: () => ['output_1', 'output_2'],
    waits: () => true,
    waitsWhen: 'always (for the person)',
    mayEnd: true,
    sets: (config) => (config.save_summary_to === undefined ? [] : [{ variable: config.save_summary_to, key: 'save_summary_to' }]),
    templates: (config) => texts([['instructions', config.instructions]]),
  }),
  randomizer: node({
    type: 'randomizer',
    label: 'Randomizer',
    description: 'Sends each person down one branch at random, by weight (A/B tests).',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [{ port: 'output_{n}', per: 'branches', description: 'The n-th branch was drawn.' }],
    example: { branches: [{ weight: 50, label: 'A' }, { weight: 50, label: 'B' }] },
    ports: (config) => numbered(config.branches.length),
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: false,
  }),
};

/** Built-in placeholders (the catalogue's `placeholders`); custom fields and variables are added by pattern. */
export const BUILT_IN_PLACEHOLDERS: readonly { readonly name: string; readonly description: string }[] = [
  { name: 'name', description: 'The contact’s display name.' },
  { name: 'first_name', description: 'The first word of the display name.' },
  { name: 'email', description: 'The contact’s email address.' },
  { name: 'phone', description: 'The contact’s phone number.' },
  { name: 'ig_username', description: 'The Instagram username.' },
  { name: 'channel', description: 'The channel of the conversation.' },
  { name: 'business_name', description: 'The account’s business name.' },
];
export const CUSTOM_FIELD_PLACEHOLDER_PREFIX = 'custom_fields.';
