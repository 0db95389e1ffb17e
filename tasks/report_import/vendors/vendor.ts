import type { ReportVendor } from '../../../core/reportModel.ts';
import type { Measurements } from '../summary.ts';

/**
 * One vendor's PDF reports. `recognise` tells the vendor's text from others' and names the
 * product (layout) when it is one `read` knows; `read` gets only text `recognise` accepted.
 */
export interface PdfReportReader {
  vendor: ReportVendor;
  /** undefined: not this vendor's; product null: this vendor's, in a layout not known here. */
  recognise(text: string): { product: string | null } | undefined;
  read(text: string): Measurements;
}
