import { recognisedByMarks } from './byLabels.ts';

export const roofSnap = recognisedByMarks('roofsnap', /\bRoof ?Snap\b/i);
