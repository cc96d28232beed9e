import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES } from '@taskhive/contract';
import { fieldError } from './errors.ts';

/** argon2id at OWASP's minimum: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of a random string: verified against when the account does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummyHash;
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await getDummyHash()), password);
  } catch {
    return false;
  }
}

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** True for a password in the shipped list of ~50 000 common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** The password rule beyond the schema's length: not a common password (400 on `field`). */
export function assertAcceptablePassword(password: string, field: string) {
  if (isCommonPassword(password)) throw fieldError(field, MESSAGES.auth.passwordTooCommon);
}
