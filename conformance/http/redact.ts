/**
 * Keys and secrets never reach a report: every secret the kit knows (the keys it was given and the
 * keys it minted) is replaced by a label, and secret-bearing JSON fields are masked, so a failure
 * report can be pasted into an issue as is.
 */

const SECRET_FIELDS = /("(?:api_key|signing_secret|secret)"\s*:\s*)"[^"]*"/g;

export class Redactor {
  private readonly secrets = new Map<string, string>();

  /** `placeholder` is what appears instead, e.g. `$SWITCHBOARD_API_KEY`. */
  add(secret: string, placeholder: string): void {
    if (secret.length >= 4) this.secrets.set(secret, placeholder);
  }

  text(value: string): string {
    let out = value.replace(SECRET_FIELDS, '$1"<redacted>"');
    for (const [secret, placeholder] of this.secrets) out = out.split(secret).join(placeholder);
    return out;
  }

  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) out[name] = this.text(value);
    return out;
  }
}
