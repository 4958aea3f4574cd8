/**
 * The business status codes of the envelope (docs/contract.md), for both Workers: the cloud-api answers
 * them and the storefront reads them (1009 and 1010 send the buyer to sign in again).
 */
export const Status = {
  ok: 200,
  invalidParams: 400,
  badSignature: 401,
  forbidden: 403,
  notFound: 404,
  /** A method the path does not take; the answer's Allow header names those it does. */
  methodNotAllowed: 405,
  conflict: 409,
  rateLimited: 429,
  internal: 500,
  tokenExpired: 1009,
  tokenInvalid: 1010,
  /** An operator call whose email is not an enabled operator of the cloud-api's operators table (docs/decisions/057). */
  notAnOperator: 1011,
  /** An operator whose role is below the endpoint's least role; msg names the role needed. */
  roleTooLow: 1012,
} as const;
export type BusinessStatus = (typeof Status)[keyof typeof Status];

/** The HTTP status mirrors the class of the business status; token errors are 401, an operator's refusals 403. */
export function httpStatusOf(status: BusinessStatus): 200 | 400 | 401 | 403 | 404 | 405 | 409 | 429 | 500 {
  if (status === Status.tokenExpired || status === Status.tokenInvalid) return 401;
  if (status === Status.notAnOperator || status === Status.roleTooLow) return 403;
  return status;
}
