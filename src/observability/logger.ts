/**
 * The service's JSON log: pino on stdout (each line written before the call returns; no pretty-printing in the
 * process), one object per line with an ISO time and the level's name. Log lines carry named fields only, never
 * headers, bodies or query strings; the redaction below is the second line of defence should one be added by
 * mistake.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.js';
import { LineBatch } from './line-batch.js';

export type { Logger } from 'pino';

const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'state',
  'token',
  'code',
];
export const REDACTED_PATHS = [
  ...SECRET_KEYS.map((key) => `["${key}"]`),
  ...SECRET_KEYS.filter((key) => key !== 'code').map((key) => `*["${key}"]`),
];

/**
 * The logger for everything but the request lines: errors, outages, the drain; with the redaction. On stdout it
 * writes each line before the call returns, as the request lines' destination does. pino's own default for stdout
 * writes through the thread pool: a line could then land after a later one (the drain's warning after its last line,
 * seen in CI when the process exited with the warning's write still in the pool) or be lost to a killed process.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { ...common(level), redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}

/** Longest a request line waits in the batch before it is written. */
const REQUEST_LOG_FLUSH_MS = 250;

/** Request lines gathered before a write: about 70 lines of `tools/call`. */
const REQUEST_LOG_BATCH_LENGTH = 16 * 1024;

/** The request lines' destination on file descriptor `fd`: batches written by pino's synchronous destination. */
export function requestLineDestination(fd: number): LineBatch {
  return new LineBatch(pino.destination({ dest: fd, sync: true }), REQUEST_LOG_BATCH_LENGTH);
}

/**
 * The logger of the request lines, without the redaction: a request line is built from named fields only
 * (request-observer.ts), and redaction costs as much again as the line itself (measured with pino 10.4). Its lines
 * are gathered into batches (line-batch.ts) written by pino's own destination (sonic-boom on stdout), at least
 * every 250 ms and on exit: one write per line cost more than the rest of the logging together under load (CPU
 * profile). The writes are synchronous, as with pino's default destination: an asynchronous write goes through
 * libuv's thread pool, 5.9 µs of CPU per line against 3.7 µs (200,000 request lines to /dev/null, three rounds,
 * pino 10.4).
 */
export function createRequestLogger(level: LogLevel, destination?: DestinationStream): Logger {
  if (destination) return pino(common(level), destination);
  const stdout = requestLineDestination(1);
  const flusher = setInterval(() => {
    try {
      stdout.flush();
    } catch {
      clearInterval(flusher); // destroyed: stdout is gone
    }
  }, REQUEST_LOG_FLUSH_MS).unref();
  // pino flushes its destinations on exit only when they are asynchronous: whatever way the process ends (the drain
  // flushes too; an exit after a fatal error does not drain), the lines still in the batch are written out.
  process.once('exit', () => {
    try {
      stdout.flushSync();
    } catch {
      // stdout is gone: nothing can be written any more
    }
  });
  return pino(common(level), stdout);
}

let timeMs = -1;
let timeField = '';
let secondStart = Number.NaN;
let secondPrefix = '';

/** `000` to `999`, the milliseconds of an ISO time. */
const MILLISECONDS: readonly string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * pino's `isoTime` (`,"time":"<ISO 8601>"`), made once per millisecond from a prefix made once per second: under
 * load many lines share a millisecond, and `toISOString` cost more than the rest of a request line's fields (CPU
 * profile), even once a millisecond.
 */
export function isoTime(): string {
  const now = Date.now();
  if (now !== timeMs) {
    timeMs = now;
    const start = Math.floor(now / 1000) * 1000;
    if (start !== secondStart) {
      secondStart = start;
      // Everything but the milliseconds and the Z: "…T12:00:00." (any year, as toISOString writes it).
      secondPrefix = `,"time":"${new Date(start).toISOString().slice(0, -4)}`;
    }
    timeField = `${secondPrefix}${MILLISECONDS[now - start]!}Z"`;
  }
  return timeField;
}

function common(level: LogLevel) {
  return { level, timestamp: isoTime, formatters: { level: (label: string) => ({ level: label }) } };
}

/** One request's log line (request-observer.ts): named fields only, in this order. */
export interface RequestLine {
  request_id: string;
  endpoint: string;
  method: string;
  path?: string;
  mcp_method?: string;
  tool?: string;
  outcome?: string;
  status: number;
  aborted?: boolean;
  duration_ms: number;
}

/** Characters a JSON string holds as they are: a request id made of them needs no escaping. */
const PLAIN_TEXT = /^[\w.:@=+/-]*$/;

function idLiteral(id: string): string {
  return PLAIN_TEXT.test(id) ? `"${id}"` : JSON.stringify(id);
}

/** Most label literals a request logger keeps: its labels come from small fixed sets (the tools, the methods). */
const LABEL_LITERALS_MAX = 1024;

/**
 * The JSON string literals of label values (endpoint, method, MCP method, tool, outcome), each made once: a
 * `JSON.stringify` per field was a tenth of the request line's cost (CPU profile).
 */
function labelLiterals(): (value: string) => string {
  const literals = new Map<string, string>();
  return (value) => {
    let literal = literals.get(value);
    if (literal === undefined) {
      literal = JSON.stringify(value);
      if (literals.size < LABEL_LITERALS_MAX) literals.set(value, literal);
    }
    return literal;
  };
}

/** '' for 0, then `.001` to `.999` without trailing zeros: the decimals of a duration in whole microseconds. */
const MILLISECOND_DECIMALS: readonly string[] = Array.from({ length: 1000 }, (_, i) =>
  i === 0 ? '' : `.${String(i).padStart(3, '0')}`.replace(/0+$/, ''),
);

/**
 * A duration in milliseconds as JSON writes the number, made from its whole milliseconds and a table of decimals
 * when it is a whole number of microseconds (the observer's `Math.round(µs) / 1e3`): the shortest form of such a
 * number is exactly that, and converting the double itself was a tenth of the request line's cost (CPU profile).
 */
function millisecondsText(ms: number): string {
  const micros = Math.round(ms * 1000);
  if (micros >= 0 && micros <= 0x3fffffff && micros / 1000 === ms) {
    const whole = Math.floor(micros / 1000);
    return `${whole}${MILLISECOND_DECIMALS[micros - whole * 1000]!}`;
  }
  return JSON.stringify(ms);
}

/**
 * Writes request lines to a request logger's destination exactly as `logger.info(line, 'request')` would
 * (`{"level":"info","time":…,"pid":…,"hostname":…,<fields>,"msg":"request"}`), without pino's walk over an
 * arbitrary object: the fields are known, so the line is one template. The caller checks the level (info).
 */
export function requestLineWriter(logger: Logger): (line: RequestLine) => void {
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!;
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  const start = `{"level":"info"`;
  const label = labelLiterals();
  return (line) => {
    let text = `${start}${isoTime()}${bindings},"request_id":${idLiteral(line.request_id)},"endpoint":${label(line.endpoint)},"method":${label(line.method)}`;
    if (line.path !== undefined) text += `,"path":${JSON.stringify(line.path)}`;
    if (line.mcp_method !== undefined) text += `,"mcp_method":${label(line.mcp_method)}`;
    if (line.tool !== undefined) text += `,"tool":${label(line.tool)}`;
    if (line.outcome !== undefined) text += `,"outcome":${label(line.outcome)}`;
    text += `,"status":${line.status}`;
    if (line.aborted) text += `,"aborted":true`;
    stream.write(`${text},"duration_ms":${millisecondsText(line.duration_ms)},"msg":"request"}\n`);
  };
}

/**
 * A `(line) => void` sink for the modules that write outage lines as text (the store's health tracker, the Redis
 * rate limits): the line, without the time it starts with (the log has its own), at warn while something is
 * unreachable and info when it is back.
 */
export function lineSink(logger: Logger, component: string): (line: string) => void {
  return (line) => {
    const text = line.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z /, '');
    if (/unreachable/.test(text)) logger.warn({ component }, text);
    else logger.info({ component }, text);
  };
}
