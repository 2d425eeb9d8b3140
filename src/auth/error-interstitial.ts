/**
 * RFC 9700 §4.11.2: any client may register its redirect URI (dynamic registration), so the authorization
 * endpoint must not turn an error met before the player has done anything into a bare redirect there, or it is an
 * open redirect (`prompt=none`, a bad PKCE method or an over-long `state` from anyone's link). Such an error is a
 * page instead that names where the app asked to be sent and links there; the player decides. After sign-in or
 * consent (the resume route) the redirect stays: the player has interacted.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, htmlPage } from '../pages/layout.js';
import { PAGE_HEADERS } from './pages.js';

type Next = () => Promise<unknown>;

/** The error redirect this response is, if it is one from the authorization route. */
function errorRedirect(ctx: KoaContextWithOIDC): URL | undefined {
  if (ctx.oidc?.route !== 'authorization' || ctx.status < 300 || ctx.status > 399) return undefined;
  const location = ctx.response.get('location');
  if (!location) return undefined;
  try {
    const url = new URL(location);
    const error = url.searchParams.get('error') ?? new URLSearchParams(url.hash.slice(1)).get('error');
    return error ? url : undefined;
  } catch {
    return undefined;
  }
}

export async function errorRedirectInterstitial(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
  await next();
  const target = errorRedirect(ctx);
  if (!target) return;
  const params = target.search ? target.searchParams : new URLSearchParams(target.hash.slice(1));
  const error = params.get('error') ?? 'error';
  const description = params.get('error_description');
  ctx.remove('location');
  ctx.status = 400;
  ctx.set({ ...PAGE_HEADERS });
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = htmlPage({
    title: 'Sign-in error - Kingshot Companion',
    body: [
      `<h1>The app's sign-in request was refused</h1>`,
      `<p><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>`,
      `<p>The app asked to be told at <code>${escapeHtml(target.origin)}</code>. Only continue if you started this sign-in from an app you trust there.</p>`,
      `<p><a href="${escapeHtml(target.href)}" rel="noreferrer">Continue to ${escapeHtml(target.origin)}</a></p>`,
    ].join('\n'),
  });
}
