/** Marketing attribution as a page or form tells it. */
export interface Touch {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
}

const UTM = { source: 'utm_source', medium: 'utm_medium', campaign: 'utm_campaign', content: 'utm_content' } as const;
export const TOUCH_FIELDS = Object.keys(UTM) as (keyof Touch)[];

function parseUrl(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * A page view's touch: the UTM parameters of its URL. Without any, a referrer from another host
 * counts as a referral from that host (www. dropped); otherwise the touch is empty (direct).
 */
export function pageTouch(pageUrl: string | null | undefined, referrerUrl: string | null | undefined): Touch {
  const page = parseUrl(pageUrl);
  const touch = Object.fromEntries(
    TOUCH_FIELDS.map((f) => [f, page?.searchParams.get(UTM[f]) || null]),
  ) as unknown as Touch;
  if (TOUCH_FIELDS.some((f) => touch[f] !== null)) return touch;
  const ref = parseUrl(referrerUrl);
  const host = ref?.hostname.replace(/^www\./, '');
  if (host && host !== page?.hostname.replace(/^www\./, ''))
    return { source: host, medium: 'referral', campaign: null, content: null };
  return touch;
}

/** attribution_params of a form: utm_* keys, or their plain names. */
export function paramsTouch(params: Record<string, string> | undefined): Touch {
  return Object.fromEntries(TOUCH_FIELDS.map((f) => [f, params?.[UTM[f]] || params?.[f] || null])) as unknown as Touch;
}

/** When an event happened: the first of the times it carries, else now (when it was received). */
export const occurredAt = (...candidates: (string | undefined)[]) => {
  const first = candidates.find((c) => c !== undefined);
  return first ? new Date(first) : new Date();
};
