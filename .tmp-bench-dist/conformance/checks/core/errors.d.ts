/**
 * Section 7.1 on purpose-built bad requests: `param` names the field the kit broke, malformed JSON
 * is `invalid_json`, an unknown path or id is 404 `not_found`, and a wrong method is 405 with an
 * `Allow` header listing the methods the spec defines there.
 */
import type { CheckDefinition } from '../../runner/check.js';
export declare const errorChecks: CheckDefinition[];
