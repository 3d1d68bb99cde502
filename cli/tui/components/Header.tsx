/** The top line: target, account, plan, key scope and rate-limit remaining, always. */
import { Box, Text } from 'ink';
import type { HeaderFacts } from '../session.js';
import type { Theme } from '../theme.js';

const BRAND = 'Switchboard ';

/** The header's text for a width: the business name goes first, then the target is shortened. */
export function headerText(facts: HeaderFacts | undefined, width = 200): string {
  if (!facts) return 'not connected │ pick a target (1)';
  const rate = facts.rate ? `rate ${facts.rate.remaining}/${facts.rate.limit}` : 'rate -';
  const key = `key ${facts.scope ?? '?'} ${facts.keyMask}`;
  const account = facts.account ? `#${facts.account.id} ${facts.account.businessName} (${facts.account.plan})` : (facts.problem ?? 'account ?');
  // Without an account the problem's status and code ("401 invalid_api_key") stand for it, so the
  // target keeps its room: the status line has the whole sentence.
  const short = facts.account ? `#${facts.account.id} ${facts.account.plan}` : (/^\d{3} [^\s:]+/.exec(account)?.[0] ?? account);
  const room = width - BRAND.length;
  for (const candidate of [
    [facts.target, account, key, rate],
    [facts.target, short, key, rate],
    [facts.target, short, `key ${facts.scope ?? '?'}`, rate],
  ]) {
    const text = candidate.join(' │ ');
    if (text.length <= room) return text;
  }
  const tail = ` │ ${short} │ ${facts.scope ?? '?'} │ ${rate}`;
  return `${facts.target.slice(0, Math.max(8, room - tail.length - 1))}…${tail}`;
}

export function Header({ facts, width, theme }: { facts: HeaderFacts | undefined; width: number; theme: Theme }) {
  return (
    <Box width={width} height={1}>
      <Box flexShrink={0}>
        <Text bold color={theme.accent}>
          {BRAND}
        </Text>
      </Box>
      <Text wrap="truncate-end">{headerText(facts, width)}</Text>
    </Box>
  );
}
