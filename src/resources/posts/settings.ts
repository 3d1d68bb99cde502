/**
 * Per-account publishing state the sandbox controls (2.26): the TikTok connection (Instagram and
 * Facebook connections are the channels group's) with its creator options, and a rejection
 * fault per platform (3.5 "a platform rejects"), and how long scheduled posts stay `publishing`. An account without a row has TikTok not
 * connected, the default creator options, and no fault.
 */
import type { CoreServices } from '../../groups/services.js';
import { PUBLISH_LATENCY_DEFAULT_MS, TIKTOK_MAX_VIDEO_SEC, TIKTOK_PRIVACY_LEVELS } from './limits.js';
import { PublishingSettingsRecordSchema, type PublishingSettingsRecord } from './record.js';
import type { Target, TikTokConnectionData } from './schemas.js';

export type PublishingSettings = Omit<PublishingSettingsRecord, 'id' | 'account_id'>;

const DEFAULTS: PublishingSettings = {
  tiktok_connected: false,
  tiktok_username: null,
  privacy_level_options: [...TIKTOK_PRIVACY_LEVELS],
  max_video_post_duration_sec: TIKTOK_MAX_VIDEO_SEC,
  duet_disabled: false,
  stitch_disabled: false,
  comment_disabled: false,
  reject_instagram: null,
  reject_facebook: null,
  reject_tiktok: null,
  publish_latency_ms: PUBLISH_LATENCY_DEFAULT_MS,
};

const FAULT_FIELD = { instagram: 'reject_instagram', facebook: 'reject_facebook', tiktok: 'reject_tiktok' } as const;

export function createPublishingSettings(core: CoreServices) {
  const { store } = core;
  const rows = store.define<PublishingSettingsRecord>(
    'publishing_settings',
    { account: { unique: true, key: (row) => String(row.account_id) } },
    { schema: PublishingSettingsRecordSchema, sequence: 'publishing_settings' },
  );

  function get(accountId: number): PublishingSettings {
    const row = rows.findUnique('account', String(accountId));
    // Rows saved before a setting existed read it as its default.
    return row ? { ...DEFAULTS, ...row } : DEFAULTS;
  }

  function patch(accountId: number, change: Partial<PublishingSettings>): PublishingSettings {
    const existing = rows.findUnique('account', String(accountId));
    if (existing) return rows.update(existing.id, change);
    return rows.insert({ id: store.nextId('publishing_settings'), account_id: accountId, ...DEFAULTS, ...change });
  }

  const tiktok = (accountId: number): TikTokConnectionData => {
    const s = get(accountId);
    return {
      connected: s.tiktok_connected,
      username: s.tiktok_connected ? s.tiktok_username : null,
      privacy_level_options: [...s.privacy_level_options],
      max_video_post_duration_sec: s.max_video_post_duration_sec,
      duet_disabled: s.duet_disabled,
      stitch_disabled: s.stitch_disabled,
      comment_disabled: s.comment_disabled,
    };
  };

  return {
    get,
    tiktok,
    setTikTok(accountId: number, input: Partial<TikTokConnectionData>): TikTokConnectionData {
      const change: Partial<PublishingSettings> = {
        ...(input.connected !== undefined ? { tiktok_connected: input.connected } : {}),
        ...(input.username !== undefined ? { tiktok_username: input.username } : {}),
        ...(input.privacy_level_options !== undefined ? { privacy_level_options: [...new Set(input.privacy_level_options)] } : {}),
        ...(input.max_video_post_duration_sec !== undefined ? { max_video_post_duration_sec: input.max_video_post_duration_sec } : {}),
        ...(input.duet_disabled !== undefined ? { duet_disabled: input.duet_disabled } : {}),
        ...(input.stitch_disabled !== undefined ? { stitch_disabled: input.stitch_disabled } : {}),
        ...(input.comment_disabled !== undefined ? { comment_disabled: input.comment_disabled } : {}),
      };
      patch(accountId, change);
      return tiktok(accountId);
    },
    /** How long a scheduled post stays `publishing` before the platforms answer. */
    publishLatency: (accountId: number): number => get(accountId).publish_latency_ms ?? PUBLISH_LATENCY_DEFAULT_MS,
    setPublishLatency(accountId: number, ms: number): { publish_latency_ms: number } {
      patch(accountId, { publish_latency_ms: ms });
      return { publish_latency_ms: ms };
    },
    /** The rejection message while `platform` rejects publishes, else null. */
    fault: (accountId: number, platform: Target): string | null => get(accountId)[FAULT_FIELD[platform]],
    setFault(accountId: number, platform: Target, reject: boolean, message?: string) {
      const text = reject ? (message ?? `${platform} rejected the post (sandbox fault).`) : null;
      patch(accountId, { [FAULT_FIELD[platform]]: text });
      return { platform, reject, error_message: text };
    },
  };
}

export type PublishingSettingsModel = ReturnType<typeof createPublishingSettings>;
