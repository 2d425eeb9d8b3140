/**
 * Where an emitter test keeps a large expected output: a golden file beside the tests, compared with vitest's
 * toMatchFileSnapshot. Run `npx vitest run test/codegen/emit/ -u` to rewrite them after a deliberate change (and
 * read the diff); under CI (CI=1) vitest never writes one, so a mismatch fails.
 */
export function golden(name: string): string {
  return `./golden/${name}.golden`;
}
