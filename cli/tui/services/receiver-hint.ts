/**
 * What the tail says under a local webhook receiver on a deployment: the receiver listens on
 * 127.0.0.1, which only a server on this machine can reach. A deployment elsewhere needs a URL
 * it can reach that leads here (a tunnel), and the flags that set the port and the secret.
 */
import { isLoopback } from '../../loopback.js';

export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopback(new URL(url).hostname);
  } catch {
    return false;
  }
}

export function receiverHint(targetBaseUrl: string, receiverUrl: string | undefined, verifying: boolean): string {
  const port = receiverUrl ? new URL(receiverUrl).port : '';
  const flags = `--receiver-port${verifying ? '' : ', --webhook-secret whsec_… to check signatures'}`;
  if (isLoopbackUrl(targetBaseUrl)) return `the target runs on this machine: it can post to ${receiverUrl ?? 'the receiver'} · ${flags}`;
  return `${new URL(targetBaseUrl).host} cannot reach 127.0.0.1: give it a tunnel's public URL to port ${port || '?'} (ssh -R, cloudflared, ngrok) · ${flags}`;
}
