// Local stand-ins for the image model APIs the providers speak, each implementing the documented
// protocol and checking every request the way the real service would (refusing what it would
// refuse, with its error shapes), so a provider that drifts from the protocol fails its tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import busboy from 'busboy';
import sharp from 'sharp';

export interface ModelServer<Call> {
  url: string;
  calls: Call[];
  /** Protocol violations the server saw (each also answered as the real service would). */
  problems: string[];
  close: () => Promise<void>;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server: Server = createServer(handler);
  const hanging: ServerResponse[] = [];
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    hang: (res: ServerResponse) => void hanging.push(res),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

export const solidPng = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

// ---------------------------------------------------------------------------------------------
// OpenAI Images API: POST /v1/images/edits, multipart/form-data.

export type OpenAiStep = 'ok' | '429' | '500' | 'moderation' | 'hang';

export interface OpenAiCall {
  authorization: string | undefined;
  fields: Record<string, string>;
  image?: { width: number; height: number; format: string };
  /** The mask's alpha channel at the image's size (0 = may be edited). */
  maskAlpha?: { data: Buffer; width: number; height: number; channels: number };
}

const SIZES: Record<string, string[]> = {
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
};

const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

export async function startOpenAiServer(opts: {
  apiKey: string;
  script: () => OpenAiStep;
  /** The answer's colour; its size is the requested one. */
  colour?: string;
  retryAfterSeconds?: () => number;
}): Promise<ModelServer<OpenAiCall>> {
  const calls: OpenAiCall[] = [];
  const problems: string[] = [];
  const refuse = (res: ServerResponse, problem: string) => {
    problems.push(problem);
    json(res, 400, openAiError(problem, 'invalid_request_error', null));
  };
  const server = await listen((req, res) => {
    const call: OpenAiCall = { authorization: req.headers.authorization, fields: {} };
    if (req.method !== 'POST' || req.url !== '/v1/images/edits') {
      problems.push(`${req.method} ${req.url}`);
      return json(res, 404, openAiError(`Invalid URL (${req.method} ${req.url})`, 'invalid_request_error', null));
    }
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      req.resume();
      return json(res, 401, openAiError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'));
    }
    if (!/^multipart\/form-data; boundary=/.test(req.headers['content-type'] ?? '')) {
      req.resume();
      return refuse(res, `content-type ${req.headers['content-type']} is not multipart/form-data`);
    }
    const files: Record<string, { bytes: Buffer; mime: string }> = {};
    const parser = busboy({ headers: req.headers });
    parser.on('field', (name, value) => (call.fields[name] = value));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (files[name] = { bytes: Buffer.concat(chunks), mime: info.mimeType }));
    });
    parser.on('close', async () => {
      calls.push(call);
      const { model, prompt, n, size } = call.fields;
      if (!model || !SIZES[model]) return refuse(res, `unknown model ${model}`);
      if (!prompt || prompt.length > (model === 'dall-e-2' ? 1000 : 32000))
        return refuse(res, 'prompt missing or too long');
      if (n !== undefined && !(Number.isInteger(Number(n)) && Number(n) >= 1 && Number(n) <= 10))
        return refuse(res, `n must be 1..10, got ${n}`);
      if (!size || !SIZES[model]!.includes(size)) return refuse(res, `size ${size} is not supported by ${model}`);
      if (model !== 'dall-e-2' && call.fields.response_format)
        return refuse(res, 'response_format is not supported for gpt-image-1');
      if (!files.image) return refuse(res, 'image is required');
      try {
        const meta = await sharp(files.image.bytes).metadata();
        call.image = { width: meta.width!, height: meta.height!, format: meta.format! };
        if (!['png', 'jpeg', 'webp'].includes(meta.format!)) return refuse(res, `image format ${meta.format}`);
        if (files.mask) {
          const mask = await sharp(files.mask.bytes).metadata();
          if (mask.format !== 'png') return refuse(res, 'mask must be a PNG');
          if (!mask.hasAlpha) return refuse(res, 'mask must have an alpha channel');
          if (mask.width !== meta.width || mask.height !== meta.height)
            return refuse(res, 'mask and image must have the same dimensions');
          const alpha = await sharp(files.mask.bytes).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
          call.maskAlpha = { data: alpha.data, width: alpha.info.width, height: alpha.info.height, channels: 1 };
        }
      } catch {
        return refuse(res, 'image or mask is not a readable image');
      }
      const step = opts.script();
      if (step === 'hang') return server.hang(res);
      if (step === '429')
        return json(
          res,
          429,
          openAiError('Rate limit reached for images per minute', 'requests', 'rate_limit_exceeded'),
          { 'retry-after': String(opts.retryAfterSeconds?.() ?? 1) },
        );
      if (step === '500')
        return json(
          res,
          500,
          openAiError('The server had an error while processing your request', 'server_error', null),
        );
      if (step === 'moderation')
        return json(
          res,
          400,
          openAiError(
            'Your request was rejected by the safety system',
            'image_generation_user_error',
            'moderation_blocked',
          ),
        );
      const [w, h] = size === 'auto' ? [1024, 1024] : size.split('x').map(Number);
      const png = await solidPng(w!, h!, opts.colour ?? '#ff0000');
      json(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png.toString('base64') }] });
    });
    req.pipe(parser);
  });
  return { url: server.url, calls, problems, close: server.close };
}

// ---------------------------------------------------------------------------------------------
// Replicate predictions API: create (Prefer: wait), poll urls.get, cancel via urls.cancel.

export type ReplicateStep = 'sync' | 'async' | 'fail' | 'stall';

export interface ReplicateCall {
  method: string;
  path: string;
  authorization: string | undefined;
  prefer: string | undefined;
  body?: { version?: string; input?: Record<string, unknown> };
}

export interface ReplicateModel {
  /** `owner/name` served under /v1/models/{owner}/{name}/predictions, or a version id for /v1/predictions. */
  ref: string;
  /** The input names the model's schema declares; the server refuses others with a 422 like Replicate. */
  inputs: string[];
  /** Inputs holding files, which must be data: URIs of images here. */
  fileInputs: string[];
}

export async function startReplicateServer(opts: {
  apiKey: string;
  models: ReplicateModel[];
  script: () => ReplicateStep;
  colour?: string;
}): Promise<ModelServer<ReplicateCall> & { canceled: string[]; files: Map<string, Buffer> }> {
  const calls: ReplicateCall[] = [];
  const problems: string[] = [];
  const canceled: string[] = [];
  /** Decoded file inputs of the last create, by input name. */
  const files = new Map<string, Buffer>();
  const predictions = new Map<string, { step: ReplicateStep; polls: number; status: string }>();
  let seq = 0;
  let base = '';
  const view = (id: string) => {
    const p = predictions.get(id)!;
    return {
      id,
      status: p.status,
      output: p.status === 'succeeded' ? [`${base}/output/${id}.png`] : null,
      error: p.status === 'failed' ? 'NSFW content detected. Try running it again, or try a different prompt.' : null,
      urls: { get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel` },
    };
  };
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url!;
      const call: ReplicateCall = {
        method: req.method!,
        path,
        authorization: req.headers.authorization,
        prefer: req.headers.prefer as string | undefined,
      };
      if (path.startsWith('/output/')) {
        return res
          .writeHead(200, { 'content-type': 'image/png' })
          .end(await solidPng(1024, 768, opts.colour ?? '#ff0000'));
      }
      calls.push(call);
      if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return json(res, 401, {
          title: 'Unauthenticated',
          detail: 'You did not pass a valid authentication token',
          status: 401,
        });
      const poll = /^\/v1\/predictions\/(p\d+)(\/cancel)?$/.exec(path);
      if (poll) {
        const p = predictions.get(poll[1]!);
        if (!p) return json(res, 404, { title: 'Not found', detail: 'Not found.', status: 404 });
        if (poll[2] && req.method === 'POST') {
          canceled.push(poll[1]!);
          p.status = 'canceled';
        } else if (req.method === 'GET' && p.status !== 'canceled') {
          p.polls++;
          if (p.step === 'async') p.status = p.polls >= 2 ? 'succeeded' : 'processing';
          if (p.step === 'fail') p.status = 'failed';
          if (p.step === 'stall') p.status = 'processing';
        } else problems.push(`${req.method} ${path}`);
        return json(res, 200, view(poll[1]!));
      }
      let model: ReplicateModel | undefined;
      let body: ReplicateCall['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        problems.push('body is not JSON');
        return json(res, 400, { title: 'Invalid JSON', detail: 'The request body is not valid JSON', status: 400 });
      }
      call.body = body;
      const named = /^\/v1\/models\/([\w.-]+\/[\w.-]+)\/predictions$/.exec(path);
      if (req.method === 'POST' && named) model = opts.models.find((m) => m.ref === named[1]);
      else if (req.method === 'POST' && path === '/v1/predictions')
        model = opts.models.find((m) => m.ref === body?.version);
      if (!model) {
        problems.push(`no model at ${req.method} ${path} (version ${body?.version})`);
        return json(res, 404, {
          title: 'Model not found',
          detail: 'The requested model could not be found',
          status: 404,
        });
      }
      if (req.headers['content-type'] !== 'application/json')
        problems.push(`content-type ${req.headers['content-type']}`);
      if (!/^wait(=\d+)?$/.test(call.prefer ?? '')) problems.push(`Prefer: ${call.prefer}`);
      const input = body?.input ?? {};
      const unknown = Object.keys(input).filter((k) => !model!.inputs.includes(k));
      if (unknown.length) {
        problems.push(`unknown inputs ${unknown.join(', ')}`);
        return json(res, 422, {
          title: 'Input validation failed',
          detail: `- input: Additional property ${unknown[0]} is not allowed`,
          status: 422,
        });
      }
      files.clear();
      for (const name of model.fileInputs) {
        const value = input[name];
        const data = typeof value === 'string' ? /^data:image\/[\w.+-]+;base64,(.+)$/.exec(value) : null;
        if (value === undefined) continue;
        if (!data) {
          problems.push(`${name} is not an image data URI`);
          return json(res, 422, {
            title: 'Input validation failed',
            detail: `- input.${name}: Does not match format 'uri'`,
            status: 422,
          });
        }
        files.set(name, Buffer.from(data[1]!, 'base64'));
      }
      const id = `p${++seq}`;
      const step = opts.script();
      predictions.set(id, { step, polls: 0, status: step === 'sync' ? 'succeeded' : 'starting' });
      json(res, 201, view(id));
    });
  });
  base = server.url;
  return { url: server.url, calls, problems, canceled, files, close: server.close };
}
