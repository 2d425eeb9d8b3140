/**
 * A response body encoded as UTF-8 into one buffer kept from response to response.
 *
 * Why: written as a string, a body costs Node three passes over it: `Buffer.byteLength` for Content-Length, the
 * flattening of `head + body` (Node's `_send` prepends the head to a string body) and the socket's own UTF-8
 * encoding. A `tools/call` answer is about 5.5 KB of JSON holding `★` (so a two-byte string in V8), and those passes
 * were about a tenth of a call's CPU (BENCHMARKS.md). Encoding into a buffer is one pass that also gives the length.
 * The buffer is kept, not taken anew for each body: a new buffer per response is memory outside V8's heap that V8
 * answers with extra full garbage collections (measured: 8 µs more per call than the strings).
 *
 * A socket usually takes the whole response in the write itself, and then nothing refers to the buffer any more.
 * When it does not (the client reads slowly, or the response waits behind an earlier one on the connection), the
 * write still refers to the bytes: the buffer is left to that write and the next body gets a new one.
 */

/** The kept buffer's size: every answer of the public endpoints fits (tools/list, the longest, is about 74 KB). */
const KEPT_BYTES = 256 * 1024;
/** UTF-8 takes at most 3 bytes per UTF-16 code unit (a surrogate pair, two units, takes 4). */
const MAX_BYTES_PER_UNIT = 3;
const LONGEST_KEPT_TEXT = Math.floor(KEPT_BYTES / MAX_BYTES_PER_UNIT);

export class BodyBytes {
  #kept: Buffer | undefined;
  #lent = false;

  /**
   * `text` as UTF-8. The bytes may sit in the kept buffer: hand them to one write, then call `written` before the
   * next `encode`.
   */
  encode(text: string): Buffer {
    if (this.#lent) throw new Error('BodyBytes.encode: the previous body was not reported written');
    if (text.length > LONGEST_KEPT_TEXT) return Buffer.from(text, 'utf8');
    this.#kept ??= Buffer.allocUnsafe(KEPT_BYTES);
    this.#lent = true;
    return this.#kept.subarray(0, this.#kept.write(text, 0, 'utf8'));
  }

  /**
   * After the write of the last body: `stillHeld` when the write has not taken all of its bytes yet (nothing to do
   * when no body was encoded since the last call).
   */
  written(stillHeld: boolean): void {
    if (this.#lent && stillHeld) this.#kept = undefined;
    this.#lent = false;
  }
}
