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
} as const;
export type BusinessStatus = (typeof Status)[keyof typeof Status];

/** The HTTP status mirrors the class of the business status; token errors are 401. */
export function httpStatusOf(status: BusinessStatus): 200 | 400 | 401 | 403 | 404 | 405 | 409 | 429 | 500 {
  if (status === Status.tokenExpired || status === Status.tokenInvalid) return 401;
  return status;
}
