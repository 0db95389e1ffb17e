import type http from 'node:http';

/**
 * Once draining starts, every response not yet begun carries `Connection: close` and the server
 * closes its socket after it, so a keep-alive client never sends another request on a socket the
 * server is about to close (that request would be lost with ECONNRESET).
 */
export function closeConnectionsWhileDraining(server: http.Server): { start: () => void } {
  let draining = false;
  const pending = new Set<http.ServerResponse>();
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) return res.setHeader('Connection', 'close');
    pending.add(res);
    res.once('close', () => pending.delete(res));
  });
  return {
    start: () => {
      draining = true;
      for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
      pending.clear();
    },
  };
}
