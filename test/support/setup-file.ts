/**
 * Loaded before every test file (vitest.config.ts `setupFiles`; vitest runs it again for each file, also where
 * files share a worker's modules): after the file, whatever it registered with `afterFile` is closed.
 */
import { afterAll } from 'vitest';
import { runAfterFile } from './after-file.js';

// A file that opens a fresh database per test (the CLI's: about 40) drops them all here, one by one: on a loaded
// machine that outlasts the default 60-second hook timeout.
afterAll(runAfterFile, 300_000);
