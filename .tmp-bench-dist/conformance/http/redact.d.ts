/**
 * Keys and secrets never reach a report: every secret the kit knows (the keys it was given and the
 * keys it minted) is replaced by a label, and secret-bearing JSON fields are masked, so a failure
 * report can be pasted into an issue as is.
 */
export declare class Redactor {
    private readonly secrets;
    /** `placeholder` is what appears instead, e.g. `$SWITCHBOARD_API_KEY`. */
    add(secret: string, placeholder: string): void;
    text(value: string): string;
    headers(headers: Readonly<Record<string, string>>): Record<string, string>;
}
