import { PermanentError } from '../../../core/errors.ts';
import type { CatalogRefs } from '../../../storage/visualizations.ts';
import type { Mask } from '../mask.ts';
import type { RawRgb } from '../photo.ts';

/** What the partner chose from the catalog, as the prompt and the renderers need it. */
export interface Selection {
  color: { name: string; hex: string };
  material: CatalogRefs['material'];
  shape: CatalogRefs['shape'];
}

export interface RenderInput {
  /** The original photo's bytes, as stored. */
  image: Buffer;
  /** The photo decoded at full size, EXIF orientation applied; the result is composited onto it. */
  photo: RawRgb;
  /** The roof (255) at any resolution: the partner's outline or the one found in the photo. */
  mask: Mask;
  /** The instruction a generative model gets (prompt.ts); the local renderer does not read it. */
  prompt: string;
  selection: Selection;
}

/**
 * One way of drawing the new roof. The answer is an encoded image of any size and raster format
 * (a model's) or raw pixels at the photo's size; generateImage.ts stretches it to the photo and
 * keeps only its roof, so a provider never has to preserve walls or sky. A provider may paint
 * `photo` in place and answer it (the local one: no second 36 MB buffer for 12 megapixels).
 */
export interface ImageProvider {
  render(input: RenderInput): Promise<Buffer | RawRgb>;
  /**
   * True when render is pixel work in this process (it then runs in one of the few render slots
   * that bound the worker's memory); false for a model called over the network, whose wait must
   * not hold a slot.
   */
  readonly local: boolean;
}

export type ModelOutage = 'unreachable' | 'rate_limited' | 'timed_out' | 'failing';

const OUTAGE_REASONS: Record<ModelOutage, string> = {
  unreachable: 'The image model could not be reached; try again later',
  rate_limited: 'The image model is too busy right now; try again later',
  timed_out: 'The image model did not answer in time; try again later',
  failing: 'The image model is failing right now; try again later',
};

/**
 * The model is down, rate-limited, slow or failing: the job attempt fails and the queue runs it
 * again. `message` is for support staff (the job's last_error); `reason` is what a partner sees
 * once the last attempt has failed.
 */
export class ModelUnavailableError extends Error {
  readonly reason: string;
  constructor(
    readonly outage: ModelOutage,
    detail: string,
    /** The model's Retry-After: the next attempt waits at least this long. */
    readonly retryAfterMs?: number,
  ) {
    super(`Image model ${outage.replace('_', ' ')}: ${detail}`);
    this.reason = OUTAGE_REASONS[outage];
  }
}

/**
 * A final answer from the model or its configuration: a refusal (content policy, unreadable
 * image) or a rejected key. `message` is the partner's plain reason; `detail` is for the logs.
 */
export class ModelRefusedError extends PermanentError {
  constructor(
    reason: string,
    readonly detail: string,
  ) {
    super(reason);
  }
}
