import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * V8's `gc()`, without `--expose-gc` on every command that starts a process (the Procfile,
 * package.json's scripts, the benches): the flag set now makes `gc` a global of contexts created
 * after it. The function collects the heap of the thread that calls it.
 */
export function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
