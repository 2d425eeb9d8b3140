/**
 * The in-process rate limiter's per-client counters, kept in pages of typed arrays that many clients share: a
 * client is a row number. Each row is a ring of `size` bucket counts holding buckets `newest - size + 1` to
 * `newest`, with its newest bucket and its total beside it.
 *
 * Why rows rather than an object and a Uint32Array per client: a client seen for the first time then allocated
 * nothing on the JavaScript heap. Under a flood of new addresses (bench/limits.ts, 65,536 clients through a proxy)
 * every new client's object, typed array and backing store was promoted to the old generation and traced by its
 * collections. Rows of forgotten clients are reused; the pages stay, so the memory is what the most clients held at
 * once needed (the limiter's cap bounds it: about 26 MB at 100,000 clients of 61 buckets).
 */

/** Rows per page: a page of 61-bucket rows is 250 KB of counts. */
const PAGE_ROWS = 1024;
const PAGE_SHIFT = 10;
const PAGE_MASK = PAGE_ROWS - 1;

export class CounterRows {
  /** Buckets per row. */
  readonly size: number;
  readonly #counts: Uint32Array[] = [];
  /** Per row: its newest bucket, then its total (a bucket number may pass 2 ** 32: Float64). */
  readonly #heads: Float64Array[] = [];
  readonly #free: number[] = [];
  #used = 0;

  constructor(size: number) {
    this.size = size;
  }

  /** A row for a new client, its ring empty and its newest bucket `newest`. */
  add(newest: number): number {
    let row = this.#free.pop();
    if (row === undefined) {
      row = this.#used++;
      if ((row & PAGE_MASK) === 0) {
        this.#counts.push(new Uint32Array(PAGE_ROWS * this.size));
        this.#heads.push(new Float64Array(PAGE_ROWS * 2));
      }
    } else {
      const start = (row & PAGE_MASK) * this.size;
      this.#counts[row >>> PAGE_SHIFT]!.fill(0, start, start + this.size);
    }
    const heads = this.#heads[row >>> PAGE_SHIFT]!;
    heads[(row & PAGE_MASK) * 2] = newest;
    heads[(row & PAGE_MASK) * 2 + 1] = 0;
    return row;
  }

  /** The row is free for the next new client. */
  release(row: number): void {
    this.#free.push(row);
  }

  /** Rows in use. */
  get rows(): number {
    return this.#used - this.#free.length;
  }

  newest(row: number): number {
    return this.#heads[row >>> PAGE_SHIFT]![(row & PAGE_MASK) * 2]!;
  }

  total(row: number): number {
    return this.#heads[row >>> PAGE_SHIFT]![(row & PAGE_MASK) * 2 + 1]!;
  }

  /** Counts one request in the row's newest bucket; the row's new total. */
  count(row: number): number {
    const page = row >>> PAGE_SHIFT;
    const at = row & PAGE_MASK;
    const heads = this.#heads[page]!;
    this.#counts[page]![at * this.size + (heads[at * 2]! % this.size)]!++;
    return ++heads[at * 2 + 1]!;
  }

  /** Moves the ring on to `current`, emptying the buckets that left it. */
  advance(row: number, current: number): void {
    const page = row >>> PAGE_SHIFT;
    const at = row & PAGE_MASK;
    const heads = this.#heads[page]!;
    const newest = heads[at * 2]!;
    if (current <= newest) return;
    const counts = this.#counts[page]!;
    const start = at * this.size;
    if (current - newest >= this.size) {
      counts.fill(0, start, start + this.size);
      heads[at * 2 + 1] = 0;
    } else {
      let total = heads[at * 2 + 1]!;
      for (let bucket = newest + 1; bucket <= current; bucket++) {
        const slot = start + (bucket % this.size);
        total -= counts[slot]!;
        counts[slot] = 0;
      }
      heads[at * 2 + 1] = total;
    }
    heads[at * 2] = current;
  }

  /** The total the row would hold once moved on to `current`, without moving it (a look changes nothing). */
  totalAt(row: number, current: number): number {
    const newest = this.newest(row);
    const total = this.total(row);
    if (current <= newest) return total;
    if (current - newest >= this.size) return 0;
    const counts = this.#counts[row >>> PAGE_SHIFT]!;
    const start = (row & PAGE_MASK) * this.size;
    let left = total;
    for (let bucket = newest + 1; bucket <= current; bucket++) left -= counts[start + (bucket % this.size)]!;
    return left;
  }

  /** Bucket `bucket`'s count: 0 outside the ring. */
  at(row: number, bucket: number): number {
    const newest = this.newest(row);
    if (bucket > newest || bucket < newest - this.size + 1) return 0;
    return this.#counts[row >>> PAGE_SHIFT]![(row & PAGE_MASK) * this.size + (bucket % this.size)]!;
  }
}
