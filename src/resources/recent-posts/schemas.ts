/** Recent posts from the connected channel (2.23) and the sandbox inputs that shape them. No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Timestamp } from '../shared/schemas.js';

export const POST_CHANNELS = ['instagram', 'facebook'] as const;
export type PostChannel = (typeof POST_CHANNELS)[number];
export const RECENT_POSTS_MAX_LIMIT = 50;

export const RecentPost = named(
  'RecentPost',
  z.object({
    id: z.string(),
    channel: z.enum(POST_CHANNELS),
    caption: z.string().nullable(),
    media_type: z.string(),
    permalink: z.string(),
    thumbnail_url: z.string().nullable(),
    posted_at: Timestamp,
  }),
);
export type RecentPostData = z.infer<typeof RecentPost>;

export const RecentPostsQuery = z.object({
  platform: z.enum(POST_CHANNELS).optional().describe('Default instagram.'),
});

const PostIdString = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : -');

export const AddPostBody = z.strictObject({
  id: PostIdString.optional().describe('Default: a new sandbox id.'),
  channel: z.enum(POST_CHANNELS),
  caption: z.string().max(2200).nullable().optional(),
  media_type: z.enum(['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM', 'REELS', 'STORY', 'TEXT']).optional().describe('Default IMAGE.'),
  permalink: z.url({ protocol: /^https$/ }).max(2000).optional(),
  thumbnail_url: z.url({ protocol: /^https$/ }).max(2000).nullable().optional(),
  posted_at: Timestamp.optional().describe('Default now (virtual clock).'),
});
export type AddPostInput = z.output<typeof AddPostBody>;

export const PostFaults = z.strictObject({
  unavailable: z.boolean().describe('The channel provider does not answer: GET /recent-posts gives 503 service_unavailable.'),
});
