/**
 * A partner's roof outline: one or more polygons of [x, y] points, each coordinate in 0..1 of
 * the photo's width and height (so a UI showing a scaled photo needs no pixel sizes). Its
 * bounds are api/schemas/visualizations.ts's RoofOutline.
 */
export type RoofOutline = [number, number][][];
