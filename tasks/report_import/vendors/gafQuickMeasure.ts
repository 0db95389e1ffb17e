import { recognisedByMarks } from './byLabels.ts';

export const gafQuickMeasure = recognisedByMarks('gaf_quickmeasure', /\bQuick ?Measure\b/i);
