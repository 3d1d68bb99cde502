/** Comment trigger bodies for tests (issue 19). */
import { defaultSeed } from '../../fixtures/default-seed.js';
import type { Json } from './flow-graphs.js';

/** A valid DM trigger (both modes: a public reply, a template, one url button). */
export const dmTrigger = (extra: Json = {}): Json => ({
  name: 'Link please',
  platform: 'instagram',
  keywords: ['link'],
  response_mode: 'both',
  public_replies: ['Sent you a DM!'],
  dm_templates: ['Here is the link, {name}'],
  buttons: [{ title: 'Open', type: 'url', url: 'https://shop.example.test/p/1' }],
  ...extra,
});

/** A flow definition linked to the trigger (comment source, linked mode). */
export const linkedFlow = (triggerId: number) => ({
  trigger: { source: 'comment', comment_trigger_id: triggerId },
  nodes: [
    { id: '1', type: 'trigger', config: {} },
    { id: '2', type: 'message', config: { text: 'Welcome from the comment!' } },
  ],
  edges: [{ from: '1', to: '2' }],
});


/** The default seed without the comment automation sections, so a test starts from no triggers or comments. */
export function seedWithoutCommentAutomation() {
  const seed = defaultSeed();
  return {
    ...seed,
    accounts: seed.accounts.map((account) => {
      const { comment_triggers: _triggers, handled_comments: _comments, ...rest } = account as typeof account & { comment_triggers?: unknown; handled_comments?: unknown };
      return rest;
    }),
  };
}
