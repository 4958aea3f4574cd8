/** Names the console Worker and the local Access stand-in (scripts/lib/access-stand-in.ts) agree on. */

/** The header Cloudflare Access adds to every request it lets through: its signed JWT (RS256). */
export const ACCESS_JWT_HEADER = "Cf-Access-Jwt-Assertion";

/**
 * The local stand-in's signing keys are named with this prefix, so that a console that is not running on the
 * stand-in refuses them even if their JWKS were somehow served to it.
 */
export const STAND_IN_KEY_PREFIX = "camcloud-access-stand-in";
