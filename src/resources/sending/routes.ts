/** HTTP for POST /messages (4.4, 2.7, 7.2). */
import { ApiError, errorBody } from '../../core/errors.js';
import { ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { SendingModel } from './model.js';
import { SendMessageBody, SendResult } from './schemas.js';

const route = routesFor<SendingModel>();

export const sendingRoutes = [
  route({
    operationId: 'sendMessage',
    method: 'POST',
    path: '/messages',
    tag: 'Conversations and messages',
    summary: 'Send a message, reaction or typing indicator on any channel',
    description:
      'Route by exactly one of conversation_id, platform + platform_user_id, or to_phone (SMS, WhatsApp). ' +
      'On SMS and WhatsApp the recipient is a phone number: to_phone, and a platform_user_id that is not already a ' +
      'contact\'s id, must hold 7 to 15 digits in any formatting (else 400 invalid_request naming the field); a new ' +
      'contact is stored as E.164 on SMS, digits only on WhatsApp, with phone set to the number. ' +
      'idempotency_key (or the Idempotency-Key header) is required and deduplicates. SMS, WhatsApp and Telegram may ' +
      'send cold (the contact and conversation are created, even when the send then fails); Facebook and Instagram ' +
      'need the customer to write first, except a comment_id private reply. A comment_id must name a comment the ' +
      'account received from the person the send goes to, on that platform (else 400 invalid_request naming ' +
      'comment_id); it takes one private reply, within 7 days of the comment, with no open window needed (422 ' +
      'unprocessable_send after). Errors follow section 7.2: a missing or invalid field is 400 invalid_request.',
    section: '4.4',
    scope: 'write',
    scopeSource: 'assumption',
    body: SendMessageBody,
    bodyErrorCode: 'invalid_request',
    // Section 5: the body key deduplicates like the header, 4xx replays included.
    bodyIdempotencyKey: 'idempotency_key',
    success: { statuses: [200], schema: SendResult, envelope: 'data' },
    errors: [
      'invalid_request',
      'forbidden',
      'not_found',
      'recipient_opted_out',
      'not_provisioned',
      'unprocessable_send',
      'rate_limited',
      'service_unavailable',
    ],
    handler: ({ caller, body, request }, { model }) => {
      const key = body.idempotency_key ?? request.headers['idempotency-key'];
      if (key === undefined) {
        throw new ApiError('invalid_request', 'idempotency_key is required (in the body or the Idempotency-Key header).', {
          param: 'idempotency_key',
        });
      }
      const outcome = model.send(caller.accountId, body, key);
      if (!outcome.ok) {
        // Returned, not thrown: the transaction commits what a failed send keeps (see model.ts).
        const { error } = outcome;
        return { status: error.status, body: errorBody(error), ...(error.headers ? { headers: error.headers } : {}) };
      }
      return ok(outcome.result, 200, outcome.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
    },
  }),
];
