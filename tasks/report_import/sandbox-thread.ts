// The parse thread's entry (see sandbox.ts): parses the files it was given, one message each.
import { parentPort, workerData } from 'node:worker_threads';
import { PermanentError } from '../../core/errors.ts';
import { parseFile } from './parse-file.ts';
import type { ThreadInput, ThreadMessage } from './sandbox.ts';

const { files } = workerData as ThreadInput;
const send = (msg: ThreadMessage) => parentPort!.postMessage(msg);

try {
  for (const file of files) {
    const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    send({ parsed: await parseFile(file.name, data, { alone: files.length === 1 }) });
  }
  send({ done: true });
} catch (err) {
  send({
    failure: { message: err instanceof Error ? err.message : String(err), permanent: err instanceof PermanentError },
  });
}
