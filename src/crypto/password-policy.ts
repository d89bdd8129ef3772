// The minimum password policy, applied wherever a password is set (API, CLI, bootstrap admin).
import { invalid } from '../http/errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

let common: ReadonlySet<string> | undefined;
const commonPasswords = () => (common ??= new Set(COMMON_PASSWORDS.split(',')));

/**
 * Why a password is refused, or undefined when it may be used. Length counts characters (code
 * points), not bytes. A password is common when it is on the list once lower-cased, also after
 * trailing digits and punctuation are taken off (`Password1234!` is `password`), or when it repeats
 * one short unit (`abcabcabcabc`).
 */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (commonPasswords().has(lower) || (stem.length >= 4 && commonPasswords().has(stem))) {
    return 'is too common: it appears on a list of frequently used passwords';
  }
  if (/^(.{1,4})\1+$/su.test(password)) return 'is too easy to guess: it repeats a short sequence';
  return undefined;
}

/** Throws a 422 naming the field when the password breaks the policy. */
export function assertPasswordPolicy(password: string, pointer = '/password'): void {
  const problem = passwordProblem(password);
  if (problem) throw invalid(pointer, problem, 'weak_password');
}
