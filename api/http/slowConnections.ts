import type http from 'node:http';
import type net from 'node:net';
import { ERRORS, errorBody } from '../../core/errors.ts';
import { requestIdFrom } from '../../core/ids.ts';
import { clientAddress, peerIsProxy, type TrustedProxies } from '../../core/trustedProxies.ts';
import type { Ctx } from '../context.ts';
import { CLOSE } from './bodyPace.ts';

interface Receiving {
  client: string;
  since: number;
}

/**
 * Caps the connections one client may keep sending a request on (its head, or its body) for
 * longer than `slowAfterMs`: a client trickling many requests at once would otherwise hold a
 * socket each for as long as the head and body deadlines allow. A connection counts from its
 * opening until its first request's head has arrived, and while any request's body is arriving;
 * a kept-alive connection between requests does not count, and the head of a later request on it
 * is bounded by the server's headersTimeout alone (watching for its first byte would take the
 * connection off Node's native parser path, for every request). Past the cap, a new connection,
 * or a new request, is answered 429 and closed. Connections from trusted proxies are counted per
 * client once a request's head names the client (the proxy's own address stands for every client
 * behind it).
 */
export class SlowConnections {
  private readonly sockets = new Map<net.Socket, Receiving>();
  private readonly byClient = new Map<string, Set<net.Socket>>();

  constructor(private readonly limits: { perClient: number; slowAfterMs: number; trusted: TrustedProxies }) {}

  /** Watches a server's connections: call once, before it listens. */
  watch(server: http.Server): void {
    server.on('connection', (socket: net.Socket) => {
      const peer = clientAddress(socket.remoteAddress ?? '', undefined, undefined);
      socket.once('close', () => this.stop(socket));
      if (peerIsProxy(peer, this.limits.trusted)) return;
      if (this.slowOf(peer, socket) >= this.limits.perClient) return refuse(socket, this.limits.perClient);
      this.start(socket, peer);
    });
  }

  /**
   * The request's head has arrived: counts the connection under the client it names until its
   * body has arrived too, and refuses it when that client is past the cap.
   */
  admit(ctx: Ctx): void {
    const { req } = ctx;
    const socket = req.socket;
    if (req.complete) this.stop(socket);
    else {
      this.start(socket, ctx.ip, this.sockets.get(socket)?.since);
      req.once('end', () => this.stop(socket));
      if (this.slowOf(ctx.ip, socket) >= this.limits.perClient) throw tooMany(this.limits.perClient);
    }
  }

  private start(socket: net.Socket, client: string, since = Date.now()): void {
    if (socket.destroyed) return;
    this.stop(socket);
    this.sockets.set(socket, { client, since });
    let set = this.byClient.get(client);
    if (!set) this.byClient.set(client, (set = new Set()));
    set.add(socket);
  }

  private stop(socket: net.Socket): void {
    const receiving = this.sockets.get(socket);
    if (!receiving) return;
    this.sockets.delete(socket);
    const set = this.byClient.get(receiving.client)!;
    set.delete(socket);
    if (set.size === 0) this.byClient.delete(receiving.client);
  }

  /** How many of the client's other connections have been sending for longer than slowAfterMs. */
  private slowOf(client: string, except: net.Socket): number {
    const before = Date.now() - this.limits.slowAfterMs;
    let slow = 0;
    for (const socket of this.byClient.get(client) ?? []) {
      if (socket !== except && this.sockets.get(socket)!.since <= before) slow++;
    }
    return slow;
  }
}

const tooMany = (limit: number) => ERRORS.tooManySlowConnections(limit, CLOSE);

/**
 * Answers a connection the client opened past the cap before its request is read: the same
 * envelope a request would get, then the connection is closed (what the client still sends is
 * discarded for a moment, so the answer is not lost to a reset).
 */
function refuse(socket: net.Socket, limit: number): void {
  const err = tooMany(limit);
  const body = JSON.stringify(errorBody(err, requestIdFrom(undefined)));
  const headers = { 'Content-Type': 'application/json; charset=utf-8', ...err.headers };
  socket.on('error', () => {});
  socket.end(
    `HTTP/1.1 ${err.status} Too Many Requests\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.resume();
  socket.setTimeout(1000, () => socket.destroy());
}
