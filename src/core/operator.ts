/**
 * Who may use the sandbox control plane (docs/sandbox.md). Powers that act on the whole sandbox
 * (reset, snapshot, restore, the clock, faults) need the sandbox operator's token, which is not
 * an account key: `serve` prints it, `--control-token` sets it, and in-process `sim.sandbox` calls
 * are the operator by construction. Powers that act on one account take that account's key, or
 * the operator's token with the account named in `X-Sandbox-Account`.
 */
import { ApiError } from './errors.js';
import { constantTimeEqual, sha256Hex } from './hash.js';

export const OPERATOR_TOKEN_HEADER = 'x-sandbox-token';
export const OPERATOR_ACCOUNT_HEADER = 'x-sandbox-account';

/** Checks a presented token against the operator's, in constant time (digests of both). */
export function operatorCheck(token: string): (presented: string) => boolean {
  const expected = sha256Hex(token);
  return (presented) => constantTimeEqual(sha256Hex(presented), expected);
}

export function invalidOperatorToken(): ApiError {
  return new ApiError('invalid_control_token', 'The X-Sandbox-Token is not this sandbox’s operator token.', { param: 'X-Sandbox-Token' });
}

export function operatorRequired(): ApiError {
  return new ApiError(
    'operator_required',
    'This power acts on the whole sandbox: send the operator token in X-Sandbox-Token (serve prints it). Account keys cannot use it.',
    { param: 'X-Sandbox-Token' },
  );
}

export function missingOperatorToken(): ApiError {
  return new ApiError('unauthorized', 'This power acts on the whole sandbox: send the operator token in X-Sandbox-Token (serve prints it).', {
    param: 'X-Sandbox-Token',
  });
}

/** The account an operator acts for on an account power: `X-Sandbox-Account: <id>`. */
export function operatorAccount(value: string | undefined, exists: (accountId: number) => boolean): number {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) {
    throw new ApiError('invalid_param', 'With the operator token, name the account this power acts on in X-Sandbox-Account.', {
      param: 'X-Sandbox-Account',
    });
  }
  const accountId = Number(value.trim());
  if (!exists(accountId)) throw new ApiError('not_found', `No account has id ${accountId}.`, { param: 'X-Sandbox-Account' });
  return accountId;
}
