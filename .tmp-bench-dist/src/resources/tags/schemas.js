/** Tag shapes (2.4) and the tag request bodies (4.5). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Timestamp } from '../shared/schemas.js';
export const TAG_NAME_MAX = 50;
export const DEFAULT_TAG_COLOR = '#6B7280';
/**
 * 1 to 50 characters, taken literally (case-sensitive, not trimmed), but never blank: a
 * whitespace-only name cannot be told apart in the portal (docs/decisions.md).
 */
export const TagName = z
    .string()
    .min(1)
    .max(TAG_NAME_MAX)
    .regex(/\S/, 'must not be blank')
    .describe('Tag name: 1 to 50 characters, unique per account, case-sensitive.');
export const TagColor = z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a six-digit hex colour like #RRGGBB')
    .describe('Six-digit hex colour with a leading #, e.g. #22C55E.');
export const Tag = named('Tag', z.object({
    id: z.number().int(),
    name: z.string(),
    color: TagColor,
    created_at: Timestamp,
}));
export const CreateTagBody = z.strictObject({
    name: TagName,
    color: TagColor.optional().describe(`Six-digit hex colour; default ${DEFAULT_TAG_COLOR}. Ignored when the tag exists.`),
});
export const DeletedTag = named('DeletedTag', z.object({
    id: z.number().int(),
    deleted: z.literal(true),
}));
//# sourceMappingURL=schemas.js.map