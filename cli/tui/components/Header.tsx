/** The top line: target, account, plan, key scope and rate-limit remaining, always. */
import { Box, Text } from 'ink';
import type { HeaderFacts } from '../session.js';
import type { Theme } from '../theme.js';

export function headerText(facts: HeaderFacts | undefined): string[] {
  if (!facts) return ['not connected', 'pick a target (1)'];
  const parts = [facts.target];
  if (facts.account) parts.push(`#${facts.account.id} ${facts.account.businessName} (${facts.account.plan})`);
  else if (facts.problem) parts.push(facts.problem);
  parts.push(`key ${facts.scope ?? '?'} ${facts.keyMask}`);
  parts.push(facts.rate ? `rate ${facts.rate.remaining}/${facts.rate.limit}` : 'rate -');
  return parts;
}

export function Header({ facts, width, theme }: { facts: HeaderFacts | undefined; width: number; theme: Theme }) {
  const parts = headerText(facts);
  return (
    <Box width={width} height={1}>
      <Text bold color={theme.accent} wrap="truncate-end">
        Switchboard{' '}
      </Text>
      <Text wrap="truncate-end">{parts.join(' │ ')}</Text>
    </Box>
  );
}
