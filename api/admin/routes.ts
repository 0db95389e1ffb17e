import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { readPaced, smallBodyPace } from '../http/bodyPace.ts';
import { ApiError, ERRORS } from '../../core/errors.ts';
import { JOB_PAYLOADS } from '../../storage/jobPayloads.ts';
import {
  countJobsByState,
  listFailedJobIds,
  listJobs,
  retryJobs,
  type JobFilter,
  type JobRow,
} from '../../storage/jobs.ts';
import { listWorkspaces } from '../../storage/workspaces.ts';
import type { Ctx, Next } from '../context.ts';
import { countHit } from '../middleware/rateLimit.ts';
import { AdminAuth, SESSION_SECONDS } from './auth.ts';
import { consoleCookie, SESSION_COOKIE } from './cookies.ts';
import { endAdminSession, isAdminSessionEnded } from '../../storage/adminSessions.ts';
import { setFlash, takeFlash } from './flash.ts';
import { describeRetry } from './retryFlash.ts';
import { jobsPage } from './jobsPage.ts';
import { CONTENT_SECURITY_POLICY } from './layout.ts';
import { loginPage } from './loginPage.ts';
import { messagePage } from './messagePage.ts';

const TASKS = Object.keys(JOB_PAYLOADS);
const LIST_LIMIT = 200;
const IN_PROGRESS_SHOWN = 20;

/** A Bearer caller is no browser, so a forged cross-site form cannot carry its header. */
const BEARER_SESSION = 'bearer';

const formParser = koaBody({
  json: false,
  multipart: false,
  text: false,
  urlencoded: true,
  formLimit: '16kb',
  patchNode: false,
  patchKoa: true,
  onError: () => {
    throw ERRORS.adminFormUnreadable();
  },
});

async function readForm(ctx: Ctx): Promise<Record<string, unknown>> {
  await readPaced(
    ctx.req,
    smallBodyPace(ctx.deps.config),
    formParser(ctx as never, async () => {}),
  );
  return (ctx.request.body ?? {}) as Record<string, unknown>;
}

function sendPage(ctx: Ctx, status: number, markup: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = markup;
}

function seeOther(ctx: Ctx, url: string): void {
  ctx.redirect(url);
  ctx.status = 303;
}

/** The console's answers are pages for a person: its own refusals render as HTML, not the JSON envelope. */
async function consolePages(ctx: Ctx, next: Next) {
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  try {
    await next();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
    sendPage(ctx, err.status, messagePage(err.status, err.message));
  }
}

/**
 * Every presentation of the token itself (login form, Bearer header) counts against the
 * auth-failure limit before it is compared, so a guess past the limit is refused unchecked.
 */
function countTokenAttempt(ctx: Ctx): Promise<void> {
  return countHit(ctx, `auth:${ctx.ip}:admin`, ctx.deps.config.AUTH_FAILURE_LIMIT_PER_MINUTE, 'auth_failures');
}

function readFilter(input: Record<string, unknown>): JobFilter {
  const { task, workspace } = input;
  return {
    task: typeof task === 'string' && TASKS.includes(task) ? task : undefined,
    workspaceId: typeof workspace === 'string' && /^[\w-]{1,200}$/.test(workspace) ? workspace : undefined,
  };
}

function consoleUrl(filter: JobFilter): string {
  const query = new URLSearchParams();
  if (filter.task) query.set('task', filter.task);
  if (filter.workspaceId) query.set('workspace', filter.workspaceId);
  return query.size ? `/admin?${query}` : '/admin';
}

/** Failure events a retry renders first are built with this process's base URL and blob store. */
function retry(ctx: Ctx, ids: string[]) {
  const { sql, config, blobs } = ctx.deps;
  return retryJobs(sql, ids, config.WORKER_STALE_AFTER_SECONDS, { publicBaseUrl: config.PUBLIC_BASE_URL, blobs });
}

const newestFirst = (a: JobRow, b: JobRow) => b.created_at.getTime() - a.created_at.getTime();

export function mountAdminConsole(router: Router, token: string): void {
  const auth = new AdminAuth(token);
  const admin = new Router({ prefix: '/admin' });

  /** The caller's session (the cookie's, or one for a valid Bearer header); undefined when there is none. */
  async function sessionOf(ctx: Ctx): Promise<{ session: string; viaHeader: boolean } | undefined> {
    const header = ctx.get('Authorization');
    if (header) {
      await countTokenAttempt(ctx);
      if (!auth.isToken(/^Bearer (\S+)$/i.exec(header)?.[1] ?? '')) {
        throw ERRORS.adminTokenInvalid();
      }
      return { session: BEARER_SESSION, viaHeader: true };
    }
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    if (!cookie || !auth.isSession(cookie) || (await isAdminSessionEnded(ctx.deps.sql, cookie))) return undefined;
    return { session: cookie, viaHeader: false };
  }

  /** A form post's fields, once its session and CSRF token hold. */
  async function acceptForm(ctx: Ctx): Promise<Record<string, unknown>> {
    const caller = await sessionOf(ctx);
    if (!caller) throw ERRORS.adminSessionEnded();
    const form = await readForm(ctx);
    if (!caller.viaHeader && !(typeof form.csrf === 'string' && auth.isCsrfToken(caller.session, form.csrf))) {
      throw ERRORS.adminFormForeign();
    }
    return form;
  }

  admin.use(consolePages as never);

  admin.get('/login', (ctx) => sendPage(ctx as never, 200, loginPage()));

  admin.post('/login', async (ctx: Ctx) => {
    await countTokenAttempt(ctx);
    const { token: typed } = await readForm(ctx);
    if (!(typeof typed === 'string' && auth.isToken(typed)))
      return sendPage(ctx, 401, loginPage('That is not the admin token.'));
    ctx.cookies.set(SESSION_COOKIE, auth.newSession(), consoleCookie(ctx, SESSION_SECONDS * 1000));
    seeOther(ctx, '/admin');
  });

  admin.post('/logout', async (ctx: Ctx) => {
    await acceptForm(ctx);
    // Ended in the database, not only in this browser: a copied cookie stops working in every process.
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    if (cookie && auth.isSession(cookie)) await endAdminSession(ctx.deps.sql, cookie, auth.expiresAt(cookie));
    ctx.cookies.set(SESSION_COOKIE, '', consoleCookie(ctx, 0));
    seeOther(ctx, '/admin/login');
  });

  admin.get('/', async (ctx: Ctx) => {
    const caller = await sessionOf(ctx);
    if (!caller) return seeOther(ctx, '/admin/login');
    const { sql, config } = ctx.deps;
    const filter = readFilter(ctx.query);
    const opts = { ...filter, staleAfterSeconds: config.WORKER_STALE_AFTER_SECONDS };
    const [counts, stuck, failed, running, queued, workspaces] = await Promise.all([
      countJobsByState(sql, opts),
      listJobs(sql, { ...opts, state: 'stuck', limit: LIST_LIMIT }),
      listJobs(sql, { ...opts, state: 'failed', limit: LIST_LIMIT }),
      listJobs(sql, { ...opts, state: 'running', limit: IN_PROGRESS_SHOWN }),
      listJobs(sql, { ...opts, state: 'queued', limit: IN_PROGRESS_SHOWN }),
      listWorkspaces(sql),
    ]);
    sendPage(
      ctx,
      200,
      jobsPage({
        counts,
        // Stuck first: they block a worker's share of the queue until taken over.
        attention: [...stuck, ...failed].slice(0, LIST_LIMIT),
        inProgress: [...running, ...queued].sort(newestFirst).slice(0, IN_PROGRESS_SHOWN),
        // A test twin shares its live workspace's name; listed right after it.
        workspaces: workspaces.map((w) => ({ id: w.id, name: w.mode === 'test' ? `${w.name} (test mode)` : w.name })),
        tasks: TASKS,
        filter,
        csrf: auth.csrfToken(caller.session),
        flash: takeFlash(ctx),
        now: new Date(),
      }),
    );
  });

  admin.post('/jobs/retry-failed', async (ctx: Ctx) => {
    const filter = readFilter(await acceptForm(ctx));
    const ids = await listFailedJobIds(ctx.deps.sql, filter);
    const outcome = ids.length ? await retry(ctx, ids) : undefined;
    setFlash(ctx, describeRetry(ids, outcome));
    seeOther(ctx, consoleUrl(filter));
  });

  admin.post('/jobs/:id/retry', async (ctx: Ctx) => {
    const filter = readFilter(await acceptForm(ctx));
    const { id } = ctx.params;
    if (!/^\d{1,18}$/.test(id!)) throw ERRORS.adminNoSuchJob();
    setFlash(ctx, describeRetry([id!], await retry(ctx, [id!])));
    seeOther(ctx, consoleUrl(filter));
  });

  router.use(admin.routes());
}
