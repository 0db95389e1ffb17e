const cell = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** Rows of objects as aligned columns under a header, one row a line. */
function table(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '(none)';
  const columns = Object.keys(rows[0]!);
  const cells = [columns, ...rows.map((r) => columns.map((c) => cell(r[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells
    .map((line) =>
      line
        .map((v, i) => v.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const isRows = (v: unknown): v is Record<string, unknown>[] =>
  Array.isArray(v) && v.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r));

/** Plain output for people: `key: value` lines, lists of records as tables, other nested values as JSON. */
export function human(value: unknown): string {
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value)
    .map(([k, v]) => {
      if (isRows(v) && v.length) return `${k}:\n${table(v)}`;
      return `${k}: ${v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v, null, 2) : cell(v)}`;
    })
    .join('\n');
}
