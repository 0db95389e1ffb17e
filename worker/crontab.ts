// graphile-worker crontab: minute hour day month weekday task ?options
export const crontab = [
  '*/5 * * * * cleanup ?max=1&id=cleanup',
  // fill=2d: after downtime, graphile-worker replays the nights missed in the last two days.
  '30 2 * * * spend_rollup ?max=3&id=spend_rollup&fill=2d',
].join('\n');
