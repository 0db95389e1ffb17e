import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { timedRequest, type TimedAnswer } from '../helpers/timedRequest.ts';

export interface Probe extends TimedAnswer {
  url: string;
}

/**
 * Asks each URL every `everyMs` until stopped, as a platform's health checks do; every answer
 * (or its absence) is kept for judging afterwards.
 */
export function probeContinuously(urls: string[], everyMs = 200): { stop: () => Promise<Probe[]> } {
  const agent = new http.Agent({ keepAlive: false });
  const probes: Probe[] = [];
  let running = true;
  const loops = urls.map(async (url) => {
    while (running) {
      probes.push({ url, ...(await timedRequest(agent, url, { timeoutMs: 5000 })) });
      await sleep(everyMs);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return probes;
    },
  };
}
