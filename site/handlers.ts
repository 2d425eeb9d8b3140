/**
 * What each in-page tool does (the contract is generated from catalog/website/). search_database asks the
 * service, which runs the MCP tool itself; the page readers fetch Markdown from this origin; open_page checks the
 * address is an HTML page of this site before it navigates.
 */
import type { WebsiteToolHandlers, WebsiteToolResult } from '../generated/website/tools.js';
import { GUIDE_PATH, SEARCH_ROUTE } from '../src/pages/site-routes.js';
import { pageUrl, sitePath } from './page-url.js';
import { failure, success } from './results.js';

export interface PageContext {
  /** The current page's address. */
  readonly location: URL;
  /** Moves the tab (after the result is returned). */
  navigate(url: URL): void;
  readonly fetch: typeof fetch;
}

function unreachable(what: string, error: unknown): WebsiteToolResult {
  return failure({
    code: 'UNAVAILABLE',
    message: `${what} could not be reached (${error instanceof Error ? error.message : String(error)}); try again.`,
  });
}

/** The answer's media type without parameters, lower case ('' when it has none). */
function mediaTypeOf(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

async function markdownOf(url: URL, context: PageContext): Promise<WebsiteToolResult> {
  const path = sitePath(url);
  let response: Response;
  try {
    response = await context.fetch(url, { headers: { Accept: 'text/markdown' }, credentials: 'same-origin' });
  } catch (error) {
    return unreachable(`The page ${path}`, error);
  }
  if (response.status === 404)
    return failure({
      code: 'NOT_FOUND',
      message: `There is no page at ${path} on this site. search_database finds records' pages; get_site_guide lists the sections.`,
      argument: '/url',
    });
  const type = mediaTypeOf(response);
  const markdown = await response.text();
  if (response.status === 400 && type === 'text/markdown') {
    // A calculator page with arguments the tool refuses: its Markdown says why, as the page does.
    return failure({
      code: 'INVALID_ARGUMENTS',
      message: `The page ${path} refused its arguments:\n\n${markdown}`,
      argument: '/url',
    });
  }
  if (!response.ok)
    return failure({
      code: 'UNAVAILABLE',
      message: `The page ${path} answered HTTP ${response.status}; try again later.`,
    });
  if (type !== 'text/markdown' && type !== 'text/plain')
    return failure({
      code: 'NOT_FOUND',
      message: `${path} is not a page of this site (it answers ${type || 'no content type'}, not Markdown).`,
      argument: '/url',
    });
  return success({ url: url.href, markdown }, markdown);
}

export const handlers: WebsiteToolHandlers<PageContext> = {
  async search_database(input, context) {
    let response: Response;
    try {
      response = await context.fetch(new URL(SEARCH_ROUTE, context.location), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(input),
        credentials: 'same-origin',
      });
    } catch (error) {
      return unreachable('The site search', error);
    }
    const body = (await response.json().catch(() => undefined)) as
      (WebsiteToolResult & { message?: string }) | undefined;
    // The MCP result as /mcp sends it (where a success has no isError), with isError always said, as the other tools do.
    if (response.ok && body && Array.isArray(body.content)) return { ...body, isError: body.isError === true };
    const message =
      typeof body?.message === 'string'
        ? body.message
        : `The site search answered HTTP ${response.status}; try again later.`;
    return failure({ code: 'UNAVAILABLE', message });
  },

  async get_page_markdown(input, context) {
    const target = pageUrl(input.url, context.location);
    if (!target.ok) return failure(target.error);
    return markdownOf(target.url, context);
  },

  async get_site_guide(_input, context) {
    return markdownOf(new URL(GUIDE_PATH, context.location), context);
  },

  async open_page(input, context) {
    const target = pageUrl(input.url, context.location);
    if (!target.ok) return failure(target.error);
    const { url } = target;
    const path = sitePath(url);
    let response: Response;
    try {
      // Accept as the navigation sends it: the pages negotiate, and this asks for what the tab would get.
      response = await context.fetch(url, {
        method: 'HEAD',
        headers: { Accept: 'text/html' },
        credentials: 'same-origin',
      });
    } catch (error) {
      return unreachable(`The page ${path}`, error);
    }
    if (response.status === 404)
      return failure({
        code: 'NOT_FOUND',
        message: `There is no page at ${path} on this site; the tab stays where it is. search_database finds records' pages.`,
        argument: '/url',
      });
    // 400 is a calculator page showing why it refused its arguments: a page still.
    if (!response.ok && response.status !== 400)
      return failure({
        code: 'UNAVAILABLE',
        message: `${path} cannot be opened (HTTP ${response.status}); the tab stays where it is.`,
        argument: '/url',
      });
    // The script, /health, the sitemap, llms.txt and the .md addresses answer 200 too; the tab would show raw text.
    const type = mediaTypeOf(response);
    if (type !== 'text/html')
      return failure({
        code: 'NOT_FOUND',
        message: `${path} is not a page of this site (it answers ${type || 'no content type'}, not an HTML page); the tab stays where it is. get_page_markdown reads a page's Markdown; search_database finds records' pages.`,
        argument: '/url',
      });
    context.navigate(url);
    return success({ url: url.href, opened: true }, `Opening ${url.href}.`);
  },
};
