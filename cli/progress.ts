export interface Progress {
  /** `done` of the total are finished. */
  update: (done: number) => void;
  /** Clears the line, so the result prints on a clean one. */
  end: () => void;
}

const SILENT: Progress = { update: () => {}, end: () => {} };
const REDRAW_MS = 100;

/**
 * `label: done/total (pct%)`, redrawn in place at most every 100 ms. Only a terminal gets it:
 * a pipe or a file would keep every redraw.
 */
export function progressLine(
  out: { isTTY?: boolean; write: (s: string) => unknown },
  label: string,
  total: number,
): Progress {
  if (!out.isTTY || total <= 0) return SILENT;
  let drawnAt = 0;
  const draw = (done: number) =>
    out.write(`\r\x1b[2K${label}: ${done}/${total} (${Math.floor((done / total) * 100)}%)`);
  return {
    update: (done) => {
      if (done < total && Date.now() - drawnAt < REDRAW_MS) return;
      drawnAt = Date.now();
      draw(done);
    },
    end: () => out.write('\r\x1b[2K'),
  };
}

export const silentProgress = () => SILENT;
