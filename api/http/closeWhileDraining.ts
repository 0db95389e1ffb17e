import type http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Drains a server without dropping a connection a client has already opened. The listener stays
 * open for `windowMs` after the signal, so connections still in the kernel's accept queue (or
 * being handed over by a cluster primary) are accepted rather than reset; every response not yet
 * begun carries `Connection: close`, so a keep-alive client never sends another request on a
 * socket the server is about to close; and a socket with no request in progress (just accepted,
 * or idle between keep-alive requests) gets `windowMs` to send one before it is closed, instead
 * of being closed as idle while its first request is still on the wire.
 */
export function drainOnClose(
  server: http.Server,
  windowMs: number,
): { drain: (requestsDone: () => Promise<void>) => Promise<void> } {
  let draining = false;
  const sockets = new Map<net.Socket, { busy: boolean; quietTimer?: NodeJS.Timeout }>();
  const unanswered = new Set<http.ServerResponse>();

  const closeUnlessBusy = (socket: net.Socket) => {
    const state = sockets.get(socket);
    if (!state || state.busy) return;
    clearTimeout(state.quietTimer);
    state.quietTimer = setTimeout(() => {
      if (!state.busy) socket.destroy();
    }, windowMs);
  };

  server.on('connection', (socket: net.Socket) => {
    sockets.set(socket, { busy: false });
    socket.once('close', () => {
      clearTimeout(sockets.get(socket)?.quietTimer);
      sockets.delete(socket);
    });
    if (draining) closeUnlessBusy(socket);
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = sockets.get(req.socket);
    if (state) {
      state.busy = true;
      clearTimeout(state.quietTimer);
    }
    if (draining) res.setHeader('Connection', 'close');
    else unanswered.add(res);
    res.once('close', () => {
      unanswered.delete(res);
      if (state) state.busy = false;
      if (draining) closeUnlessBusy(req.socket);
    });
  });

  return {
    drain: async (requestsDone) => {
      draining = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      unanswered.clear();
      for (const socket of sockets.keys()) closeUnlessBusy(socket);
      await sleep(windowMs);
      // net.Server's close stops listening and resolves once every connection has ended;
      // http.Server's would also close at once the sockets still waiting for their first request.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      await requestsDone();
      await closed;
    },
  };
}
