/**
 * The text of every account mail: plain text first, the same as simple HTML second, each saying what it is for and
 * what to do if the reader did not ask for it. Names and addresses come from players, so the HTML escapes them
 * (a name of `<script>` arrives as text), and the plain text strips line breaks from them.
 */
import { escapeHtml } from '../pages/layout.js';
import type { OutgoingMail } from './mail.js';

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);
}

function hours(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'one hour' : `${seconds / 3600} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}

/** A mail of paragraphs and at most one button link; HTML built from the same pieces, escaped. */
function mail(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): OutgoingMail {
  const text = [
    greeting,
    ...paragraphs.slice(0, 1),
    ...(link ? [`${link.label}:\n${link.url}`] : []),
    ...paragraphs.slice(1),
  ]
    .concat(['— Kingshot Companion'])
    .join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem">
<p>${escapeHtml(greeting)}</p>
${paragraphs[0] ? `<p>${escapeHtml(paragraphs[0])}</p>` : ''}
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#5b6470;font-size:.9em">Or copy this address into your browser: ${escapeHtml(link.url)}</p>` : ''}
${paragraphs
  .slice(1)
  .map((p) => `<p>${escapeHtml(p)}</p>`)
  .join('\n')}
<p>— Kingshot Companion</p>
</body></html>`;
  return { to, subject, text, html };
}

export function signUpMail(options: { to: string; name: string; link: string; lifetimeSeconds: number }): OutgoingMail {
  return mail(
    options.to,
    'Confirm your Kingshot Companion account',
    `Hello ${oneLine(options.name)},`,
    [
      `Open the link below to confirm your email address and create your account. It works once, for ${hours(options.lifetimeSeconds)}.`,
      'If you did not sign up, ignore this mail: no account is created without this link.',
    ],
    { url: options.link, label: 'Confirm and create my account' },
  );
}

export function existingAccountMail(options: {
  to: string;
  name: string;
  signIn: string;
  reset: string;
}): OutgoingMail {
  return mail(options.to, 'Someone tried to sign up with your email', `Hello ${oneLine(options.name)},`, [
    'Someone (perhaps you) tried to create a Kingshot Companion account with this email address, which already has an account. Nothing was changed.',
    `To sign in: ${options.signIn}`,
    `If you forgot your password, reset it here: ${options.reset}`,
    'If it was not you, you can ignore this mail.',
  ]);
}

export function resetMail(options: { to: string; name: string; link: string; lifetimeSeconds: number }): OutgoingMail {
  return mail(
    options.to,
    'Reset your Kingshot Companion password',
    `Hello ${oneLine(options.name)},`,
    [
      `Open the link below to choose a new password. It works once, for ${hours(options.lifetimeSeconds)}. Choosing a new password signs you out everywhere and disconnects your apps.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    { url: options.link, label: 'Choose a new password' },
  );
}

export function emailChangeMail(options: {
  to: string;
  name: string;
  link: string;
  lifetimeSeconds: number;
}): OutgoingMail {
  return mail(
    options.to,
    'Confirm your new email for Kingshot Companion',
    `Hello ${oneLine(options.name)},`,
    [
      `Open the link below to make this your account's email address. It works once, for ${hours(options.lifetimeSeconds)}.`,
      'If you did not ask for this, ignore this mail: nothing changes without this link.',
    ],
    { url: options.link, label: 'Confirm my new email' },
  );
}

export function emailChangedNotice(options: { to: string; name: string; newEmail: string }): OutgoingMail {
  return mail(options.to, 'Your Kingshot Companion email was changed', `Hello ${oneLine(options.name)},`, [
    `Your account now signs in with ${oneLine(options.newEmail)} instead of this address.`,
    'If you did not do this, reset your password from the sign-in page at once.',
  ]);
}

export function passwordChangedMail(options: { to: string; name: string }): OutgoingMail {
  return mail(options.to, 'Your Kingshot Companion password was changed', `Hello ${oneLine(options.name)},`, [
    'The password of your account was changed. Every other browser was signed out and every connected app disconnected.',
    'If you did not do this, reset your password from the sign-in page at once.',
  ]);
}

export function deletedMail(options: { to: string; name: string }): OutgoingMail {
  return mail(options.to, 'Your Kingshot Companion account was deleted', `Hello ${oneLine(options.name)},`, [
    'Your account and everything saved with it (profile, inventory, goals, connected apps) were deleted. This cannot be undone.',
    'You can create a new account at any time.',
  ]);
}
