/**
 * The site script (built from site/ by codegen): served at one same-origin address the pages load with
 * `<script src>`, under their CSP (no inline script). The address carries the script's hash, so a page never
 * runs a cached script of another release.
 */
import { createHash } from 'node:crypto';
import { WEBSITE_SCRIPT } from '../../generated/website/script.js';
import { SITE_SCRIPT_ROUTE } from './site-routes.js';

const SCRIPT_HASH = createHash('sha256').update(WEBSITE_SCRIPT).digest('hex').slice(0, 12);

export const SITE_SCRIPT_SRC = `${SITE_SCRIPT_ROUTE}?v=${SCRIPT_HASH}`;

export function siteScriptResponse(): Response {
  return new Response(WEBSITE_SCRIPT, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
