/**
 * Prints one check's figures as a small Markdown table, so CI output shows them and they can be
 * read in the run's output (figures are never copied into the docs).
 */
export function printFigures(check: string, figures: Record<string, string | number>): void {
  const rows = Object.entries(figures).map(([name, value]) => `| ${name} | ${value} |`);
  console.log([`\n${check}`, '', '| figure | value |', '|---|---|', ...rows].join('\n'));
}

export const ms = (n: number) => `${Math.round(n)} ms`;
