/**
 * Opt-outs (2.15, 4.9). Two sources share one list: SMS (`sms:<n>`, one record per phone number,
 * STOP opts out and START opts back in) and Meta-style channels (`meta:<n>`, one record per
 * person and scope, never opted back in through the API). `recorded_at` moves on every change and
 * is the sort field, so the cursor is an opaque (recorded_at, id) position, not an id.
 *
 * Which opt-outs stop what (docs/decisions.md): an SMS opt-out or a Meta `all` stops every send
 * and an owner claim; `broadcast` also stops API sends (business-initiated); `comment_dm` stops
 * private replies to comments.
 */
import { ApiError, invalidParam } from '../../core/errors.js';
import { encodeCursor } from '../../core/pagination.js';
/** SMS numbers compare by their digits, so `+1 (555) 010-0001` and `+15550100001` are one person. */
export const phoneDigits = (value) => value.replace(/\D/g, '') || value;
const smsKey = (accountId, identifier) => `${accountId}:sms:${phoneDigits(identifier)}`;
const metaKey = (accountId, channel, identifier, scope) => `${accountId}:${channel}:${identifier}:${scope}`;
const personKey = (accountId, channel, identifier) => channel === 'sms' ? `${accountId}:sms:${phoneDigits(identifier)}` : `${accountId}:${channel}:${identifier}`;
function newestFirst(a, b) {
    return b.recorded_ms - a.recorded_ms || b.id - a.id;
}
function readPosition(after) {
    if (after === undefined)
        return undefined;
    const candidate = after;
    if (typeof candidate !== 'object' || candidate === null || !Number.isSafeInteger(candidate.r) || !Number.isSafeInteger(candidate.i)) {
        throw invalidParam('starting_after', 'starting_after is not a cursor this list issued.');
    }
    return { r: candidate.r, i: candidate.i };
}
export function createOptOutsModel(core, deps) {
    const { store, clock } = core;
    const optOuts = store.define('opt_outs', {
        key: {
            unique: true,
            key: (row) => row.source === 'sms' ? smsKey(row.account_id, row.identifier) : metaKey(row.account_id, row.channel, row.identifier, row.scope),
        },
        person: { key: (row) => personKey(row.account_id, row.channel, row.identifier) },
        contact: { key: (row) => (row.contact_id === null ? null : String(row.contact_id)) },
    });
    // An erased contact's opt-outs stay (compliance), without the link to the contact.
    deps.hooks.contactDeleted.add((accountId, contactId) => {
        for (const id of [...optOuts.idsByIndex('contact', String(contactId))]) {
            const row = optOuts.get(id);
            if (row && row.account_id === accountId)
                optOuts.update(id, { contact_id: null });
        }
    });
    function activeFor(accountId, channel, identifier) {
        const out = [];
        for (const id of optOuts.idsByIndex('person', personKey(accountId, channel, identifier))) {
            const row = optOuts.get(id);
            if (row && row.status === 'opted_out')
                out.push(row);
        }
        return out;
    }
    function insert(accountId, row) {
        const now = clock.now();
        return optOuts.insert({
            ...row,
            id: store.nextId('opt_out'),
            account_id: accountId,
            number: store.nextId(`opt_out_${row.source}`),
            recorded_at: clock.iso(now),
            recorded_ms: now,
        });
    }
    function touch(id, patch) {
        const now = clock.now();
        return optOuts.update(id, { ...patch, recorded_at: clock.iso(now), recorded_ms: now });
    }
    return {
        optOuts,
        present(row) {
            return {
                id: `${row.source}:${row.number}`,
                channel: row.channel,
                contact_id: row.contact_id,
                identifier: row.identifier,
                status: row.status,
                scope: row.scope,
                method: row.method,
                keyword: row.keyword,
                opted_out_at: row.opted_out_at,
                opted_in_at: row.opted_in_at,
                recorded_at: row.recorded_at,
            };
        },
        /** SMS STOP: creates the number's record or moves it back to opted_out. */
        smsStop(accountId, identifier) {
            const existing = optOuts.findUnique('key', smsKey(accountId, identifier));
            const now = clock.iso();
            const contact_id = deps.contactIdFor(accountId, 'sms', identifier) ?? existing?.contact_id ?? null;
            if (existing)
                return touch(existing.id, { status: 'opted_out', opted_out_at: now, opted_in_at: null, contact_id });
            return insert(accountId, {
                source: 'sms',
                channel: 'sms',
                contact_id,
                identifier,
                status: 'opted_out',
                scope: 'all',
                method: null,
                keyword: null,
                opted_out_at: now,
                opted_in_at: null,
            });
        },
        /** SMS START: opts a stopped number back in. A number that never stopped has nothing to lift. */
        smsStart(accountId, identifier) {
            const existing = optOuts.findUnique('key', smsKey(accountId, identifier));
            if (!existing)
                return null;
            if (existing.status === 'opted_in')
                return existing;
            return touch(existing.id, { status: 'opted_in', opted_in_at: clock.iso() });
        },
        /** A Meta-style opt-out for one scope; repeating it records the new method and keyword. */
        metaOptOut(accountId, input) {
            if (input.channel === 'sms')
                throw new ApiError('invalid_param', 'SMS opts out with STOP.', { param: 'channel' });
            const existing = optOuts.findUnique('key', metaKey(accountId, input.channel, input.identifier, input.scope));
            const now = clock.iso();
            const contact_id = deps.contactIdFor(accountId, input.channel, input.identifier) ?? existing?.contact_id ?? null;
            const fields = { method: input.method ?? null, keyword: input.keyword ?? null, opted_out_at: now, contact_id };
            if (existing)
                return touch(existing.id, fields);
            return insert(accountId, {
                source: 'meta',
                channel: input.channel,
                identifier: input.identifier,
                status: 'opted_out',
                scope: input.scope,
                opted_in_at: null,
                ...fields,
            });
        },
        /** The opt-out that stops this kind of send to the person, if any. */
        blockingSend(accountId, channel, identifier, kind) {
            return activeFor(accountId, channel, identifier).find((row) => row.source === 'sms' ||
                row.scope === 'all' ||
                (kind === 'private_reply' ? row.scope === 'comment_dm' : row.scope === 'broadcast'));
        },
        /** An owner claim (PATCH ai_paused true) is refused for SMS opt-outs and Meta `all`. */
        blocksClaim(accountId, channel, identifier) {
            return activeFor(accountId, channel, identifier).some((row) => row.source === 'sms' || row.scope === 'all');
        },
        /** Most recent first by recorded_at (then id), filtered, from an opaque position. */
        list(accountId, filters, page) {
            const after = readPosition(page.after);
            const rows = [...optOuts.ofAccount(accountId)]
                .filter((row) => (filters.channel === undefined || row.channel === filters.channel) &&
                (filters.status === undefined || row.status === filters.status) &&
                (filters.scope === undefined || (row.source !== 'sms' && row.scope === filters.scope)) &&
                (filters.sinceMs === undefined || row.recorded_ms >= filters.sinceMs))
                .sort(newestFirst)
                .filter((row) => after === undefined || row.recorded_ms < after.r || (row.recorded_ms === after.r && row.id < after.i));
            const has_more = rows.length > page.limit;
            const data = rows.slice(0, page.limit);
            const last = data[data.length - 1];
            return {
                data,
                has_more,
                next_cursor: has_more && last ? encodeCursor(page.list, { r: last.recorded_ms, i: last.id }) : null,
            };
        },
    };
}
//# sourceMappingURL=model.js.map