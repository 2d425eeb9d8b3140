/** `KEY=VALUE` options (`--env`, `--vs-env`) as an environment; the value may itself hold `=`. */
export function envPairs(list: string[]): Record<string, string> {
  return Object.fromEntries(
    list.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`expected KEY=VALUE, got "${pair}"`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}
