import type { SegmenterPrompt } from './segmenter.ts';

/** One decoder call of a selection: SAM's point coordinates (pixels of the embedded photo) and labels. */
export interface PromptRound {
  coords: Float32Array;
  labels: Float32Array;
}

/**
 * A selection's taps replayed as SAM's interactive loop: the box (or, without one, the first tap)
 * alone, then one round per further tap with every tap so far. The thread reads each later round
 * with the previous round's low-resolution answer as its mask input (how the decoder was trained
 * to refine its own answer) and afresh, and keeps the reading the decoder rates higher (thread.ts).
 * Taps count in the order sent: the latest last.
 */
export function promptRounds(prompt: SegmenterPrompt, width: number, height: number): PromptRound[] {
  const first = prompt.box ? 0 : Math.min(1, prompt.taps.length);
  const rounds: PromptRound[] = [];
  for (let k = first; k <= prompt.taps.length; k++) {
    if (k === 0 && !prompt.box) continue;
    const coords: number[] = [];
    const labels: number[] = [];
    for (const t of prompt.taps.slice(0, k)) (coords.push(t.x * width, t.y * height), labels.push(t.label));
    if (prompt.box) {
      const [x1, y1, x2, y2] = prompt.box;
      coords.push(x1 * width, y1 * height, x2 * width, y2 * height);
      labels.push(2, 3);
    } else {
      // SAM's export expects a padding point when no box is given.
      coords.push(0, 0);
      labels.push(-1);
    }
    rounds.push({ coords: Float32Array.from(coords), labels: Float32Array.from(labels) });
  }
  return rounds;
}

/** The key of a round's prompt, with every round before it: equal keys on one embedding, equal answers. */
export function roundKeys(rounds: PromptRound[]): string[] {
  const keys: string[] = [];
  let key = '';
  for (const r of rounds) {
    key += `${Array.from(r.coords, (v) => v.toFixed(2)).join(',')}|${r.labels.join(',')};`;
    keys.push(key);
  }
  return keys;
}
