/** Tag shapes (2.4) and the tag request bodies (4.5). No logic here. */
import { z } from 'zod';
export declare const TAG_NAME_MAX = 50;
export declare const DEFAULT_TAG_COLOR = "#6B7280";
/**
 * 1 to 50 characters, taken literally (case-sensitive, not trimmed), but never blank: a
 * whitespace-only name cannot be told apart in the portal (docs/decisions.md).
 */
export declare const TagName: z.ZodString;
export declare const TagColor: z.ZodString;
export declare const Tag: z.ZodObject<{
    id: z.ZodNumber;
    name: z.ZodString;
    color: z.ZodString;
    created_at: z.ZodString;
}, z.core.$strip>;
export declare const CreateTagBody: z.ZodObject<{
    name: z.ZodString;
    color: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const DeletedTag: z.ZodObject<{
    id: z.ZodNumber;
    deleted: z.ZodLiteral<true>;
}, z.core.$strip>;
export type TagData = z.infer<typeof Tag>;
