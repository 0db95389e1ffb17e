import { recognisedByMarks } from './byLabels.ts';

// EagleView's own reports name Pictometry in their copyright line, so EagleView is asked first.
export const pictometry = recognisedByMarks('pictometry', /\bPictometry\b/i);
