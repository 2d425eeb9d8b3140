/**
 * The service's JSON log: pino on stdout (its default destination; no pretty-printing in the process), one object
 * per line with an ISO time and the level's name. Log lines carry named fields only, never headers, bodies or
 * query strings; the redaction below is the second line of defence should one be added by mistake.
 */
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.js';

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

/** The logger for everything but the request lines: errors, outages, the drain; with the redaction. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { ...common(level), redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/** Longest a request line waits in the buffer before it is written. */
const REQUEST_LOG_FLUSH_MS = 250;

/**
 * The logger of the request lines, without the redaction: a request line is built from named fields only
 * (request-observer.ts), and redaction costs as much again as the line itself (measured with pino 10.4). Its
 * destination is pino's own (sonic-boom on stdout) with a 4 KiB buffer, written at least every 250 ms and on
 * exit: one write per line cost more than the rest of the logging together under load (CPU profile). The writes
 * are synchronous, as with pino's default destination: an asynchronous write goes through libuv's thread pool,
 * 5.9 µs of CPU per line against 3.7 µs (200,000 request lines to /dev/null, three rounds, pino 10.4).
 */
export function createRequestLogger(level: LogLevel, destination?: DestinationStream): Logger {
  if (destination) return pino(common(level), destination);
  const stdout = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  const flusher = setInterval(() => {
    try {
      stdout.flush();
    } catch {
      clearInterval(flusher); // destroyed: stdout is gone
    }
  }, REQUEST_LOG_FLUSH_MS).unref();
  return pino(common(level), stdout);
}

function common(level: LogLevel) {
  return { level, timestamp: stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
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
