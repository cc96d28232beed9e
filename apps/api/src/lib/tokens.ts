import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@taskhive/contract';

export const JWT_ISSUER = 'taskhive';
export const JWT_AUDIENCE = 'taskhive-api';

export type AccessClaims = { userId: string; companyId: string; role: string; sessionId: string };

export async function signAccessToken(secret: Uint8Array, c: AccessClaims): Promise<string> {
  return new SignJWT({ cid: c.companyId, role: c.role, sid: c.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(c.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

/** The claims of a valid, unexpired token of ours; null for anything else. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      algorithms: ['HS256'],
    });
    const { sub, cid, role, sid } = payload;
    if (
      typeof sub !== 'string' ||
      typeof cid !== 'string' ||
      typeof sid !== 'string' ||
      typeof role !== 'string'
    ) {
      return null;
    }
    return { userId: sub, companyId: cid, role, sessionId: sid };
  } catch {
    return null;
  }
}

/** 256 random bits, URL-safe. Used for refresh tokens, reset and invitation links. */
export const randomToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as their SHA-256: a leaked table gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
