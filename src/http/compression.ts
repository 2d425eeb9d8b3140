/**
 * Compression on the wire: a response of more than COMPRESS_MIN_BYTES is sent as `gzip` or `br` when the request's
 * Accept-Encoding takes one (gzip first when the client ranks them equal: on the service's JSON, gzip level 6 made
 * bodies as small as brotli quality 4 for about half the CPU, bench/parts.ts), else as it is.
 * Responses whose body is one of the service's stored strings (tools/list, resources, pages rendered once) are
 * compressed once per encoding and kept; the rest are compressed as they are sent (a few tens of microseconds for a
 * cost result, measured in BENCHMARKS.md).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** How a kept body is sent: compressed, or as it is (its UTF-8 bytes). */
export type BodyEncoding = ContentEncoding | 'identity';

/** Below this a compressed body saves too little to pay for the work (and gzip's own 18 bytes). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Gzip level 6 and brotli quality 4, measured on a 5.5 KB cost result: 29 µs and 50 µs of CPU, 1,525 and 1,495 bytes;
 * brotli's default quality (11) takes milliseconds for a few per cent less, too much for a body made per request.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/** Distinct Accept-Encoding values remembered (clients send a handful; a flood of odd ones is parsed each time). */
const VERDICTS_KEPT = 64;
const verdicts = new Map<string, ContentEncoding | undefined>();

/** The q-value of `coding` in an Accept-Encoding header (RFC 9110 §12.5.3): 0 when absent or refused. */
function qualityOf(header: string, coding: string): number {
  let star: number | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const token = name!.trim().toLowerCase();
    if (token !== coding && token !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const quality = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
    if (token === coding) return quality;
    star = quality;
  }
  return star ?? 0;
}

function decide(header: string): ContentEncoding | undefined {
  const br = qualityOf(header, 'br');
  const gzip = qualityOf(header, 'gzip');
  if (gzip > 0 && gzip >= br) return 'gzip';
  if (br > 0) return 'br';
  return undefined;
}

/** The encoding to send a body in, for a request's Accept-Encoding header; undefined: send it as it is. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  if (acceptEncoding.length > 256) return decide(acceptEncoding);
  if (verdicts.has(acceptEncoding)) return verdicts.get(acceptEncoding);
  const verdict = decide(acceptEncoding);
  if (verdicts.size >= VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(acceptEncoding, verdict);
  return verdict;
}

export function compress(body: string | Uint8Array, encoding: ContentEncoding): Buffer {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** `body` as it is sent in `encoding`. */
function encode(body: string, encoding: BodyEncoding): Buffer {
  return encoding === 'identity' ? Buffer.from(body, 'utf8') : compress(body, encoding);
}

interface Kept {
  /** What the body was made from: a hit is the same stored string (compared by identity first, then by content). */
  source: string;
  encoded: Buffer;
}

/**
 * The bytes of bodies made from stored strings, compressed or not, by a key the caller chooses (a protocol version,
 * a method and a request id; a page's path). Kept as they are too, because a body of a stored string is the same
 * for every request with the same key, and its UTF-8 bytes cost a pass over the text each time they are made (a
 * two-byte string in V8 when it holds `★` or `—`, as initialize's instructions do: flattened, then transcoded).
 * Bounded in entries, and an entry holds the stored string by reference plus its bytes, so keys chosen by clients
 * cannot grow it past `capacity` bodies.
 */
export class EncodedBodies {
  readonly #kept = new Map<string, Kept>();
  readonly #capacity: number;
  constructor(capacity = 256) {
    this.#capacity = capacity;
  }

  /** The bytes of `body()` in `encoding`; `body()` is made from `source` alone (with `key`'s parts). */
  get(key: string, source: string, encoding: BodyEncoding, body: () => string): Buffer {
    const slot = `${encoding} ${key}`;
    const kept = this.#kept.get(slot);
    if (kept && kept.source === source) return kept.encoded;
    const encoded = encode(body(), encoding);
    if (!kept && this.#kept.size >= this.#capacity) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(slot, { source, encoded });
    return encoded;
  }

  get size(): number {
    return this.#kept.size;
  }
}
