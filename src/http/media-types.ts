/** The Content-Type and Accept rules of the MCP endpoints (decisions.md, "Headers"). */

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
    .sort((a, b) => Number(b.type !== '*') + Number(b.subtype !== '*') - (Number(a.type !== '*') + Number(a.subtype !== '*')));
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

/** Content-Type must be application/json; parameters such as charset are fine. */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === 'application/json') return true;
  if (!header) return false;
  return header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}
