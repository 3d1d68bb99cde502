/**
 * AI configuration and channel switches (4.11, 2.17, 2.18, 7.1, 8). The configuration is one
 * per account, so every check that changes it runs in the `full` profile and PATCHes back what
 * it changed (`withRestore`); rejected PATCHes must change nothing, which the kit verifies by
 * reading the whole configuration before and after.
 */
import { AiChannels, AiChannelSwitch } from '../../../src/resources/ai-config/switch-schemas.js';
import { AiConfig, type AiConfigData } from '../../../src/resources/ai-config/schemas.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, expectShape, expectStatus, fail, readData } from '../../runner/expect.js';
import { sandbox } from '../sandbox.js';
import { canonical, costOf } from '../helpers.js';
import { patchConfig, readConfig, withRestore } from './shared.js';

const group = 'ai-config';
const GET_CONFIG = 'GET /ai/config';
const PATCH_CONFIG = 'PATCH /ai/config';
const GET_CHANNELS = 'GET /ai/channels';
const PATCH_CHANNEL = 'PATCH /ai/channels/{channel}';

type Json = Record<string, unknown>;

/** Each exclude rule by the fields 2.17 states, `{type, value}`; a key the server adds is left out. */
function statedRules(rules: unknown): unknown {
  if (!Array.isArray(rules)) return rules;
  return rules.map((rule: unknown) => {
    if (typeof rule !== 'object' || rule === null) return rule;
    const { type, value } = rule as Json;
    return { type, value };
  });
}

async function readChannels(ctx: CheckContext) {
  const response = await ctx.send({ path: '/ai/channels', key: await ctx.keyFor('read') });
  expectStatus(response, 200, 'GET /ai/channels');
  return expectShape(readData(response, 'GET /ai/channels'), AiChannels, 'channel switch state (2.18)', response);
}

async function patchChannel(ctx: CheckContext, channel: string, body: Json) {
  return ctx.send({ method: 'PATCH', path: `/ai/channels/${channel}`, key: await ctx.keyFor('admin'), body });
}

/** The rejections 4.11 and 8 state, for the sections this account's plan has. */
function rejections(config: AiConfigData): { what: string; body: Json; param: RegExp }[] {
  const cases: { what: string; body: Json; param: RegExp }[] = [
    { what: 'instructions of 15,001 characters', body: { identity: { instructions: 'i'.repeat(15_001) } }, param: /instructions$/ },
    { what: 'five starter questions', body: { starters: { instagram: { questions: ['a?', 'b?', 'c?', 'd?', 'e?'] } } }, param: /^starters\.instagram/ },
    { what: 'a starter question of 81 characters', body: { starters: { instagram: { questions: [`${'q'.repeat(80)}?`] } } }, param: /^starters\.instagram/ },
    { what: 'starters enabled without questions', body: { starters: { instagram: { enabled: true, questions: [] } } }, param: /^starters\.instagram/ },
    { what: 'an unknown section', body: { kit_unknown_section: { enabled: true } }, param: /kit_unknown_section/ },
    { what: 'an unknown field', body: { identity: { kit_unknown_field: 'x' } }, param: /kit_unknown_field/ },
  ];
  if (config.followups.available) {
    for (const minutes of [4, 61]) cases.push({ what: `a first follow-up delay of ${minutes} minutes`, body: { followups: { first_delay_minutes: minutes } }, param: /first_delay_minutes$/ });
    for (const hours of [0, 24]) cases.push({ what: `a second follow-up delay of ${hours} hours`, body: { followups: { second_delay_hours: hours } }, param: /second_delay_hours$/ });
  }
  if (config.csat.available) {
    cases.push({ what: 'an unknown CSAT template', body: { csat: { template: 'kit_unknown_template' } }, param: /template$/ });
    cases.push({ what: 'a CSAT message of 501 characters', body: { csat: { custom_message: 'm'.repeat(501) } }, param: /custom_message$/ });
  }
  if (config.comment_ai.available) {
    cases.push({ what: 'comment-manager instructions of 5001 characters', body: { comment_ai: { instructions: 'c'.repeat(5_001) } }, param: /instructions$/ });
  }
  return cases;
}

export const aiConfigChecks: CheckDefinition[] = [
  {
    id: 'ai.config-shape',
    title: 'GET /ai/config answers all nine sections with the fields of 2.17',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [GET_CONFIG],
    cost: costOf(1),
    async run(ctx) {
      const config = await readConfig(ctx);
      if (config.behavior.business_hours.length !== 7) fail(`behavior.business_hours has ${config.behavior.business_hours.length} entries, not seven (2.17)`);
    },
  },
  {
    id: 'ai.config-clamps',
    title: 'PATCH /ai/config clamps the welcome message to 500, the batch window to at least 5000 ms, and a long name',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CONFIG, PATCH_CONFIG],
    cost: costOf(6),
    async run(ctx) {
      const before = await readConfig(ctx);
      const restore = {
        identity: { welcome_message: before.identity.welcome_message, name: before.identity.name },
        behavior: { batch_window_ms: before.behavior.batch_window_ms },
      };
      await withRestore(ctx, restore, async () => {
        const welcome = `${ctx.prefix} ${'w'.repeat(600)}`;
        const response = await patchConfig(ctx, { identity: { welcome_message: welcome, name: 'n'.repeat(1_000) }, behavior: { batch_window_ms: 1_000 } });
        expectStatus(response, 200, 'PATCH /ai/config with a 600+ character welcome message, a 1000-character name and a 1000 ms batch window');
        const after = readData(response, 'PATCH /ai/config') as unknown as AiConfigData;
        const stored = after.identity?.welcome_message ?? '';
        if ([...stored].length !== 500 || !welcome.startsWith(stored)) fail(`welcome_message should be clamped to its first 500 characters; got ${[...stored].length} characters`, response);
        if ((after.identity?.name ?? '').length >= 1_000) fail('a 1000-character name should be clamped, not stored whole', response);
        if (after.behavior?.batch_window_ms !== 5_000) fail(`batch_window_ms 1000 should be clamped to 5000; got ${String(after.behavior?.batch_window_ms)}`, response);
        const reread = await readConfig(ctx);
        if (reread.identity.welcome_message !== stored) fail('GET /ai/config does not show the clamped welcome message the PATCH answered');
      });
    },
  },
  {
    id: 'ai.config-rejections',
    title: 'PATCH /ai/config refuses out-of-range values and unknown fields with 400 naming them, and changes nothing',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CONFIG, PATCH_CONFIG],
    cost: costOf(20),
    async run(ctx) {
      const before = await readConfig(ctx);
      const restore = { identity: { welcome_message: before.identity.welcome_message, instructions: before.identity.instructions } };
      await withRestore(ctx, restore, async () => {
        for (const { what, body, param } of rejections(before)) {
          expectError(await patchConfig(ctx, body), 400, 'invalid_param', `PATCH /ai/config with ${what}`, { param });
        }
        // One refused field in a PATCH: the valid field beside it is not applied either.
        const mixed = await patchConfig(ctx, { identity: { welcome_message: `${ctx.prefix} changed`, instructions: 'x'.repeat(15_001) } });
        expectError(mixed, 400, 'invalid_param', 'PATCH /ai/config with a valid welcome message and instructions over 15,000', { param: /instructions$/ });
        const after = await readConfig(ctx);
        const strip = (config: AiConfigData) => canonical({ ...config, booking: { ...config.booking, bookable_services: [] } });
        if (strip(after) !== strip(before)) fail('a refused PATCH /ai/config changed the configuration (it must change nothing)');
      });
    },
  },
  {
    id: 'ai.config-side-rules',
    title: 'Enabling file handling turns batching on; exclude rules are replaced whole; config PATCH leaves the channel switches alone',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CONFIG, PATCH_CONFIG, GET_CHANNELS],
    cost: costOf(10),
    async run(ctx) {
      const before = await readConfig(ctx);
      const switches = canonical(await readChannels(ctx));
      const restore = {
        behavior: { batch_messages: before.behavior.batch_messages },
        ...(before.file_handling.available ? { file_handling: { enabled: before.file_handling.enabled } } : {}),
        ...(before.comment_ai.available ? { comment_ai: { exclude_rules: statedRules(before.comment_ai.exclude_rules) } } : {}),
      };
      await withRestore(ctx, restore, async () => {
        if (before.file_handling.available) {
          const response = await patchConfig(ctx, { behavior: { batch_messages: false }, file_handling: { enabled: true } });
          expectStatus(response, 200, 'PATCH /ai/config enabling file handling');
          const after = readData(response, 'PATCH /ai/config') as unknown as AiConfigData;
          if (after.behavior?.batch_messages !== true) fail('enabling file handling must turn batch_messages on (2.17)', response);
        }
        if (before.comment_ai.available) {
          const first = [{ type: 'keyword', value: `${ctx.prefix}_a` }, { type: 'keyword', value: `${ctx.prefix}_b` }];
          const second = [{ type: 'post_id', value: `${ctx.prefix}_c` }];
          expectStatus(await patchConfig(ctx, { comment_ai: { exclude_rules: first } }), 200, 'PATCH /ai/config comment_ai.exclude_rules');
          const response = await patchConfig(ctx, { comment_ai: { exclude_rules: second } });
          expectStatus(response, 200, 'PATCH /ai/config comment_ai.exclude_rules again');
          const rules = (readData(response, 'PATCH /ai/config') as unknown as AiConfigData).comment_ai?.exclude_rules;
          // "Replaced whole" is about the set of rules: each is judged by the `{type, value}` 2.17
          // states, and a key the server adds to a rule (an id) is allowed (audit 13f F6).
          if (canonical(statedRules(rules)) !== canonical(second)) fail(`exclude_rules must be replaced whole on write (2.17); got ${JSON.stringify(rules)}`, response);
        }
        if (canonical(await readChannels(ctx)) !== switches) fail('PATCH /ai/config changed the per-channel AI switches (4.11: never)');
      });
    },
  },
  {
    id: 'ai.config-starters-publish',
    title: 'Sending starters publishes to both platforms: each reports a publish time or an *_error',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CONFIG, PATCH_CONFIG],
    cost: costOf(2),
    async run(ctx) {
      const before = await readConfig(ctx);
      const { instagram, facebook } = before.starters;
      const response = await patchConfig(ctx, { starters: { instagram, facebook } });
      expectStatus(response, 200, 'PATCH /ai/config with the current starters');
      const published = ((readData(response, 'PATCH /ai/config') as unknown as AiConfigData).starters?.published ?? {}) as Json;
      for (const platform of ['instagram', 'facebook']) {
        if (!(`${platform}_error` in published)) fail(`starters.published lacks ${platform}_error (2.17: error keys of form *_error)`, response);
        const error = published[`${platform}_error`];
        const time = published[`${platform}_published_at`];
        if (error === null && typeof time !== 'string') fail(`starters.published shows neither a publish time nor an error for ${platform}`, response);
      }
    },
  },
  {
    id: 'ai.config-feature-gates',
    title: 'Writing a section the plan lacks gives 403 feature_unavailable naming it, and changes nothing',
    clause: '7.1',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CONFIG, PATCH_CONFIG],
    cost: costOf(10),
    async run(ctx) {
      // The first account whose plan lacks a feature (the main one, else the second key's).
      const labels = ctx.keys.scopeOf('b') === 'full' || ctx.keys.scopeOf('b') === 'admin' ? [undefined, 'b'] : [undefined];
      for (const label of labels) {
        const read = await ctx.send({ path: '/ai/config', key: label ?? (await ctx.keyFor('read')) });
        expectStatus(read, 200, 'GET /ai/config');
        const before = expectShape(readData(read, 'GET /ai/config'), AiConfig, 'AI configuration (2.17)', read);
        const missing = (['file_handling', 'followups', 'csat', 'comment_ai'] as const).filter((section) => !before[section].available);
        if (missing.length === 0) continue;
        const key = label ?? (await ctx.keyFor('admin'));
        for (const section of missing) {
          const response = await ctx.send({ method: 'PATCH', path: '/ai/config', key, body: { [section]: { enabled: true } } });
          expectError(response, 403, 'feature_unavailable', `PATCH /ai/config ${section} (not in the plan)`, { param: section });
        }
        const after = await ctx.send({ path: '/ai/config', key: label ?? (await ctx.keyFor('read')) });
        if (canonical(readData(after, 'GET /ai/config')) !== canonical(readData(read, 'GET /ai/config'))) fail('a refused feature write changed the configuration', after);
        return;
      }
      ctx.skip('all_features_available', 'the plans of the accounts the kit holds have every AI feature');
    },
  },
  {
    id: 'ai.config-meet-needs-calendar',
    title: 'Google Meet invites need a connected calendar and make the email field required',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CONFIG, PATCH_CONFIG],
    cost: costOf(4),
    async run(ctx) {
      const before = await readConfig(ctx);
      const { booking } = before;
      const restore = { booking: { google_meet_invites: booking.google_meet_invites, required_fields: { email: booking.required_fields.email } } };
      await withRestore(ctx, restore, async () => {
        const response = await patchConfig(ctx, { booking: { google_meet_invites: true, required_fields: { email: false } } });
        if (!booking.calendar.connected) {
          if (response.status < 400 || response.status >= 500) fail(`Meet invites without a connected calendar must be refused; got HTTP ${response.status}`, response);
          return;
        }
        expectStatus(response, 200, 'PATCH /ai/config booking.google_meet_invites true');
        const fields = (readData(response, 'PATCH /ai/config') as unknown as AiConfigData).booking?.required_fields;
        if (fields?.email !== true) fail('Meet invites on must make required_fields.email true (2.17)', response);
      });
    },
  },
  {
    id: 'ai.channels-shape',
    title: 'GET /ai/channels answers meta (with accounts), sms, whatsapp and telegram',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [GET_CHANNELS],
    cost: costOf(1),
    async run(ctx) {
      await readChannels(ctx);
    },
  },
  {
    id: 'ai.channels-switch',
    title: 'PATCH /ai/channels/{channel}: facebook and instagram address meta, the answer names the channel, turning off never fails',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CHANNELS, PATCH_CHANNEL],
    cost: costOf(8),
    async run(ctx) {
      const before = await readChannels(ctx);
      try {
        for (const alias of ['facebook', 'instagram']) {
          const response = await patchChannel(ctx, alias, { automation_enabled: before.meta.automation_enabled });
          expectStatus(response, 200, `PATCH /ai/channels/${alias}`);
          const state = expectShape(readData(response, `PATCH /ai/channels/${alias}`), AiChannelSwitch, 'single channel state (2.18)', response);
          if (state.channel !== 'meta' && state.channel !== alias) fail(`PATCH /ai/channels/${alias} answered channel "${state.channel}"`, response);
        }
        for (const channel of ['meta', 'sms']) {
          const response = await patchChannel(ctx, channel, { ai_enabled: false });
          expectStatus(response, 200, `PATCH /ai/channels/${channel} {ai_enabled: false} (turning off never fails)`);
          if (readData(response, 'PATCH /ai/channels').ai_enabled !== false) fail(`PATCH /ai/channels/${channel} did not turn the AI off`, response);
        }
        const after = await readChannels(ctx);
        if (after.meta.ai_enabled || after.sms.ai_enabled) fail('GET /ai/channels does not show the switches turned off');
      } finally {
        for (const key of ['meta', 'sms'] as const) {
          const { ai_enabled, automation_enabled } = before[key];
          const response = await patchChannel(ctx, key, { ai_enabled, automation_enabled });
          if (response.status !== 200) fail(`restoring the ${key} switch answered HTTP ${response.status}`, response);
        }
      }
    },
  },
  {
    id: 'ai.channels-sms-readiness',
    title: 'Turning SMS AI on gives 409 sms_not_ready without a messaging service and 409 purge_active while purge is on',
    clause: '4.11',
    level: 'spec',
    group,
    profile: 'full',
    routes: [GET_CHANNELS, PATCH_CHANNEL],
    needs: ['simulator', 'control'],
    cost: costOf(10),
    async run(ctx) {
      const listed = await sandbox(ctx, 'GET', '/channels');
      expectStatus(listed, 200, 'GET /_sandbox/channels');
      const sms = ((listed.json as { data?: Json[] }).data ?? []).find((row) => row['channel'] === 'sms');
      if (!sms || !('messaging_service_sid' in sms)) return ctx.skip('needs_sms_readiness_power');
      const original = { connected: sms['connected'], messaging_service_sid: sms['messaging_service_sid'], inbound_body_purge: sms['inbound_body_purge'] };
      const before = (await readChannels(ctx)).sms;
      try {
        expectStatus(await sandbox(ctx, 'POST', '/channels/sms', { connected: true, messaging_service_sid: null, inbound_body_purge: false }), 200, 'POST /_sandbox/channels/sms');
        expectError(await patchChannel(ctx, 'sms', { ai_enabled: true }), 409, 'sms_not_ready', 'PATCH /ai/channels/sms {ai_enabled: true} without a messaging service');
        expectStatus(await sandbox(ctx, 'POST', '/channels/sms', { messaging_service_sid: 'MGkitconformance', inbound_body_purge: true }), 200, 'POST /_sandbox/channels/sms');
        expectError(await patchChannel(ctx, 'sms', { ai_enabled: true }), 409, 'purge_active', 'PATCH /ai/channels/sms {ai_enabled: true} while inbound body purge is on');
        expectStatus(await sandbox(ctx, 'POST', '/channels/sms', { inbound_body_purge: false }), 200, 'POST /_sandbox/channels/sms');
        expectStatus(await patchChannel(ctx, 'sms', { ai_enabled: true }), 200, 'PATCH /ai/channels/sms {ai_enabled: true} once SMS is ready');
      } finally {
        await sandbox(ctx, 'POST', '/channels/sms', original);
        await patchChannel(ctx, 'sms', { ai_enabled: false });
        if (before.ai_enabled) await patchChannel(ctx, 'sms', { ai_enabled: true });
      }
    },
  },
];
