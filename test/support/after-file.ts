/**
 * What a test file opened and must close when it ends (throw-away stores and databases, SMTP servers), closed by
 * test/support/setup-file.ts after the file's own hooks. A hook at the top of a helper module would not do: test
 * files share a worker's modules (vitest.config.ts), so that module, and its hook, would load for the first file only.
 */
const pending: (() => Promise<void> | void)[] = [];

/** Runs `cleanup` when the current test file ends (the last registered first). */
export function afterFile(cleanup: () => Promise<void> | void): void {
  pending.push(cleanup);
}

export async function runAfterFile(): Promise<void> {
  for (const cleanup of pending.splice(0).reverse()) await cleanup();
}
