/**
 * Checks, before the run sends its first request, that the `--receiver-port` the user named can
 * be listened on. A busy port found only at the first webhook check would end the run after keys
 * were minted; found here, nothing was created and the run stops with a one-line usage error.
 */
import { createServer } from 'node:net';
import { ConformanceUsageError } from '../errors.js';

/** Resolves when `port` on 127.0.0.1 is free (0, "any free port", always is). */
export async function assertReceiverPortFree(port: number): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'is in use' : code === 'EACCES' ? 'is not allowed to this user' : `cannot be listened on (${code ?? String(error)})`;
    throw new ConformanceUsageError(`receiver port ${port} on 127.0.0.1 ${why}; free it or pass another --receiver-port`, [], []);
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
