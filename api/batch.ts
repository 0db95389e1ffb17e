import { z } from 'zod';
import { ApiError, errorBody } from '../core/errors.ts';
import { ErrorResponse } from './schemas/common.ts';
import { parseInput, tenantSelectorKeys, TENANT_SELECTOR_MESSAGE } from './http/validation.ts';

/** A batch item its schema refused: the error its request alone would get. */
export class InvalidItem {
  constructor(
    readonly error: ApiError,
    readonly input: unknown,
  ) {}
}

/**
 * The items of a batch, 1 to `max` of `item`, each validated on its own: an item its schema
 * refuses becomes an InvalidItem carrying the 400 the single endpoint would answer, so the others
 * still apply. A tenant selector in any item refuses the whole batch (its sender believes it can
 * pick the workspace, so none of it should be written); so do a wrong count and anything else
 * outside the items. The OpenAPI document shows `item`'s schema.
 */
export function batchOf<S extends z.ZodType>(item: S, max: number, noun: string) {
  const lenient = item.catch((c) => {
    try {
      parseInput(item, c.input, 'body');
    } catch (err) {
      if (err instanceof ApiError) return new InvalidItem(err, c.input) as never;
      throw err;
    }
    throw new Error('an item failed its schema once and passed it the next time');
  });
  return z
    .array(lenient, { error: `must be an array of ${noun}` })
    .min(1, `must hold at least 1 of ${noun}`)
    .max(max, `must hold at most ${max} ${noun}; split larger syncs into several batches`)
    .superRefine((items, ctx) => {
      // A valid item has no such key (every item schema is strict): only refused ones can.
      items.forEach((item, i) => {
        for (const key of item instanceof InvalidItem ? tenantSelectorKeys(item.input) : []) {
          ctx.addIssue({
            code: 'custom',
            path: [i, key],
            message: TENANT_SELECTOR_MESSAGE,
          });
        }
      });
    }) as unknown as z.ZodType<(z.output<S> | InvalidItem)[], z.input<S>[]>;
}

/** The error of a batch item, in the ErrorResponse envelope's `error` shape. */
export const BatchItemError = ErrorResponse.shape.error.meta({
  id: 'BatchItemError',
  description: "The item's error, as the ErrorResponse envelope's `error` would carry it from the single endpoint",
});

/** An item's error as its result carries it; request_id is the batch's. */
export const itemError = (err: ApiError, requestId: string) => errorBody(err, requestId).error;
