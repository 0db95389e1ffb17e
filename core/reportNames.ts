/**
 * A report's names: the project name an upload gets before its import names it, and the base
 * of its export artifacts' file names ("<project>-r1"). A file name's extensions are not part
 * of a project's name, so "roof report.pdf" (or "roof report.pdf.zip", or a project named after
 * an upload by a partner) exports as "roof_report-r1.pdf", never "roof_report.pdf-r1.pdf".
 */
const REPORT_FILE_EXTENSION = /\.(?:pdf|zip|json|xml|csv|tsv|xlsx|xls|dxf|txt)$/i;

export function withoutFileExtensions(name: string): string {
  let out = name.trim();
  for (let i = 0; i < 4 && REPORT_FILE_EXTENSION.test(out); i++) out = out.replace(REPORT_FILE_EXTENSION, '').trim();
  return out || name;
}

/** The project name of an upload before its import names it: the first file's name, folders and extensions left out. */
export function projectNameOfUpload(fileName: string): string {
  return withoutFileExtensions(fileName.split(/[\\/]/).pop() || fileName);
}

/** "<project>-r<revision>", made safe for a file name by `safe`. */
export function exportBaseName(projectName: string, revisionNumber: number, safe: (name: string) => string): string {
  return `${safe(withoutFileExtensions(projectName)).replace(/\.+$/, '')}-r${revisionNumber}`;
}
