import { describe, expect, it } from 'vitest';
import { CounterRows } from '../../src/http/counter-rows.js';

describe("the rate limiter's counter rows", () => {
  it('keeps each row to itself, across pages of 1,024 rows', () => {
    const rows = new CounterRows(5);
    const made = Array.from({ length: 3_000 }, (_, i) => rows.add(100 + i));
    expect(made).toEqual(Array.from({ length: 3_000 }, (_, i) => i));
    for (const row of made) for (let n = 0; n <= row % 4; n++) rows.count(row);
    expect(made.map((row) => [rows.newest(row), rows.total(row)])).toEqual(
      made.map((row) => [100 + row, (row % 4) + 1]),
    );
    expect(rows.rows).toBe(3_000);
  });

  it('moves a ring on, dropping the buckets that leave it, and looks without moving it', () => {
    const rows = new CounterRows(3);
    const row = rows.add(10);
    rows.count(row);
    rows.advance(row, 11);
    rows.count(row);
    rows.count(row);
    rows.advance(row, 12);
    rows.count(row);
    expect([10, 11, 12, 13].map((bucket) => rows.at(row, bucket))).toEqual([1, 2, 1, 0]);
    expect(rows.totalAt(row, 13)).toBe(3);
    expect(rows.totalAt(row, 14)).toBe(1);
    expect(rows.totalAt(row, 15)).toBe(0);
    expect(rows.total(row)).toBe(4);
    rows.advance(row, 13);
    expect([rows.total(row), rows.newest(row), rows.at(row, 10), rows.at(row, 11)]).toEqual([3, 13, 0, 2]);
    rows.advance(row, 20);
    expect([rows.total(row), rows.newest(row), rows.at(row, 13)]).toEqual([0, 20, 0]);
  });

  it('hands a released row to the next new client emptied, and keeps bucket numbers past 2 ** 32', () => {
    const rows = new CounterRows(4);
    const first = rows.add(2 ** 40);
    const second = rows.add(2 ** 40);
    for (let i = 0; i < 7; i++) rows.count(first);
    rows.count(second);
    rows.release(first);
    expect(rows.rows).toBe(1);
    const reused = rows.add(2 ** 40 + 3);
    expect(reused).toBe(first);
    expect([rows.total(reused), rows.newest(reused), rows.at(reused, 2 ** 40)]).toEqual([0, 2 ** 40 + 3, 0]);
    expect(rows.count(reused)).toBe(1);
    expect(rows.at(reused, 2 ** 40 + 3)).toBe(1);
    expect([rows.total(second), rows.at(second, 2 ** 40)]).toEqual([1, 1]);
  });
});
