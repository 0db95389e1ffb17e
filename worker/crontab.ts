// graphile-worker crontab: minute hour day month weekday task ?options
export const crontab = [
  '*/5 * * * * cleanup ?max=1&id=cleanup',
].join('\n');
