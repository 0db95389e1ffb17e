// The baseline: a bare Koa server answering the same JSON as GET /api/v1/me from memory.
import Koa from 'koa';
import http from 'node:http';

const body = JSON.stringify({
  api_key: {
    id: 'key_0000000000000000000',
    name: 'Bench key',
    masked_key: 'pk_0000…0000',
    scopes: ['leads.read'],
    mode: 'live',
  },
  workspace: { id: 'ws_00000000000000000000', name: 'Bench workspace' },
});
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json';
  ctx.body = body;
});
http.createServer(app.callback()).listen(Number(process.env.PORT));
