/**
 * The request line is written from a template (requestLineWriter) instead of through pino's object walk: it must
 * be byte for byte the line `logger.info(fields, 'request')` writes, whatever fields a request has.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestLogger, isoTime, requestLineWriter, type RequestLine } from '../../src/observability/logger.js';

afterEach(() => {
  vi.useRealTimers();
});

const LINES: RequestLine[] = [
  { request_id: '3f9a0c1d2e4b-1k7', endpoint: '/mcp', method: 'POST', status: 200, duration_ms: 1.234 },
  {
    request_id: 'lb-7f3a:0001',
    endpoint: '/mcp',
    method: 'POST',
    mcp_method: 'tools/call',
    tool: 'governor_gear_cost',
    outcome: 'tool_error',
    status: 200,
    duration_ms: 0.001,
  },
  {
    request_id: 'a',
    endpoint: 'page',
    method: 'GET',
    path: '/heroes/"quoted"\\back\u2028é★\u0001',
    status: 0,
    aborted: true,
    duration_ms: 12345.678,
  },
  {
    // Values the observer never gives, to check the escapes all the same (an id or label with quotes and the like).
    request_id: 'id "quoted" \\ é',
    endpoint: 'end"point',
    method: 'M\\',
    mcp_method: 'tools/"call"',
    tool: 'tool\u2028',
    outcome: 'out\u0001come',
    status: 500,
    duration_ms: 2,
  },
];

describe('requestLineWriter', () => {
  it.each(LINES)('writes what pino writes for the same fields ($endpoint, $status)', (line) => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00.123Z'), toFake: ['Date'] });
    const written: string[] = [];
    const logger = createRequestLogger('info', { write: (text: string) => void written.push(text) });
    logger.info({ ...line }, 'request');
    requestLineWriter(logger)(line);
    expect(written).toHaveLength(2);
    expect(written[1]).toBe(written[0]);
    expect(JSON.parse(written[1]!)).toMatchObject({ level: 'info', time: '2026-11-28T12:00:00.123Z', msg: 'request' });
  });

  it('stamps each line with its own millisecond', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00.123Z'), toFake: ['Date'] });
    const written: string[] = [];
    const write = requestLineWriter(createRequestLogger('info', { write: (text: string) => void written.push(text) }));
    write(LINES[0]!);
    vi.setSystemTime(new Date('2026-11-28T12:00:00.124Z'));
    write(LINES[0]!);
    expect(written.map((text) => (JSON.parse(text) as { time: string }).time)).toEqual([
      '2026-11-28T12:00:00.123Z',
      '2026-11-28T12:00:00.124Z',
    ]);
  });

  it('writes the time as toISOString does, across seconds, years and both ends of the clock', () => {
    const times = [
      '2026-11-28T12:00:00.998Z',
      '2026-11-28T12:00:00.999Z',
      '2026-11-28T12:00:01.000Z',
      '2026-11-28T12:00:01.001Z',
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.500Z',
      '1970-01-01T00:00:00.000Z',
      '+012345-06-07T08:09:10.011Z',
      '2026-11-28T12:00:00.998Z',
    ];
    for (const time of times) {
      vi.useFakeTimers({ now: new Date(time), toFake: ['Date'] });
      expect(isoTime()).toBe(`,"time":"${time}"`);
      vi.useRealTimers();
    }
  });

  it('writes every duration as pino does, whole microseconds or not', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00.123Z'), toFake: ['Date'] });
    const durations = [
      0,
      0.001,
      0.01,
      0.1,
      0.12,
      0.5,
      1,
      1.5,
      2.05,
      10.1,
      100.25,
      999.999,
      1000,
      1073741.823,
      1073741.824,
      123456.789,
      3600000.001,
      0.0005,
      1.2345,
      1e21,
      -1,
      Number.NaN,
    ];
    for (const duration_ms of durations) {
      const written: string[] = [];
      const logger = createRequestLogger('info', { write: (text: string) => void written.push(text) });
      const line: RequestLine = { request_id: 'd', endpoint: '/mcp', method: 'POST', status: 200, duration_ms };
      logger.info({ ...line }, 'request');
      requestLineWriter(logger)(line);
      expect(written[1], String(duration_ms)).toBe(written[0]);
    }
  });
});
