/** 2 Explore: every route of the target's /openapi.json by tag; enter opens it in the console. */
import { useReducer } from 'react';
import { Box, Text } from 'ink';
import { fieldsOf, skeleton, type OpenApiLike, type RouteInfo } from '../data/openapi.js';
import { filteredListKey } from '../state/filtered-list.js';
import { initialList, listReducer, matchesFilter } from '../state/list.js';
import { ListView, Row } from '../components/ListView.js';
import { useLoad } from '../hooks.js';
import { useKeys, useUi } from '../ui.js';
import type { Theme } from '../theme.js';

type Item = { readonly kind: 'tag'; readonly tag: string; readonly count: number } | { readonly kind: 'route'; readonly route: RouteInfo };

export function groupByTag(routes: readonly RouteInfo[], filter: string): Item[] {
  const items: Item[] = [];
  let tag: string | undefined;
  const matching = routes.filter((route) => matchesFilter(`${route.method} ${route.path} ${route.tag} ${route.summary} ${route.operationId}`, filter));
  for (const route of matching) {
    if (route.tag !== tag) {
      tag = route.tag;
      items.push({ kind: 'tag', tag, count: matching.filter((other) => other.tag === tag).length });
    }
    items.push({ kind: 'route', route });
  }
  return items;
}

/** The detail of one route as lines of text (also what the docs capture). */
export function routeDetail(document: OpenApiLike, route: RouteInfo): string[] {
  const lines = [`${route.method} ${route.path}  (${route.operationId})`, route.summary];
  const facts = [
    route.scope ? `scope ${route.scope}${route.scopeSource === 'assumption' ? ' (assumed)' : ''}` : undefined,
    route.section ? `spec ${route.section}` : undefined,
    route.access ? `access ${route.access}` : undefined,
  ].filter(Boolean);
  if (facts.length) lines.push(facts.join(' · '));
  const params = route.params.filter((param) => param.in !== 'header' || param.name !== 'Idempotency-Key');
  if (params.length) lines.push(`params: ${params.map((param) => `${param.name}${param.required ? '*' : ''} (${param.in}, ${param.type})`).join(', ')}`);
  if (route.params.some((param) => param.name === 'Idempotency-Key')) lines.push('accepts Idempotency-Key');
  if (route.bodySchema !== undefined) {
    const fields = fieldsOf(document, route.bodySchema);
    lines.push(`body ${route.bodyName ?? ''}${route.bodyRequired ? ' (required)' : ''}:`);
    for (const field of fields) lines.push(`  ${field.name}${field.required ? '*' : ''}: ${field.type}${field.description ? ` — ${field.description}` : ''}`);
  }
  const ok = route.responses.filter((response) => response.status.startsWith('2'));
  const errors = route.responses.filter((response) => !response.status.startsWith('2'));
  if (ok.length) lines.push(`answers ${ok.map((response) => `${response.status} ${response.schema ?? ''}`.trim()).join(', ')}`);
  for (const response of errors) lines.push(`  ${response.status} ${response.codes.join(', ')}`);
  return lines;
}

function methodColor(theme: Theme, method: string): string | undefined {
  return theme.method[method];
}

export function Explore() {
  const ui = useUi();
  const session = ui.session;
  const catalogue = useLoad(session ? () => session.catalogue('api') : undefined, session);
  const [list, dispatch] = useReducer(listReducer, initialList);
  const routes = catalogue.state === 'ready' ? catalogue.value.routes : [];
  const items = groupByTag(routes, list.filter);
  const wide = ui.columns >= 110;
  const listWidth = wide ? Math.floor(ui.columns * 0.45) : ui.columns;
  const listHeight = wide ? ui.bodyRows : Math.max(4, Math.floor(ui.bodyRows / 2));
  const detailHeight = wide ? ui.bodyRows : ui.bodyRows - listHeight - 1;
  const current = items[Math.min(list.cursor, items.length - 1)];

  useKeys((input, key) => {
    const listAction = filteredListKey(list, input, key, items.length, listHeight);
    if (listAction) {
      dispatch(listAction);
      return true;
    }
    if (key.return && current?.kind === 'route' && session && catalogue.state === 'ready') {
      const route = current.route;
      const body = route.bodySchema !== undefined ? JSON.stringify(skeleton(catalogue.value.document, route.bodySchema), null, 2) : '';
      session.console.dispatch({ type: 'load', method: route.method, path: route.path, body: body === '{}' && !route.bodyRequired ? '' : body });
      ui.go('console');
      return true;
    }
    return false;
  }, list.filtering);

  if (!session) return <Text>Not connected: pick a target first (1).</Text>;
  if (catalogue.state === 'loading') return <Text>Reading the target's /openapi.json…</Text>;
  if (catalogue.state === 'failed') return <Text color={ui.theme.error}>{catalogue.error}</Text>;
  const detail = current?.kind === 'route' ? routeDetail(catalogue.value.document, current.route) : current ? [`${current.tag}: ${current.count} route(s)`] : [];
  return (
    <Box flexDirection={wide ? 'row' : 'column'} width={ui.columns} height={ui.bodyRows}>
      <ListView
        items={items}
        state={list}
        height={listHeight}
        width={listWidth}
        render={(item, selected) =>
          item.kind === 'tag' ? (
            <Row selected={selected} width={listWidth} text={`${item.tag} (${item.count})`} dim={!selected} />
          ) : (
            <Box width={listWidth}>
              <Text inverse={selected} color={selected ? undefined : methodColor(ui.theme, item.route.method)}>{`  ${item.route.method.padEnd(7)}`}</Text>
              <Row selected={selected} width={listWidth - 9} text={item.route.path} />
            </Box>
          )
        }
      />
      {wide ? null : <Text dimColor>{'─'.repeat(ui.columns)}</Text>}
      <Box flexDirection="column" width={wide ? ui.columns - listWidth - 1 : ui.columns} height={detailHeight} marginLeft={wide ? 1 : 0}>
        {detail.slice(0, detailHeight).map((line, index) => (
          <Text key={index} wrap="truncate-end" bold={index === 0}>
            {line}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
