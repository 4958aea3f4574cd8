import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { ACCESS_JWT_HEADER, STAND_IN_KEY_PREFIX } from "../access-rules.ts";

/** What the Access check needs, read once from a well-formed environment (env.ts). */
export interface AccessSettings {
  teamDomain: string;
  audience: string;
  /** Tokens signed by the local stand-in's keys are accepted (never in production). */
  standIn: boolean;
}

export type AccessResult = { ok: true; email: string } | { ok: false; reason: string };

const claims = z.object({ email: z.email() });

/**
 * Verifies a request's Access JWT: signed with one of the team's keys (its JWKS at /cdn-cgi/access/certs, fetched
 * once and cached per isolate, refetched when a token names a key it does not hold, as after Access rotates them),
 * issued by the team, for this application's AUD tag, not expired, and naming an email. The email header Access
 * also adds is never read: anything on the way could have set it. `fetchJwks` lets a test serve the keys.
 */
export function accessVerifier(fetchJwks?: typeof fetch) {
  const keySets = new Map<string, JWTVerifyGetKey>();
  const keysOf = (teamDomain: string) => {
    let keys = keySets.get(teamDomain);
    if (!keys) {
      keys = createRemoteJWKSet(new URL("/cdn-cgi/access/certs", teamDomain), fetchJwks ? { [customFetch]: fetchJwks } : {});
      keySets.set(teamDomain, keys);
    }
    return keys;
  };
  return async (request: Request, settings: AccessSettings): Promise<AccessResult> => {
    const token = request.headers.get(ACCESS_JWT_HEADER);
    if (!token) return { ok: false, reason: `no ${ACCESS_JWT_HEADER} header` };
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keysOf(settings.teamDomain), {
        algorithms: ["RS256"],
        issuer: settings.teamDomain,
        audience: settings.audience,
        requiredClaims: ["exp", "iat"],
      });
      if (!settings.standIn && protectedHeader.kid?.startsWith(STAND_IN_KEY_PREFIX)) return { ok: false, reason: "a key of the local Access stand-in" };
      const parsed = claims.safeParse(payload);
      if (!parsed.success) return { ok: false, reason: "the token names no email" };
      return { ok: true, email: parsed.data.email.toLowerCase() };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : String(error) };
    }
  };
}
