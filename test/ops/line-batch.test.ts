import { describe, expect, it } from 'vitest';
import { LineBatch, type FlushableDestination } from '../../src/observability/line-batch.js';

/** A destination that records what it is handed, and when it is told to flush. */
function recorder() {
  const events: string[] = [];
  const destination: FlushableDestination = {
    write: (text: string) => void events.push(`write ${text}`),
    flush: (callback) => {
      events.push('flush');
      callback?.();
    },
    flushSync: () => void events.push('flushSync'),
  };
  return { events, destination };
}

describe('LineBatch', () => {
  it('hands lines over in one write once the batch length is reached, in order', () => {
    const { events, destination } = recorder();
    const batch = new LineBatch(destination, 10);
    batch.write('aaa\n');
    batch.write('bbb\n');
    expect(events).toEqual([]);
    batch.write('cc\n');
    expect(events).toEqual(['write aaa\nbbb\ncc\n']);
    batch.write('d\n');
    expect(events).toHaveLength(1);
  });

  it('flush hands over what is gathered, then flushes the destination and calls back', () => {
    const { events, destination } = recorder();
    const batch = new LineBatch(destination, 1000);
    batch.write('one\n');
    batch.write('two\n');
    let called = 0;
    batch.flush(() => called++);
    expect(events).toEqual(['write one\ntwo\n', 'flush']);
    expect(called).toBe(1);
    batch.flush();
    expect(events).toEqual(['write one\ntwo\n', 'flush', 'flush']);
  });

  it('flushSync hands over what is gathered before the destination writes it out', () => {
    const { events, destination } = recorder();
    const batch = new LineBatch(destination, 1000);
    batch.write('last\n');
    batch.flushSync();
    expect(events).toEqual(['write last\n', 'flushSync']);
  });

  it('starts each batch afresh after a hand-over', () => {
    const { events, destination } = recorder();
    const batch = new LineBatch(destination, 6);
    for (const line of ['12345\n', 'ab\n', 'cd\n', 'ef\n']) batch.write(line);
    expect(events).toEqual(['write 12345\n', 'write ab\ncd\n']);
    batch.flushSync();
    expect(events.slice(2)).toEqual(['write ef\n', 'flushSync']);
  });
});
