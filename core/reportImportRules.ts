/**
 * The rule that a PDF report is imported on its own: a PDF is a whole report, and a package's
 * files are merged figure by figure, which a PDF's layout-bound figures cannot be. The upload
 * applies it to the names it receives (a 400 before any work), the parser to what the content
 * turns out to be (a PDF inside a zip, or one named otherwise).
 */
export const PDF_COMES_ALONE =
  'A PDF report is imported on its own: send one PDF, or a package of XML/CSV/XLSX/DXF/JSON files';

function isPdfName(fileName: string): boolean {
  return /\.pdf$/i.test(fileName);
}

/** Whether files named so break the rule. */
export function pdfNotAlone(fileNames: string[]): boolean {
  return fileNames.length > 1 && fileNames.some(isPdfName);
}
