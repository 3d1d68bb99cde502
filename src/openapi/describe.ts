/**
 * Prose the document derives from a route when the route table gives none (issue 13: linters and
 * generated docs want a description on every operation). It says what the table already knows:
 * the summary, the spec clause, the scope and where that scope comes from, and for the control
 * plane whose account it acts on. A route's own `description` comes first when it has one.
 */
import type { AnyRoute } from '../core/route.js';

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}

function scopeNote(route: AnyRoute<never>): string {
  if (route.access === 'operator') return 'Acts on the whole sandbox: send the operator token (X-Sandbox-Token).';
  const key = `Needs a key with \`${route.scope}\` scope or higher`;
  const source =
    route.scopeSource === 'spec'
      ? ' (as the spec states).'
      : ' (the spec does not state the scope; this is the simulator’s choice, recorded in docs/decisions.md).';
  const account = route.access === 'account' ? ' Acts on the caller’s account (the operator names one in X-Sandbox-Account).' : '';
  return `${key}${source}${account}`;
}

export function operationDescription(route: AnyRoute<never>): string {
  const parts = [sentence(route.description ?? route.summary)];
  if (/^\d/.test(route.section)) parts.push(`Specification section ${route.section}.`);
  parts.push(scopeNote(route));
  return parts.join(' ');
}
