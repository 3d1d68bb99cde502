/**
 * Keys and secrets never reach a report: every secret the kit knows (the keys it was given and the
 * keys it minted) is replaced by a label, and secret-bearing JSON fields are masked, so a failure
 * report can be pasted into an issue as is.
 */
const SECRET_FIELDS = /("(?:api_key|signing_secret|secret)"\s*:\s*)"[^"]*"/g;
export class Redactor {
    secrets = new Map();
    /** `placeholder` is what appears instead, e.g. `$SWITCHBOARD_API_KEY`. */
    add(secret, placeholder) {
        if (secret.length >= 4)
            this.secrets.set(secret, placeholder);
    }
    text(value) {
        let out = value.replace(SECRET_FIELDS, '$1"<redacted>"');
        for (const [secret, placeholder] of this.secrets)
            out = out.split(secret).join(placeholder);
        return out;
    }
    headers(headers) {
        const out = {};
        for (const [name, value] of Object.entries(headers))
            out[name] = this.text(value);
        return out;
    }
}
//# sourceMappingURL=redact.js.map