/**
 * Pieces the account forms share: a field with its problem beside it, the link secrets, and the answers to a mail
 * that could not go out.
 */
import { randomBytes } from 'node:crypto';
import { escapeHtml, problemResponse } from './layout.js';
import type { MailOutcome } from './mail.js';
import { secretHash } from './session.js';

export type FieldErrors = Partial<Record<string, { message: string; suggestions?: string[] }>>;

/** A labelled input with its error (and the estimator's suggestions) below it, linked for screen readers. */
export function field(options: {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  hint?: string;
  maxlength?: number;
  errors?: FieldErrors;
}): string {
  const error = options.errors?.[options.name];
  const id = `field-${options.name}`;
  const describedBy = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const suggestions = error?.suggestions?.length
    ? `<ul class="feedback">${error.suggestions.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`
    : '';
  return `<label for="${id}">${escapeHtml(options.label)}</label>
${options.hint ? `<small id="${id}-hint">${escapeHtml(options.hint)}</small>` : ''}
<input id="${id}" name="${options.name}" type="${options.type}" autocomplete="${options.autocomplete}" required maxlength="${options.maxlength ?? 320}"${options.value !== undefined ? ` value="${escapeHtml(options.value)}"` : ''}${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}>
${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error.message)}</p>${suggestions}` : ''}`;
}

/** A string field of a parsed form, cut to `max` characters (anything else reads as empty). */
export function text(form: Record<string, unknown>, name: string, max = 1024): string {
  const value = form[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** A new link secret (256 bits, for the mail) and its hash (for the store). */
export function linkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: secretHash(secret) };
}

const LINK_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The hash of a link secret from a query or form, or undefined when it cannot be one. */
export function presentedLinkHash(value: unknown): string | undefined {
  return typeof value === 'string' && LINK_SECRET.test(value) ? secretHash(value) : undefined;
}

export function invalidLink(what: string): Response {
  return problemResponse(
    'This link no longer works',
    `This ${what} link was already used, has expired, or is incomplete (copy the whole address from the mail). Ask for a new one.`,
    400,
  );
}

/** The answer when a mail did not go out; undefined when the form's usual answer applies. */
export function mailProblem(outcome: MailOutcome): Response | undefined {
  if (outcome === 'failed')
    return problemResponse(
      'The mail could not be sent',
      'We could not send the mail just now. Nothing was lost: try again in a few minutes.',
      503,
      { headers: { 'Retry-After': '60' } },
    );
  if (outcome === 'sender_limited')
    return problemResponse(
      'Too many mails',
      'Too many mails were asked for from your network in the last hour. Wait an hour and try again.',
      429,
      { headers: { 'Retry-After': '3600' } },
    );
  return undefined;
}
