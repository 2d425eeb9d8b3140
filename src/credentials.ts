/**
 * What an account's sign-in may be: an email address and a password of a bounded length. The store refuses a user
 * that breaks these rules, and the configuration checks DEMO_EMAIL and DEMO_PASSWORD against them so a bad value
 * stops the start with the other configuration problems. No imports: the configuration, at the ground of src/,
 * reads them.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** What is wrong with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `a password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `a password may have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why an email cannot be an account's sign-in, or undefined when it can. */
export function emailProblem(email: string): string | undefined {
  return EMAIL.test(normaliseEmail(email)) ? undefined : `"${email}" is not an email address`;
}
