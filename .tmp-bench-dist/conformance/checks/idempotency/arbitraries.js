/**
 * Generated Idempotency-Key values. Valid keys are 1 to 128 printable ASCII characters (section 5);
 * the kit puts the run id and a counter in front so every case uses a fresh key, even while
 * fast-check shrinks. Malformed keys are too long or carry a non-ASCII character; empty and
 * control-character keys are left out because HTTP stacks drop or reject them before any server
 * logic could answer.
 */
import fc from 'fast-check';
const printableChar = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
export const keySuffix = fc.string({ unit: printableChar, minLength: 0, maxLength: 40 });
export function freshKey(prefix, counter, suffix) {
    return `${prefix}-${counter}-${suffix}`.slice(0, 128);
}
const tooLong = fc.string({ unit: printableChar, minLength: 127, maxLength: 260 }).map((middle) => `k${middle}k`);
const nonAscii = fc
    .tuple(fc.string({ unit: printableChar, maxLength: 20 }), fc.integer({ min: 0x80, max: 0xff }), fc.string({ unit: printableChar, maxLength: 20 }))
    .map(([before, code, after]) => `k${before}${String.fromCharCode(code)}${after}k`);
export const malformedKey = fc.oneof(tooLong, nonAscii);
//# sourceMappingURL=arbitraries.js.map