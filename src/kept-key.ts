/**
 * A key for a Map that outlives the request, as a string of its own. V8 makes a substring of 13 characters or more
 * a view into the string it was cut from, and a Map key keeps that whole string alive: a client address cut from an
 * 8 KB X-Forwarded-For header held the header, 8,378 bytes per rate-limited client against about 400 (measured in
 * test/server/rate-limit.test.ts), so a limiter at its cap of 100,000 clients could hold 800 MB or more.
 * The JSON round trip gives back the same value for every string, lone surrogates included; it runs only when a key
 * is first kept.
 */
export function keptKey(key: string): string {
  return JSON.parse(JSON.stringify(key)) as string;
}
