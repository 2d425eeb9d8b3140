/**
 * The request line is written from a template (requestLineWriter) instead of through pino's object walk: it must
 * be byte for byte the line `logger.info(fields, 'request')` writes, whatever fields a request has.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestLogger, requestLineWriter, type RequestLine } from '../../src/observability/logger.js';

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
});
