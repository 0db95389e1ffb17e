import type { Measurements } from './summary.ts';
import { measurementsFromReportText } from './vendors/labelled.ts';
import { eagleview } from './vendors/eagleview.ts';
import { gafQuickMeasure } from './vendors/gafQuickMeasure.ts';
import { hoverPdf } from './vendors/hoverPdf.ts';
import { pictometry } from './vendors/pictometry.ts';
import { roofSnap } from './vendors/roofSnap.ts';
import { roofr } from './vendors/roofr.ts';
import { collapseRepeatedGlyphs } from './repeatedGlyphs.ts';
import type { PdfReportReader } from './vendors/vendor.ts';

/** Asked in order; the first that recognises the text reads it. */
const PDF_READERS: PdfReportReader[] = [eagleview, roofr, hoverPdf, gafQuickMeasure, roofSnap, pictometry];

/**
 * The one detection step for PDF reports: the vendor's own reader when one recognises the text,
 * else the label reader, marked so the import asks for review.
 */
export function readReportText(extracted: string): Measurements {
  const text = collapseRepeatedGlyphs(extracted);
  const reader = PDF_READERS.find((r) => r.recognise(text));
  return reader
    ? reader.read(text)
    : { ...measurementsFromReportText(text, { loose: true }), layout: { vendor: 'unknown', product: null } };
}
