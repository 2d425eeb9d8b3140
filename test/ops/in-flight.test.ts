import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { InFlight } from '../../src/observability/in-flight.js';

/** Stand-ins: InFlight only keeps and compares the responses. */
const responses = (n: number) => Array.from({ length: n }, (_, i) => ({ i }) as unknown as ServerResponse);

describe('InFlight', () => {
  it('holds each response from add until release, and iterates over those held', () => {
    const inFlight = new InFlight();
    const [a, b, c] = responses(3) as [ServerResponse, ServerResponse, ServerResponse];
    const slotA = inFlight.add(a);
    const slotB = inFlight.add(b);
    inFlight.add(c);
    expect(inFlight.size).toBe(3);
    inFlight.release(slotB, b);
    expect(inFlight.size).toBe(2);
    expect(new Set(inFlight)).toEqual(new Set([a, c]));
    inFlight.release(slotA, a);
    expect([...inFlight]).toEqual([c]);
  });

  it('reuses released slots, so a steady load keeps the array at the most ever in flight', () => {
    const inFlight = new InFlight();
    const all = responses(40);
    const slots = new Set<number>();
    for (let round = 0; round < 100; round++) {
      const held = all.slice(0, 1 + (round % 32)).map((r) => [inFlight.add(r), r] as const);
      for (const [slot] of held) slots.add(slot);
      for (const [slot, r] of held) inFlight.release(slot, r);
      expect(inFlight.size).toBe(0);
    }
    expect(Math.max(...slots)).toBe(31);
    expect([...inFlight]).toEqual([]);
  });

  it('ignores a second release of the same response, even once its slot holds another', () => {
    const inFlight = new InFlight();
    const [a, b] = responses(2) as [ServerResponse, ServerResponse];
    const slot = inFlight.add(a);
    inFlight.release(slot, a);
    expect(inFlight.add(b)).toBe(slot);
    inFlight.release(slot, a);
    expect(inFlight.size).toBe(1);
    expect([...inFlight]).toEqual([b]);
    const next = inFlight.add(a);
    expect(next).not.toBe(slot);
    expect(inFlight.size).toBe(2);
  });
});
