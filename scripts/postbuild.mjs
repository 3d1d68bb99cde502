// Makes the built bin executable (tsc keeps the shebang but not the mode bit).
import { chmodSync } from 'node:fs';
chmodSync(new URL('../dist/cli/main.js', import.meta.url), 0o755);
