/**
 * Flows CRUD, the 3.3 lifecycle, versions (9) and events (6). Live-safe: every flow the kit
 * creates is named with the run prefix and matches only words that carry it (nobody types them),
 * is paused before it is deleted, and is deleted by the check that made it (the sweeper deletes
 * any left behind).
 */
import { Flow, FlowSummary } from '../../../src/resources/flows/schemas.js';
import type { CheckDefinition } from '../../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../../runner/expect.js';
import { costOf } from '../helpers.js';
import { CATALOGUE, CREATE, DELETE, GET, LIST, PATCH, act, action, createFlow, setupFlow, group, leadCapture, readFlow, requireRoom, retire, withNodes, word } from './client.js';
import { readCatalogue, type Catalogue, type Json } from './graphs.js';

export const lifecycleChecks: CheckDefinition[] = [
  {
    id: 'flows.create',
    title: 'POST /flows: 201 draft version 1 with warnings; 422 invalid_definition lists errors; name 1 to 100',
    clause: '4.7',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, GET, 'GET /flows/{id}/definition', LIST, DELETE],
    cost: costOf(12),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 2);
      const key = await ctx.keyFor('write');
      const flow = await createFlow(ctx, word(ctx, 'create'), key);
      try {
        if (flow.status !== 'draft' || flow.version !== 1 || flow.published_version !== null) fail(`a new flow should be a draft at version 1, unpublished; got ${flow.status} v${flow.version} published ${flow.published_version}`);
        if (!Array.isArray(flow.warnings)) fail('POST /flows should answer warnings (2.10: on create)');
        if (flow.stats.entries !== 0 || flow.stats.completion_rate !== null) fail('a new flow has no entries, so completion_rate is null (2.10)');
        const definition = await ctx.send({ path: `/flows/${flow.id}/definition` });
        const shown = readData(definition, 'GET /flows/{id}/definition');
        if (shown['flow_id'] !== flow.id || typeof shown['has_draft'] !== 'boolean' || typeof shown['definition'] !== 'object') fail('GET /flows/{id}/definition should answer {flow_id, has_draft, definition}', definition);
        const listed = await ctx.send({ path: '/flows', query: { status: 'draft', limit: 100 } });
        const item = readList(listed, 'GET /flows?status=draft').data.find((f) => (f as Json)['id'] === flow.id) as Json | undefined;
        if (!item) fail('GET /flows?status=draft leaves out the new draft', listed);
        expectShape(item, FlowSummary, 'flow list shape (2.10)', listed);
        if ('definition' in item) fail('GET /flows should list flows without definitions', listed);
        const broken = withNodes(leadCapture(word(ctx, 'broken')), [{ id: '5', type: 'message', config: { text: 'x' } }], []);
        const refused = await ctx.send({ method: 'POST', path: '/flows', key, body: { name: ctx.name('bad'), definition: broken } });
        const error = expectError(refused, 422, 'invalid_definition', 'POST /flows with an unreachable node');
        if (!Array.isArray(error.extra['errors']) || error.extra['errors'].length === 0) fail('422 invalid_definition should list errors', refused);
        for (const name of ['', 'n'.repeat(101)]) {
          expectError(await ctx.send({ method: 'POST', path: '/flows', key, body: { name, definition: leadCapture(word(ctx, 'n')) } }), 400, 'invalid_param', `POST /flows with a ${name.length}-character name`, { param: 'name' });
        }
        expectError(await ctx.send({ method: 'POST', path: '/flows', key, body: { name: ctx.name('nodef') } }), 400, 'invalid_param', 'POST /flows without a definition', { param: 'definition' });
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.lifecycle',
    title: '3.3: publish, pause (409 not_active when not active), activate, discard-draft, duplicate (201, copy suffix), delete',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, GET, PATCH, DELETE, ...['publish', 'activate', 'pause', 'discard-draft', 'duplicate'].map(action)],
    cost: costOf(16),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 2, 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'life');
      const flow = await setupFlow(ctx, w, key);
      let copyId: number | undefined;
      try {
        expectError(await act(ctx, flow.id, 'pause', key), 409, 'not_active', 'pause of a draft flow');
        const published = await act(ctx, flow.id, 'publish', key);
        expectStatus(published, 200, 'publish of a draft flow');
        const live = expectShape(readData(published, 'publish'), Flow, 'flow', published);
        if (live.status !== 'active' || live.published_version !== 1) fail(`publish with room under the cap: expected active, published_version 1; got ${live.status}, ${live.published_version}`, published);
        const paused = await act(ctx, flow.id, 'pause', key);
        if (readData(paused, 'pause')['status'] !== 'paused') fail('pause of an active flow should leave it paused', paused);
        expectError(await act(ctx, flow.id, 'pause', key), 409, 'not_active', 'pause of a paused flow');
        const activated = await act(ctx, flow.id, 'activate', key);
        if (readData(activated, 'activate')['status'] !== 'active') fail('activate of a paused flow (room under the cap) should make it active', activated);
        const changed = leadCapture(w);
        changed.nodes[3] = { id: '4', type: 'message', config: { text: 'Changed, {email}' } };
        await ctx.send({ method: 'PATCH', path: `/flows/${flow.id}`, key, body: { definition: changed } });
        const discarded = await act(ctx, flow.id, 'discard-draft', key);
        const back = expectShape(readData(discarded, 'discard-draft'), Flow, 'flow', discarded);
        if (back.has_draft || JSON.stringify(back.definition) !== JSON.stringify(live.definition)) fail('discard-draft should drop the draft and show the published definition again', discarded);
        const copy = await act(ctx, flow.id, 'duplicate', key);
        expectStatus(copy, 201, 'duplicate');
        const duplicate = expectShape(readData(copy, 'duplicate'), Flow, 'flow', copy);
        copyId = duplicate.id;
        if (duplicate.status !== 'draft' || duplicate.id === flow.id) fail('duplicate should make a new flow in draft', copy);
        if (!duplicate.name.startsWith(flow.name) || duplicate.name === flow.name) fail(`duplicate should be named with a copy suffix; got "${duplicate.name}" for "${flow.name}"`, copy);
        await act(ctx, flow.id, 'pause', key);
        const removed = await ctx.send({ method: 'DELETE', path: `/flows/${flow.id}`, key });
        // 4.7 states the result ({deleted: true}) but not the status: any 2xx carrying it.
        expectSuccess(removed, 'DELETE /flows/{id}');
        if (readData(removed, 'DELETE /flows/{id}')['deleted'] !== true) fail('DELETE /flows/{id} should answer {deleted: true}', removed);
        ctx.ledger.forget('flow', flow.id);
        expectError(await ctx.send({ path: `/flows/${flow.id}` }), 404, 'not_found', 'GET of a deleted flow');
      } finally {
        if (copyId !== undefined) await retire(ctx, copyId, key);
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.patch-keeps-published',
    title: 'PATCH with a definition saves a draft: the published version keeps running (published_version unchanged), and discard-draft returns to it',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, GET, PATCH, action('publish'), action('discard-draft'), DELETE],
    cost: costOf(9),
    async run(ctx) {
      const catalogue = await readCatalogue(ctx);
      await requireRoom(ctx, catalogue, 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'draft');
      const flow = await setupFlow(ctx, w, key);
      try {
        const published = expectShape(readData(await act(ctx, flow.id, 'publish', key), 'publish'), Flow, 'flow');
        const changed = leadCapture(w);
        changed.nodes[3] = { id: '4', type: 'message', config: { text: 'A new ending, {email}' } };
        const patched = await ctx.send({ method: 'PATCH', path: `/flows/${flow.id}`, key, body: { definition: changed } });
        expectStatus(patched, 200, 'PATCH /flows/{id} with a definition');
        const after = await readFlow(ctx, flow.id, 'GET /flows/{id} after PATCH');
        if (after.status !== published.status) fail(`PATCH changed the status from ${published.status} to ${after.status} (3.3: unchanged)`);
        if (!after.has_draft) fail('after PATCH with a definition, has_draft should be true (saved as draft)');
        if (after.published_version !== published.published_version) fail(`PATCH moved published_version from ${published.published_version} to ${after.published_version}: the published version must keep running`);
        if (after.version <= (published.published_version ?? 0)) fail(`the draft should be a newer version than the published ${published.published_version}; version is ${after.version}`);
        const discarded = expectShape(readData(await act(ctx, flow.id, 'discard-draft', key), 'discard-draft'), Flow, 'flow');
        if (JSON.stringify(discarded.definition) !== JSON.stringify(published.definition)) fail('after discard-draft the definition should be the published one again');
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.versions',
    title: 'Each publish bumps published_version by one; version and published_version are integers',
    clause: '9',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, PATCH, action('publish'), DELETE],
    cost: costOf(7),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'ver');
      const flow = await setupFlow(ctx, w, key);
      try {
        let last = 0;
        for (let round = 1; round <= 2; round++) {
          if (round > 1) {
            const changed = leadCapture(w);
            changed.nodes[3] = { id: '4', type: 'message', config: { text: `Round ${round}, {email}` } };
            await ctx.send({ method: 'PATCH', path: `/flows/${flow.id}`, key, body: { definition: changed } });
          }
          const response = await act(ctx, flow.id, 'publish', key);
          const published = expectShape(readData(response, 'publish'), Flow, 'flow', response);
          if (published.published_version !== last + 1) fail(`publish #${round} should make published_version ${last + 1}, got ${published.published_version}`, response);
          last = published.published_version;
        }
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.keyword-collision',
    title: 'Activating a flow whose keyword another active flow uses is 422 invalid_definition',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, action('publish'), action('activate'), action('pause'), DELETE],
    cost: costOf(9),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 2, 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'clash');
      const first = await setupFlow(ctx, w, key);
      let second: number | undefined;
      try {
        expectStatus(await act(ctx, first.id, 'activate', key), 200, 'activate of a fresh flow');
        second = (await setupFlow(ctx, w, key)).id;
        expectError(await act(ctx, second, 'activate', key), 422, 'invalid_definition', 'activate of a flow sharing a keyword with an active flow');
      } finally {
        if (second !== undefined) await retire(ctx, second, key);
        await retire(ctx, first.id, key);
      }
    },
  },
  {
    id: 'flows.publish-cap',
    title: 'Publishing with the active-flow cap reached leaves the flow published but paused; activating it is 403 plan_limit_reached',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'full',
    routes: [CATALOGUE, CREATE, action('publish'), action('activate'), action('pause'), DELETE],
    cost: costOf(60),
    async run(ctx) {
      // The account (a, or b when it has fewer free slots) is filled to its cap with the kit's own flows.
      const candidates: ('a' | 'b')[] = ctx.keys.scopeOf('b') && ['write', 'admin', 'full'].includes(ctx.keys.scopeOf('b')!) ? ['a', 'b'] : ['a'];
      let chosen: { label: 'a' | 'b'; gap: number; catalogue: Catalogue } | undefined;
      for (const label of candidates) {
        const catalogue = await readCatalogue(ctx, label === 'a' ? await ctx.keyFor('write') : 'b');
        const gap = catalogue.live.active_flows.limit - catalogue.live.active_flows.count;
        if (!chosen || gap < chosen.gap) chosen = { label, gap, catalogue };
      }
      const { label, gap, catalogue } = chosen!;
      if (gap > 12) ctx.skip('budget', `${gap} more active flows would be needed to reach the cap`);
      if (catalogue.live.flows.length + gap + 1 > catalogue.live.flow_limit) ctx.skip('plan_limit_reached', 'no room for the flows that fill the cap');
      const key = label === 'a' ? await ctx.keyFor('write') : 'b';
      const made: number[] = [];
      try {
        for (let i = 0; i < gap; i++) {
          const flow = await setupFlow(ctx, word(ctx, `cap${i}`), key);
          made.push(flow.id);
          expectStatus(await act(ctx, flow.id, 'publish', key), 200, 'publish while under the cap');
        }
        const over = await setupFlow(ctx, word(ctx, 'over'), key);
        made.push(over.id);
        const response = await act(ctx, over.id, 'publish', key);
        expectStatus(response, 200, 'publish with the active-flow cap reached');
        const flow = readData(response, 'publish');
        if (flow['status'] !== 'paused' || flow['published_version'] !== 1) fail(`publish with the cap reached should leave it published (published_version 1) but paused; got ${String(flow['status'])}, ${String(flow['published_version'])}`, response);
        expectError(await act(ctx, over.id, 'activate', key), 403, 'plan_limit_reached', 'activate with the active-flow cap reached');
      } finally {
        for (const id of made) await retire(ctx, id, key);
      }
    },
  },
  {
    id: 'flows.events',
    title: 'flow.published, flow.activated and flow.paused fire on the matching lifecycle action',
    clause: '6',
    level: 'spec',
    group,
    profile: 'safe',
    needs: ['simulator', 'control'],
    routes: [CATALOGUE, CREATE, action('publish'), action('activate'), action('pause'), DELETE],
    cost: costOf(10),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 1, 1);
      const key = await ctx.keyFor('write');
      const flow = await setupFlow(ctx, word(ctx, 'events'), key);
      try {
        await act(ctx, flow.id, 'publish', key);
        await act(ctx, flow.id, 'pause', key);
        await act(ctx, flow.id, 'activate', key);
        for (const type of ['flow.published', 'flow.paused', 'flow.activated']) {
          // The journal is oldest first: walk it to its end (`after` the last id), since a sandbox
          // that earlier runs used holds more than one page of these events.
          let after: string | undefined;
          let found = false;
          let response;
          for (let page = 0; page < 50 && !found; page++) {
            response = await ctx.send({ path: '/_sandbox/events', query: { type, limit: 1000, ...(after ? { after } : {}) }, fromOrigin: true });
            expectStatus(response, 200, `GET /_sandbox/events?type=${type}`);
            const events = ((response.json as { data?: unknown } | undefined)?.data ?? []) as Json[];
            found = events.some((event) => ((event['data'] as Json | undefined)?.['flow'] as Json | undefined)?.['id'] === flow.id);
            const last = events.at(-1)?.['id'];
            if (events.length < 1000 || typeof last !== 'string') break;
            after = last;
          }
          if (!found) fail(`no ${type} event for flow ${flow.id} (section 6)`, response);
        }
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.other-account',
    title: 'Another account’s flow is 404 for reads and actions',
    clause: '4.7',
    level: 'spec',
    group,
    profile: 'safe',
    needs: ['key_b'],
    routes: [CATALOGUE, CREATE, GET, action('publish'), DELETE],
    cost: costOf(6),
    async run(ctx) {
      // B's claimed scope is not trusted to skip: the create is tried, and a 403 insufficient_scope skips.
      await requireRoom(ctx, await readCatalogue(ctx, 'b'), 1);
      const theirs = await setupFlow(ctx, word(ctx, 'theirs'), 'b');
      try {
        const read = await ctx.send({ path: `/flows/${theirs.id}` });
        // Ids may be per account (the spec does not say they are global): a 200 showing another
        // flow is A's own of the same id, not a leak, and A's own flow must not be published.
        if (read.status === 200 && readData(read, 'GET /flows/{id}')['name'] !== theirs.name) return;
        expectError(read, 404, 'not_found', "GET /flows/{id} of another account's flow");
        expectError(await act(ctx, theirs.id, 'publish'), 404, 'not_found', "publish of another account's flow");
      } finally {
        await retire(ctx, theirs.id, 'b');
      }
    },
  },
];
