/** The Content-Type and Accept rules of the MCP endpoints (docs/protocol.md, "Protocol behaviour"). */

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header.split(',').flatMap((part) => {
    const [range = '', ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) return [];
    const qParam = parameters.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return [{ type, subtype, q: Number.isFinite(q) ? q : 0 }];
  });
}

function accepts(ranges: MediaRange[], type: string, subtype: string): boolean {
  // The most specific matching range decides; q=0 means "not acceptable".
  const matching = ranges
    .filter((r) => (r.type === type || r.type === '*') && (r.subtype === subtype || r.subtype === '*'))
    .sort(
      (a, b) =>
        Number(b.type !== '*') + Number(b.subtype !== '*') - (Number(a.type !== '*') + Number(a.subtype !== '*')),
    );
  return matching.length > 0 && matching[0]!.q > 0;
}

// Clients send the same few Accept values over and over; remember the verdicts (bounded).
const acceptVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED = 256;

/** Accept must list application/json and text/event-stream (wildcards count). */
export function acceptsMcpResponses(header: string | undefined): boolean {
  if (!header) return false;
  let verdict = acceptVerdicts.get(header);
  if (verdict === undefined) {
    const ranges = parseAccept(header);
    verdict = accepts(ranges, 'application', 'json') && accepts(ranges, 'text', 'event-stream');
    if (acceptVerdicts.size >= MAX_REMEMBERED) acceptVerdicts.clear();
    acceptVerdicts.set(header, verdict);
  }
  return verdict;
}

/** Labels of UTF-8 (WHATWG Encoding): the only charset the body is decoded with. */
const UTF8_LABELS = new Set(['utf-8', 'utf8']);

export type ContentTypeVerdict =
  { ok: true } | { ok: false; problem: 'not-json' } | { ok: false; problem: 'charset'; charset: string };

/**
 * Content-Type must be application/json. A charset parameter must name UTF-8: the body is always decoded as UTF-8,
 * so a UTF-16 or Latin-1 body would be misread rather than refused.
 */
export function jsonContentType(header: string | undefined): ContentTypeVerdict {
  if (header === 'application/json') return { ok: true };
  if (!header) return { ok: false, problem: 'not-json' };
  const [type = '', ...parameters] = header.split(';');
  if (type.trim().toLowerCase() !== 'application/json') return { ok: false, problem: 'not-json' };
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const charset = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!UTF8_LABELS.has(charset.toLowerCase()))
      return { ok: false, problem: 'charset', charset: charset.slice(0, 40) };
  }
  return { ok: true };
}
