/** AI configuration rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import type { AiConfigModel, AiConfigNeeds } from './model.js';

type Mutant = GroupMutant<AiConfigModel, AiConfigNeeds>;

/** Swaps one of the PATCH rules while the mutant is on. */
function swapRule<K extends keyof AiConfigModel['rules']>(name: K, replacement: AiConfigModel['rules'][K]): Mutant['install'] {
  return ({ model }) => {
    const original = model.rules[name];
    model.rules[name] = replacement;
    return () => {
      model.rules[name] = original;
    };
  };
}

export const aiConfigMutants: Readonly<Record<string, Mutant>> = {
  welcome_not_clamped: {
    description: 'PATCH /ai/config stores a welcome message over 500 characters whole instead of clamping it.',
    install: swapRule('welcomeMessage', (value) => value),
  },
  sms_ai_without_service: {
    description: 'SMS AI switches on without a messaging service assigned (no 409 sms_not_ready).',
    install: ({ model }) => {
      const refusal = model.switches.refusal;
      model.switches.refusal = (accountId, key, field) => {
        const refused = refusal(accountId, key, field);
        return refused?.code === 'sms_not_ready' ? undefined : refused;
      };
      return () => {
        model.switches.refusal = refusal;
      };
    },
  },
  instructions_unbounded: {
    description: 'PATCH /ai/config accepts instructions over 15,000 characters instead of refusing them.',
    install: swapRule('instructions', () => {}),
  },
};
