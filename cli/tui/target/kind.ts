/** What a connection is, without loading the simulator (screens and the first frame import this). */
export type ConnectionKind = 'in-process' | 'sandbox' | 'remote';

/** The in-process sandbox and a running Switchboard sandbox have a /_sandbox control plane. */
export function isSandbox(connection: { readonly kind: ConnectionKind }): boolean {
  return connection.kind !== 'remote';
}
