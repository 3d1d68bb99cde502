/** HTTP for the AI configuration and the per-channel AI switches (4.11). */
import { ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { AiConfigModel } from './model.js';
import { AiConfig, PatchAiConfigBody } from './schemas.js';
import { AiChannelParams, AiChannels, AiChannelSwitch, PatchAiChannelBody } from './switch-schemas.js';

const tag = 'AI configuration';
const route = routesFor<AiConfigModel>();

export const aiConfigRoutes = [
  route({
    operationId: 'getAiConfig',
    method: 'GET',
    path: '/ai/config',
    tag,
    summary: 'All nine sections of the AI configuration',
    section: '4.11',
    scope: 'read',
    scopeSource: 'spec',
    success: { statuses: [200], schema: AiConfig, envelope: 'data' },
    handler: ({ caller }, { model }) => ok(model.get(caller.accountId)),
  }),

  route({
    operationId: 'updateAiConfig',
    method: 'PATCH',
    path: '/ai/config',
    tag,
    summary: 'Change any subset of sections and fields; answers the full configuration after the change',
    description:
      'Everything or nothing: one refused field changes nothing. Welcome message, batch window and name are clamped; instructions over 15,000, follow-up delays out of range, starters without questions or past 4 x 80 characters, an unknown CSAT template, a CSAT message over 500 and comment-manager instructions over 5000 are refused (400 naming the field). Unknown and read-only fields are refused (400). Writing a section the plan lacks is 403 feature_unavailable naming it. Sending `starters` publishes them to both platforms; a failed publish is saved anyway and reported in `starters.published.*_error`. Never changes the per-channel AI switches.',
    section: '4.11',
    scope: 'admin',
    scopeSource: 'spec',
    body: PatchAiConfigBody,
    success: { statuses: [200], schema: AiConfig, envelope: 'data' },
    errors: ['feature_unavailable'],
    handler: ({ caller, body }, { model }) => ok(model.patch(caller.accountId, body)),
  }),

  route({
    operationId: 'listAiChannels',
    method: 'GET',
    path: '/ai/channels',
    tag,
    summary: 'The four channel switch states (meta covers Facebook and Instagram)',
    section: '4.11',
    scope: 'read',
    scopeSource: 'spec',
    success: { statuses: [200], schema: AiChannels, envelope: 'data' },
    handler: ({ caller }, { model }) => ok(model.channels(caller.accountId)),
  }),

  route({
    operationId: 'updateAiChannel',
    method: 'PATCH',
    path: '/ai/channels/{channel}',
    tag,
    summary: 'Switch the AI or automation of one channel on or off; facebook and instagram address meta',
    description:
      'Turning off never fails. Turning on needs the channel connected (409 not_connected); SMS AI also needs a messaging service (409 sms_not_ready) and inbound body purge off (409 purge_active).',
    section: '4.11',
    scope: 'admin',
    scopeSource: 'spec',
    params: AiChannelParams,
    body: PatchAiChannelBody,
    success: { statuses: [200], schema: AiChannelSwitch, envelope: 'data' },
    errors: ['not_connected', 'sms_not_ready', 'purge_active'],
    handler: ({ caller, params, body }, { model }) => ok(model.setChannel(caller.accountId, params.channel, body)),
  }),
];
