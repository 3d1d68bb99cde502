/** JSON with object keys sorted, so two bodies that differ only in key order or spacing compare equal. */
export declare function canonicalJson(value: unknown): string;
