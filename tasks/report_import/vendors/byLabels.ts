import type { ReportVendor } from '../../../core/reportModel.ts';
import { measurementsFromReportText } from './labelled.ts';
import type { PdfReportReader } from './vendor.ts';

/**
 * A vendor whose reports are recognised by their marks but whose layout has no reader here yet:
 * its figures are read by their labels and the import asks for review. A layout reader of its
 * own replaces one of these.
 */
export function recognisedByMarks(vendor: ReportVendor, marks: RegExp): PdfReportReader {
  return {
    vendor,
    recognise: (text) => (marks.test(text) ? { product: null } : undefined),
    read: (text) => ({ ...measurementsFromReportText(text, { loose: true }), layout: { vendor, product: null } }),
  };
}
