/** Custom field definitions (2.3) and their request bodies (4.3). No logic here. */
import { z } from 'zod';
export declare const CUSTOM_FIELD_TYPES: readonly ["text", "number", "date", "boolean"];
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export declare const MAX_ACTIVE_CUSTOM_FIELDS = 15;
export declare const FIELD_KEY_MAX = 50;
export declare const LABEL_MAX = 100;
export declare const TEXT_VALUE_MAX = 500;
export declare const FieldKey: z.ZodString;
/** 1 to 100 characters; a blank label cannot be shown in the portal (docs/decisions.md). */
export declare const FieldLabel: z.ZodString;
export declare const CustomFieldTypeSchema: z.ZodEnum<{
    number: "number";
    boolean: "boolean";
    date: "date";
    text: "text";
}>;
export declare const CustomField: z.ZodObject<{
    id: z.ZodNumber;
    object: z.ZodLiteral<"custom_field">;
    field_key: z.ZodString;
    label: z.ZodString;
    type: z.ZodEnum<{
        number: "number";
        boolean: "boolean";
        date: "date";
        text: "text";
    }>;
    archived: z.ZodBoolean;
    created_at: z.ZodString;
}, z.core.$strip>;
export declare const ListCustomFieldsQuery: z.ZodObject<{
    include_archived: z.ZodOptional<z.ZodPipe<z.ZodEnum<{
        true: "true";
        false: "false";
    }>, z.ZodTransform<boolean, "true" | "false">>>;
}, z.core.$strip>;
export declare const CreateCustomFieldBody: z.ZodObject<{
    field_key: z.ZodString;
    label: z.ZodString;
    type: z.ZodDefault<z.ZodEnum<{
        number: "number";
        boolean: "boolean";
        date: "date";
        text: "text";
    }>>;
}, z.core.$strict>;
export declare const UpdateCustomFieldBody: z.ZodObject<{
    label: z.ZodOptional<z.ZodString>;
    archived: z.ZodOptional<z.ZodBoolean>;
    field_key: z.ZodOptional<z.ZodNever>;
    type: z.ZodOptional<z.ZodNever>;
}, z.core.$strict>;
export declare const UPDATABLE_CUSTOM_FIELD_KEYS: readonly ["label", "archived"];
export type CustomFieldData = z.infer<typeof CustomField>;
