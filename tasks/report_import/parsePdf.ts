import { extractText, getDocumentProxy } from 'unpdf';
import { PermanentError } from '../../core/errors.ts';
import { readReportText } from './detectVendor.ts';
import type { Measurements } from './summary.ts';

const PDF_TIMEOUT_MS = 20_000;
const MAX_PAGES = 200;

/** Text of every page; encrypted, damaged or endless documents become PermanentErrors. */
export async function pdfText(data: Buffer, timeoutMs = PDF_TIMEOUT_MS): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PermanentError(`PDF text extraction took longer than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  let doc: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // pdf.js takes ownership of the bytes it is given, so it gets a copy.
    doc = await Promise.race([
      getDocumentProxy(new Uint8Array(data), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 }),
      timeout,
    ]);
    if (doc.numPages > MAX_PAGES)
      throw new PermanentError(`PDF has ${doc.numPages} pages, more than the limit of ${MAX_PAGES}`);
    const { text } = await Promise.race([extractText(doc, { mergePages: true }), timeout]);
    return text;
  } catch (err) {
    if (err instanceof PermanentError) throw err;
    const e = err as { name?: string; message?: string };
    if (e.name === 'PasswordException')
      throw new PermanentError('PDF is encrypted (password protected) and cannot be read');
    if (e.name === 'InvalidPDFException') throw new PermanentError('PDF is damaged or truncated and cannot be read');
    throw new PermanentError(`PDF cannot be read: ${e.message ?? 'unknown error'}`);
  } finally {
    clearTimeout(timer);
    await doc?.destroy().catch(() => {});
  }
}

export async function parsePdf(data: Buffer): Promise<Measurements> {
  const text = await pdfText(data);
  if (!text.trim())
    throw new PermanentError('PDF has no extractable text (a scanned image?); no measurements can be read');
  return readReportText(text);
}
