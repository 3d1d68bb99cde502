#!/usr/bin/env node
/** The `switchboard` bin. */
import { createProgram } from './program.js';
createProgram()
    .parseAsync(process.argv)
    .catch((error) => {
    console.error(`switchboard: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
});
//# sourceMappingURL=main.js.map