/**
 * N1 (audit 8): one "asks for a human" rule. The AI's auto-escalation and a flow's ai_reply step
 * react to exactly the same messages, and the catalogue and docs/sandbox.md publish the same words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escalationCause, type EscalationSettings } from '../ai-assistant/escalation.js';
import { STATIC_CATALOGUE } from '../flows/catalogue.js';
import { asksForHuman as stepAsks } from '../flow-runtime/ai-step.js';
import { asksForHuman, HUMAN_PHRASES, HUMAN_REQUEST_WORDING, HUMAN_WORDS, TALK_TO, TALK_VERBS, TALK_WHOM } from './human-request.js';

const settings: EscalationSettings = {
  auto_escalation: true,
  file_handling: { available: false, enabled: false, auto_escalate_on_image: false, auto_escalate_on_document: false, auto_escalate_on_video: false, escalate_if_team_online: false },
};
const escalates = (text: string): boolean => escalationCause(settings, { text, attachments: [] }, () => true) === 'human_request';

const every: string[] = [
  ...HUMAN_WORDS.map((word) => `Can I get ${word.toUpperCase()} please?`),
  ...HUMAN_PHRASES.map((phrase) => `I'd like a ${phrase}!`),
  ...TALK_VERBS.flatMap((verb) => TALK_TO.flatMap((to) => TALK_WHOM.map((whom) => `Let me ${verb} ${to} ${whom}.`))),
];

describe('one rule for a request for a human', () => {
  // The two lists audit 8 found apart: the catalogue's words and auto_escalation's.
  it.each(['Can I get customer service?', 'I need an operator', 'Let me speak to a manager', 'chat with your staff', 'Talk with the team', 'a réal PERSON', 'Human please', 'any humans around?'])(
    'both react: %s',
    (text) => {
      expect(asksForHuman(text)).toBe(true);
      expect(stepAsks(text)).toBe(true);
      expect(escalates(text)).toBe(true);
    },
  );

  it('both react to every word and phrase the lists hold', () => {
    for (const text of every) {
      expect(stepAsks(text), text).toBe(true);
      expect(escalates(text), text).toBe(true);
    }
  });

  it.each(['humane treatment', 'agentic workflows', 'in person', 'someone told me', 'what service do you offer', 'our manager said hi', 'your staff were great', ''])(
    'neither reacts: %s',
    (text) => {
      expect(stepAsks(text)).toBe(false);
      expect(escalates(text)).toBe(false);
    },
  );

  it('off, auto_escalation escalates nothing, though the words are the same', () => {
    expect(escalationCause({ ...settings, auto_escalation: false }, { text: 'I need an operator', attachments: [] }, () => true)).toBeNull();
  });

  it('the catalogue and docs/sandbox.md publish the rule once, in the same words', () => {
    const gaveUp = STATIC_CATALOGUE.nodes.find((node) => node.type === 'ai_reply')!.outputs[1]!.description;
    expect(gaveUp).toContain(HUMAN_REQUEST_WORDING);
    const doc = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(doc.split(HUMAN_REQUEST_WORDING)).toHaveLength(2);
    for (const word of [...HUMAN_WORDS, ...TALK_WHOM]) expect(HUMAN_REQUEST_WORDING).toContain(word);
    for (const phrase of HUMAN_PHRASES) expect(HUMAN_REQUEST_WORDING).toContain(`"${phrase}"`);
  });
});
