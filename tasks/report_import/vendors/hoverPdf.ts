import { recognisedByMarks } from './byLabels.ts';

/** Hover's PDF deliverable; its measurements JSON has a reader of its own (hover.ts). */
export const hoverPdf = recognisedByMarks('hover', /\bhover\.to\b|\bHOVER Inc\b/i);
