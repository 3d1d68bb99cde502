/** Blocked user shape (2.21) and the block request body (4.13). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Timestamp } from '../shared/schemas.js';

export const BLOCK_CHANNELS = ['facebook', 'instagram'] as const;
export const BLOCK_SOURCES = ['ig_username', 'conversation', 'portal'] as const;

export const BlockedUser = named(
  'BlockedUser',
  z.object({
    id: z.number().int(),
    channel: z.enum(BLOCK_CHANNELS),
    platform_user_id: z.string().nullable().describe('Null when blocked by a username no conversation has shown yet.'),
    ig_username: z.string().nullable().describe('Without the leading @, lower-case.'),
    display_name: z.string().nullable(),
    conversation_id: z.number().int().nullable(),
    source: z.enum(BLOCK_SOURCES).describe('How the block was made: by username, by conversation, or in the portal.'),
    blocked_at: Timestamp,
  }),
);

/** Instagram handles: 1 to 30 of letters, digits, `.` and `_`, with or without a leading @. */
export const IgUsername = z
  .string()
  .regex(/^@?[A-Za-z0-9._]{1,30}$/, 'must be an Instagram username (letters, digits, . and _; up to 30), with or without @')
  .transform((value) => value.replace(/^@/, '').toLowerCase());

export const BlockBody = z
  .strictObject({
    ig_username: IgUsername.optional(),
    conversation_id: z.number().int().positive().optional().describe('A Facebook or Instagram conversation.'),
  })
  .refine((body) => (body.ig_username === undefined) !== (body.conversation_id === undefined), {
    message: 'send exactly one of ig_username or conversation_id',
    path: ['ig_username'],
  });

export const UnblockedUser = named(
  'UnblockedUser',
  z.object({
    id: z.number().int(),
    object: z.literal('blocked_user'),
    deleted: z.literal(true).describe('The block is lifted; the row is kept and its id is never reused.'),
  }),
);

export type BlockedUserData = z.infer<typeof BlockedUser>;
export type BlockChannel = (typeof BLOCK_CHANNELS)[number];
export type BlockSource = (typeof BLOCK_SOURCES)[number];

export type BlockBodyData = z.infer<typeof BlockBody>;
