/** Memory a test can weigh: heap and array-buffer bytes after full garbage collections. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** Heap and array-buffer bytes in use after two full collections (the flag that exposes `gc` is set on first use). */
export function usedBytes(): number {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  collect();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}
