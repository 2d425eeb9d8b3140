/**
 * What the MCP route and the refusals before dispatch read of a request: its headers, Node's request (whose body is
 * read straight from the socket) and the Fetch request (the only one an in-process request has). Made from Hono's
 * context, or from Node's request alone on the fast path (node-fast-path.ts), so one route serves both.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { ServiceEnv } from './service-env.js';

export interface RequestView {
  /** A header's value by its lower-case name, as Hono's `c.req.header` gives it. */
  header(name: string): string | undefined;
  readonly incoming: IncomingMessage | undefined;
  readonly fetchRequest: Request | undefined;
}

/** Hono's context as a RequestView: a class, so every request's view has the same shape. */
export class ContextView implements RequestView {
  readonly incoming: IncomingMessage | undefined;
  readonly fetchRequest: Request;
  protected readonly context: Context<ServiceEnv>;

  constructor(c: Context<ServiceEnv>) {
    this.context = c;
    this.incoming = c.env?.incoming;
    this.fetchRequest = c.req.raw;
  }

  header(name: string): string | undefined {
    return this.context.req.header(name);
  }
}

export function viewOfContext(c: Context<ServiceEnv>): RequestView {
  return new ContextView(c);
}

/**
 * Headers whose repeats Node's parser drops (keeping the first) where the Fetch headers the Node adapter builds keep
 * them all, joined: read from the raw list, so both paths see the same value.
 */
const FIRST_ONLY = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** `value` without HTTP whitespace at either end; Node's parser has usually trimmed it, so that is checked first. */
function trimmed(value: string): string {
  if (value === '') return value;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  // Tab, LF, CR and space are the only HTTP whitespace, all at or below 32.
  return first > 32 && last > 32 ? value : value.replace(HTTP_WHITESPACE, '');
}

/** A header of Node's request with the value the Fetch headers would give (trimmed, repeats joined with ", "). */
export function incomingHeader(incoming: IncomingMessage, name: string): string | undefined {
  if (!FIRST_ONLY.has(name)) {
    const value = incoming.headers[name];
    if (value === undefined) return undefined;
    return trimmed(Array.isArray(value) ? value.join(', ') : value);
  }
  const raw = incoming.rawHeaders;
  let joined: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    // Most clients send lower-case names (HTTP/2 must): compared as they are before a lower-case copy is made.
    if (key !== name && (key.length !== name.length || key.toLowerCase() !== name)) continue;
    const value = trimmed(raw[i + 1]!);
    joined = joined === undefined ? value : `${joined}, ${value}`;
  }
  return joined;
}
