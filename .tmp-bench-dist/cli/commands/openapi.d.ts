/** `switchboard openapi`: prints the generated OpenAPI 3.1 document. */
import type { Command } from 'commander';
export declare function registerOpenapi(program: Command): void;
