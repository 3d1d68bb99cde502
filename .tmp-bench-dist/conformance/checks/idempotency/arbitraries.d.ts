/**
 * Generated Idempotency-Key values. Valid keys are 1 to 128 printable ASCII characters (section 5);
 * the kit puts the run id and a counter in front so every case uses a fresh key, even while
 * fast-check shrinks. Malformed keys are too long or carry a non-ASCII character; empty and
 * control-character keys are left out because HTTP stacks drop or reject them before any server
 * logic could answer.
 */
import fc from 'fast-check';
export declare const keySuffix: fc.Arbitrary<string>;
export declare function freshKey(prefix: string, counter: number, suffix: string): string;
export declare const malformedKey: fc.Arbitrary<string>;
