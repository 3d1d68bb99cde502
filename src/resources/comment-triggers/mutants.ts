/** Comment trigger rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import type { CommentTriggersNeeds } from './hooks.js';
import type { CommentTriggersModel, TriggerRules } from './model.js';

function swap<K extends keyof TriggerRules>(key: K, replacement: TriggerRules[K]): GroupMutant<CommentTriggersModel, CommentTriggersNeeds>['install'] {
  return ({ model }) => {
    const original = model.rules[key];
    model.rules[key] = replacement;
    return () => {
      model.rules[key] = original;
    };
  };
}

export const commentTriggerMutants: Readonly<Record<string, GroupMutant<CommentTriggersModel, CommentTriggersNeeds>>> = {
  trigger_button_cap_ignored: {
    description: 'A DM trigger takes up to 5 buttons instead of 1 to 3.',
    install: swap('buttonsFit', (buttons) => buttons.length >= 1 && buttons.length <= 5),
  },
  trigger_created_paused_ignored: {
    description: 'The live cap is ignored: a trigger created past it is saved live (no created_paused), and activation past it succeeds.',
    install: swap('capAllows', () => true),
  },
  trigger_excluded_keyword_ignored: {
    description: 'Exclude keywords are ignored: a comment containing one still fires the trigger.',
    install: swap('excludesOf', () => []),
  },
};
