/**
 * Booking requests to the sandbox's AI (2.17 booking: "enabled (off: the AI declines booking
 * requests; API and portal can still book)"; docs/decisions.md, "The sandbox's AI, second pass
 * (audit 8)", N9). A fixed word rule, as the human-request rule is, so a check can script it.
 */

/** What the AI answers to a booking request while `booking.enabled` is off. */
export const BOOKING_DECLINE =
  "I can't book appointments here. Please contact the team directly and they'll be happy to help you find a time.";

/** What a customer says when they want to book (folded to lower case, accents dropped). */
const BOOKING_REQUESTS: readonly RegExp[] = [
  /\bbook(ing|ed)?\b/,
  /\bappointments?\b/,
  /\breserv(e|ing|ation|ations)\b/,
  /\bschedul(e|ing) (a|an|my|me|one|it|in)\b/,
];

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ');
}

/** The customer asks to book ("can I book a fitting?", "I'd like an appointment", "reserve a kayak"). */
export function asksToBook(text: string): boolean {
  const folded = fold(text);
  return BOOKING_REQUESTS.some((pattern) => pattern.test(folded));
}
