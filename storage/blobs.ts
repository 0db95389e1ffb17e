import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { Storage, type Bucket, type StorageOptions } from '@google-cloud/storage';

export interface BlobStore {
  /** Writes a whole object; the key is workspace-namespaced by blobKey(). */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** The keys of every object under a key prefix such as `<workspace id>/`. */
  list(prefix: string): Promise<string[]>;
  /** A URL that lets anyone holding it read the object until it expires. */
  signedUrl(key: string, opts: { expiresInSeconds: number; fileName?: string; contentType?: string }): Promise<string>;
}

/** A whole object's bytes (photos, masks, embeddings: a few MB at most). */
/** A received file written to the blob store, hashed and counted on the way, before any row names it. */
export interface StoredFile {
  id: string;
  file_name: string;
  mime_type: string | null;
  size_bytes: number;
  checksum: string;
  storage_key: string;
}

export async function readBlobBytes(blobs: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Object keys are `<workspace id>/<kind>/<id>/<file name>`; every segment is checked so no key
 * can climb out of its workspace (no "..", no separators, no empty segments).
 */
export function blobKey(workspaceId: string, ...segments: string[]): string {
  const parts = [workspaceId, ...segments];
  for (const p of parts) {
    if (!SAFE_SEGMENT.test(p) || p.includes('..')) throw new Error(`unsafe blob key segment: ${JSON.stringify(p)}`);
  }
  return parts.join('/');
}

/** A file name reduced to characters that are safe as a key segment and in a header. */
export function safeFileName(name: string, fallback = 'file'): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-120);
  return cleaned && !cleaned.includes('..') ? cleaned : fallback;
}

function hmac(secret: Buffer, payload: string) {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Query string of a local signed URL: expiry and an HMAC over key, expiry, name and type. */
export function signLocal(secret: Buffer, key: string, expires: number, fileName = '', contentType = ''): string {
  const sig = hmac(secret, `${key}\n${expires}\n${fileName}\n${contentType}`);
  const q = new URLSearchParams({ expires: String(expires), sig });
  if (fileName) q.set('name', fileName);
  if (contentType) q.set('type', contentType);
  return q.toString();
}

export function verifyLocal(secret: Buffer, key: string, q: URLSearchParams, now = Date.now()): boolean {
  const expires = Number(q.get('expires'));
  const sig = q.get('sig') ?? '';
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(hmac(secret, `${key}\n${expires}\n${q.get('name') ?? ''}\n${q.get('type') ?? ''}`));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Files under DATA_DIR/blobs, read back through the API's /files route with an HMAC signature. */
export class LocalBlobStore implements BlobStore {
  private readonly root: string;
  /**
   * The base URL may be a getter: a server on port 0 learns its address only after listening,
   * after the store was built.
   */
  constructor(
    dataDir: string,
    private readonly secret: Buffer,
    private readonly publicBaseUrl: string | (() => string),
  ) {
    this.root = resolve(dataDir, 'blobs');
  }

  path(key: string): string {
    const full = resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + sep)) throw new Error('blob key escapes the store');
    return full;
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<{ size: number }> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Write beside the target and rename, so readers never see half a file.
    const tmp = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      if (Buffer.isBuffer(body)) {
        const out = createWriteStream(tmp);
        await new Promise<void>((res, rej) => out.end(body, () => res()).on('error', rej));
      } else {
        await pipeline(body, createWriteStream(tmp));
      }
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: (await stat(target)).size };
  }

  async get(key: string): Promise<Readable> {
    const p = this.path(key);
    await stat(p);
    return createReadStream(p);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    // A folder's prefix (`<workspace id>/`) is read from that folder alone.
    const from = prefix.endsWith('/') ? this.path(prefix.slice(0, -1)) : this.root;
    const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      },
    );
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.part'))
      .map((e) => relative(this.root, join(e.parentPath, e.name)).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  async signedUrl(
    key: string,
    opts: { expiresInSeconds: number; fileName?: string; contentType?: string },
  ): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + opts.expiresInSeconds;
    const base = typeof this.publicBaseUrl === 'function' ? this.publicBaseUrl() : this.publicBaseUrl;
    return `${base}/files/${key.split('/').map(encodeURIComponent).join('/')}?${signLocal(this.secret, key, expires, opts.fileName, opts.contentType)}`;
  }
}

/**
 * Google Cloud Storage: objects under the same workspace-namespaced keys, V4 signed read URLs.
 * Credentials come from the environment (Application Default Credentials) unless given.
 */
export class GcsBlobStore implements BlobStore {
  private readonly bucket: Bucket;
  constructor(bucketName: string, options: StorageOptions = {}) {
    this.bucket = new Storage(options).bucket(bucketName);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<{ size: number }> {
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const upload = this.bucket
      .file(key)
      .createWriteStream({ resumable: false, contentType, metadata: { contentType } });
    await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, meter, upload);
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const file = this.bucket.file(key);
    // Fail here on a missing object, as the local driver does, rather than mid-stream.
    await file.getMetadata();
    return file.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await this.bucket.file(key).delete({ ignoreNotFound: true });
  }

  async list(prefix: string): Promise<string[]> {
    const [files] = await this.bucket.getFiles({ prefix });
    return files.map((f) => f.name);
  }

  async signedUrl(
    key: string,
    opts: { expiresInSeconds: number; fileName?: string; contentType?: string },
  ): Promise<string> {
    const [url] = await this.bucket.file(key).getSignedUrl({
      version: 'v4',
      action: 'read',
      expires: Date.now() + opts.expiresInSeconds * 1000,
      ...(opts.fileName ? { responseDisposition: `attachment; filename="${safeFileName(opts.fileName)}"` } : {}),
      ...(opts.contentType ? { responseType: opts.contentType } : {}),
    });
    return url;
  }
}

export function createBlobStore(
  config: { STORAGE_DRIVER: string; DATA_DIR: string; PUBLIC_BASE_URL: string; GCS_BUCKET?: string },
  secret: Buffer,
): BlobStore {
  if (config.STORAGE_DRIVER === 'gcs') return new GcsBlobStore(config.GCS_BUCKET!);
  return new LocalBlobStore(config.DATA_DIR, secret, () => config.PUBLIC_BASE_URL);
}
