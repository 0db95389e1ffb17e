// A parse thread's entry (see sandbox.ts): loads the parsers once, then parses each import it
// is handed, one message per file, and says how much heap it holds afterwards.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { PermanentError } from '../../core/errors.ts';
import { parseFile } from './parseFile.ts';
import { pdfText } from './parsePdf.ts';
import type { ThreadJob, ThreadMessage } from './sandbox.ts';

const send = (msg: ThreadMessage) => parentPort!.postMessage(msg);
const heapUsedMb = () => getHeapStatistics().used_heap_size / (1024 * 1024);

/**
 * A one-page PDF read once at start-up, so pdf.js has loaded and compiled what a report needs
 * before the first real one arrives (its first document costs several times the next).
 */
const WARM_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 33>>stream\nBT /F1 12 Tf 20 100 Td (warm) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
await pdfText(WARM_PDF).catch(() => {});

parentPort!.on('message', async ({ job, files }: ThreadJob) => {
  try {
    for (const file of files) {
      const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
      send({ job, parsed: await parseFile(file.name, data, { alone: files.length === 1 }) });
    }
    send({ job, done: true, heapUsedMb: heapUsedMb() });
  } catch (err) {
    send({
      job,
      failure: { message: err instanceof Error ? err.message : String(err), permanent: err instanceof PermanentError },
      heapUsedMb: heapUsedMb(),
    });
  }
});
send({ ready: true });
