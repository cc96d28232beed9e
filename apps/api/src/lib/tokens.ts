import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@taskhive/contract';
import type { ActorImpersonation } from './scope.ts';

export const JWT_ISSUER = 'taskhive';
export const JWT_AUDIENCE = 'taskhive-api';

export type AccessClaims = {
  userId: string;
  companyId: string;
  role: string;
  sessionId: string;
  /** An impersonation token (issue 24): the Super Admin acting, their company and session, the reason, the end. */
  imp?: ActorImpersonation;
};

/**
 * An access token. An impersonation token lives until the impersonation's end (it has no refresh
 * token), carried in its `imp` claim as `{ by, cid, sid, reason, exp }`.
 */
export async function signAccessToken(secret: Uint8Array, c: AccessClaims): Promise<string> {
  const imp = c.imp && {
    by: c.imp.by,
    cid: c.imp.byCompanyId,
    sid: c.imp.bySessionId,
    reason: c.imp.reason,
    exp: c.imp.exp,
  };
  return new SignJWT({ cid: c.companyId, role: c.role, sid: c.sessionId, ...(imp ? { imp } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(c.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(imp ? imp.exp : `${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

/** The `imp` claim as the actor carries it; null when malformed. */
function impersonationOf(v: unknown): ActorImpersonation | null {
  if (typeof v !== 'object' || v === null) return null;
  const { by, cid, sid, reason, exp } = v as Record<string, unknown>;
  if (
    typeof by !== 'string' ||
    typeof cid !== 'string' ||
    typeof sid !== 'string' ||
    typeof reason !== 'string' ||
    typeof exp !== 'number'
  )
    return null;
  return { by, byCompanyId: cid, bySessionId: sid, reason, exp };
}

/** The claims of a valid, unexpired token of ours; null for anything else. */
export async function verifyAccessToken(
  secret: Uint8Array | KeyObject,
  token: string,
): Promise<AccessClaims | null> {
  const verified = await verifiedPayload(secret, token);
  return verified ? claimsOf(verified) : null;
}

async function verifiedPayload(
  secret: Uint8Array | KeyObject,
  token: string,
  currentDate?: Date,
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      algorithms: ['HS256'],
      ...(currentDate ? { currentDate } : {}),
    });
    return payload;
  } catch {
    return null;
  }
}

function claimsOf(payload: JWTPayload): AccessClaims | null {
  const { sub, cid, role, sid } = payload;
  if (
    typeof sub !== 'string' ||
    typeof cid !== 'string' ||
    typeof sid !== 'string' ||
    typeof role !== 'string'
  ) {
    return null;
  }
  if (payload.imp === undefined) return { userId: sub, companyId: cid, role, sessionId: sid };
  const imp = impersonationOf(payload.imp);
  return imp ? { userId: sub, companyId: cid, role, sessionId: sid, imp } : null;
}

/** How many verified access tokens a process remembers (the first remembered go first). */
export const VERIFIED_TOKENS_MAX = 10_000;

/** A token's signature, the part that tells tokens apart (the map's key; cheaper to hash). */
const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);

/**
 * `verifyAccessToken` for the auth plugin, remembering the tokens it has verified until they
 * expire: a token seen before (the very same string, so the very same signed bytes) is not
 * verified again. An HS256 check through jose costs 0.1–0.3 ms of CPU, more than the rest of an
 * authenticated request that touches no table. Expiry is checked on every use; revocation is the
 * session's business (lib/authz-cache.ts). The key is imported once.
 *
 * Kept by signature and compared whole (hashing a 250-character token on every request cost more
 * than the rest of the look-up); a hit does not reorder the map (first in, first out: a token
 * pushed out early is simply verified again).
 */
export function accessTokenVerifier(secret: Uint8Array, max = VERIFIED_TOKENS_MAX, now = Date.now) {
  const key = createSecretKey(secret);
  const seen = new Map<string, { token: string; claims: AccessClaims; expiresAt: number }>();
  /** The claims of a token verified before and not expired, at once; undefined: verify it. */
  function remembered(token: string): AccessClaims | undefined {
    const signature = signatureOf(token);
    const hit = seen.get(signature);
    if (!hit || hit.token !== token) return undefined;
    if (now() < hit.expiresAt) return hit.claims;
    seen.delete(signature);
    return undefined;
  }
  async function verify(token: string): Promise<AccessClaims | null> {
    const hit = remembered(token);
    if (hit) return hit;
    const payload = await verifiedPayload(key, token, new Date(now()));
    const claims = payload && claimsOf(payload);
    if (!payload || !claims || typeof payload.exp !== 'number') return null;
    seen.set(signatureOf(token), { token, claims, expiresAt: payload.exp * 1000 });
    if (seen.size > max) {
      const oldest = seen.keys().next();
      if (!oldest.done) seen.delete(oldest.value);
    }
    return claims;
  }
  return Object.assign(verify, { remembered });
}

/** 256 random bits, URL-safe. Used for refresh tokens, reset and invitation links. */
export const randomToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as their SHA-256: a leaked table gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
