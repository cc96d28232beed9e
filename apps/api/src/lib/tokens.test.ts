import { describe, expect, it } from 'vitest';
import { accessTokenVerifier, signAccessToken } from './tokens.ts';

const secret = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
const claims = {
  userId: '00000000-0000-4000-8000-000000000001',
  companyId: '00000000-0000-4000-8000-000000000002',
  role: 'Employee',
  sessionId: '00000000-0000-4000-8000-000000000003',
};

describe('accessTokenVerifier', () => {
  it('remembers a verified token until it expires, and never a forged one', async () => {
    let clock = Date.now();
    const verify = accessTokenVerifier(secret, 10, () => clock);
    const token = await signAccessToken(secret, claims);
    expect(verify.remembered(token)).toBeUndefined(); // never verified: not known at once
    expect(await verify(token)).toEqual(claims);
    expect(await verify(token)).toEqual(claims); // remembered
    expect(verify.remembered(token)).toEqual(claims); // and answered without a promise

    // The remembered token's signature on another payload (another session id): refused.
    const [head, body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, sid: claims.userId })).toString('base64url');
    const tampered = `${head}.${forged}.${sig}`;
    expect(await verify(tampered)).toBeNull();
    const other = await signAccessToken(
      new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'),
      claims,
    );
    expect(await verify(other)).toBeNull();

    expect(verify.remembered(tampered)).toBeUndefined();
    clock += 24 * 3600 * 1000; // past the token's expiry: refused though remembered
    expect(verify.remembered(token)).toBeUndefined();
    expect(await verify(token)).toBeNull();
  });

  it('holds at most its bound', async () => {
    const verify = accessTokenVerifier(secret, 2);
    const tokens = await Promise.all(
      [1, 2, 3].map((i) => signAccessToken(secret, { ...claims, role: `r${i}` })),
    );
    for (const t of tokens) expect((await verify(t))?.role).toMatch(/^r\d$/);
  });
});
