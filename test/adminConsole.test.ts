import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './helpers/harness.ts';
import { waitForImport } from './helpers/reportImports.ts';
import { failedJob, reportImportBoundToFail } from './helpers/failedJobs.ts';
import { listJobs } from '../storage/jobs.ts';

const TOKEN = 'support-console-token-0123';
let t: TestContext;
let off: TestContext;
let acme: Tenant;
let hostile: Tenant;
let cookie: string;
/** A report import that failed for good (its file gone), one failed with a hostile error, a failed rollup. */
const jobs = { importFailed: '', hostileFailed: '', rollupFailed: '' };
let reportId = '';

const HOSTILE_ERROR = '<script>alert("pwned")</script> & <img src=x onerror=alert(1)>';
const HOSTILE_NAME = '<b>Bad & Co</b>';

function form(fields: Record<string, string>) {
  return {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

const page = (path: string, headers: Record<string, string> = {}) =>
  t.request('GET', path, { headers: { cookie, ...headers } });
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const f = form(fields);
  return t.request('POST', path, { body: f.body, headers: { ...f.headers, cookie, ...headers } });
};
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;
const rowOf = (id: string) => `<td><code>${id}</code></td>`;
const jobState = async (id: string) =>
  (await listJobs(t.sql, { staleAfterSeconds: 30, limit: 1000 })).find((j) => j.id === id);

beforeAll(async () => {
  [t, off] = await Promise.all([createTestContext({ ADMIN_TOKEN: TOKEN, TRUST_PROXY: 'true' }), createTestContext()]);
  acme = await t.tenant({ name: 'Acme Roofing' });
  hostile = await t.tenant({ name: HOSTILE_NAME });

  ({ reportId } = await reportImportBoundToFail(t, acme));
  const worker = await t.startWorker();
  expect((await waitForImport(t, reportId)).status).toBe('failed');
  await worker.stop();
  jobs.importFailed = (
    await listJobs(t.sql, { staleAfterSeconds: 30, state: 'failed', workspaceId: acme.workspaceId })
  )[0]!.id;

  jobs.hostileFailed = await failedJob(
    t,
    'report_import',
    { report_id: 'rep_hostile', workspace_id: hostile.workspaceId },
    'hostile',
    HOSTILE_ERROR,
  );
  jobs.rollupFailed = await failedJob(t, 'spend_rollup', {}, 'rollup', 'the rollup broke');
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

describe('support console', () => {
  it('is an unknown route (the JSON 404 envelope) when ADMIN_TOKEN is unset', async () => {
    for (const path of ['/admin', '/admin/login']) {
      const res = await off.request('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await off.request('POST', '/admin/login', form({ token: TOKEN }))).status).toBe(404);
  });

  it('sends a browser without a session to the login form, and refuses a form post or a wrong Bearer token with 401', async () => {
    const home = await t.request('GET', '/admin');
    expect(home.status).toBe(303);
    expect(home.headers.get('location')).toBe('/admin/login');
    const login = await t.request('GET', '/admin/login');
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toMatch(/^text\/html/);
    expect(login.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'; frame-ancestors 'none'/,
    );
    expect(login.text).toContain('<form method="post" action="/admin/login">');
    expect(login.text).not.toMatch(/<script|src=/);

    const retry = await t.request('POST', `/admin/jobs/${jobs.importFailed}/retry`, form({}));
    expect(retry.status).toBe(401);
    expect(retry.text).toContain('sign in again');
    const forged = await t.request('GET', '/admin', { headers: { cookie: 'admin_session=9999999999.forged' } });
    expect(forged.status).toBe(303);
    const bearer = await t.request('GET', '/admin', { key: 'not-the-token-at-all' });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers a wrong token with the login form again (401), and the right one with a session cookie that is not the token', async () => {
    const wrong = await t.request('POST', '/admin/login', form({ token: 'support-console-token-0124' }));
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That is not the admin token.');
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await t.request('POST', '/admin/login', form({ token: TOKEN }));
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/admin');
    const setCookie = right.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^admin_session=\d+\.[\w-]+; path=\/admin; expires=.+; samesite=strict; httponly$/);
    expect(setCookie).not.toContain(TOKEN);
    cookie = setCookie.split(';')[0]!;

    // Behind a TLS-terminating proxy the cookie is Secure too.
    const https = await t.request('POST', '/admin/login', {
      ...form({ token: TOKEN }),
      headers: { ...form({}).headers, 'x-forwarded-proto': 'https' },
    });
    expect(https.headers.get('set-cookie')).toMatch(/; secure; /);
  });

  it('lists failed jobs with their workspace, object and error, everything escaped', async () => {
    const res = await page('/admin');
    expect(res.status).toBe(200);
    for (const id of Object.values(jobs)) expect(res.text).toContain(rowOf(id));
    expect(res.text).toContain('Acme Roofing');
    expect(res.text).toContain(`<code>${acme.workspaceId}</code>`);
    expect(res.text).toContain(`<code>${reportId}</code>`);
    expect(res.text).toMatch(/<span class="badge failed">failed<\/span>/);
    expect(res.text).toContain('<td class="mono">1/1</td>');
    const [importError] = await t.sql<
      { last_error: string }[]
    >`select last_error from graphile_worker.jobs where id = ${jobs.importFailed}`;
    expect(res.text).toContain(
      importError!.last_error.split('\n')[0]!.slice(0, 60).replaceAll('"', '&quot;').replaceAll("'", '&#39;'),
    );

    expect(res.text).not.toContain('<script');
    expect(res.text).not.toContain('<img');
    expect(res.text).toContain(
      '&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
    expect(res.text).toContain('&lt;b&gt;Bad &amp; Co&lt;/b&gt;');
    expect(res.text).not.toContain(HOSTILE_NAME);
  });

  it('narrows the list by task and by workspace', async () => {
    const byTask = await page('/admin?task=report_import');
    expect(byTask.text).toContain(rowOf(jobs.importFailed));
    expect(byTask.text).toContain(rowOf(jobs.hostileFailed));
    expect(byTask.text).not.toContain(rowOf(jobs.rollupFailed));
    expect(byTask.text).toContain('<option value="report_import" selected>');

    const byWorkspace = await page(`/admin?workspace=${acme.workspaceId}`);
    expect(byWorkspace.text).toContain(rowOf(jobs.importFailed));
    expect(byWorkspace.text).not.toContain(rowOf(jobs.hostileFailed));
    expect(byWorkspace.text).not.toContain(rowOf(jobs.rollupFailed));
    expect(byWorkspace.text).toContain('Retry all failed matching the filter (1)');
  });

  it('refuses a retry without the CSRF token, or with another session’s, with 403 and leaves the job failed', async () => {
    expect((await post(`/admin/jobs/${jobs.importFailed}/retry`, {})).status).toBe(403);
    const forged = await post(`/admin/jobs/${jobs.importFailed}/retry`, { csrf: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('reload the page');
    expect((await jobState(jobs.importFailed))!.state).toBe('failed');
  });

  it('retries one job: 303 back to the filtered page with a flash, the job rescheduled and its report importing again', async () => {
    const filtered = `/admin?workspace=${acme.workspaceId}`;
    const csrf = csrfOf((await page(filtered)).text);
    const res = await post(`/admin/jobs/${jobs.importFailed}/retry`, { csrf, workspace: acme.workspaceId });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(filtered);
    expect(await jobState(jobs.importFailed)).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await t.request('GET', `/api/v1/reports/${reportId}`, { key: acme.key })).body.report.status).toBe(
      'importing',
    );

    const flashCookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const after = await page(filtered, { cookie: `${cookie}; ${flashCookie}` });
    expect(after.text).toContain(
      `<p class="flash ok" role="status">Retried job ${jobs.importFailed}: it runs again now`,
    );
    expect(after.text).toMatch(
      new RegExp(`<span class="badge queued">queued</span></td>\\s*${rowOf(jobs.importFailed)}`),
    );
  });

  it('retries all failed jobs matching the filter, and only those', async () => {
    const csrf = csrfOf((await page('/admin')).text);
    const res = await post('/admin/jobs/retry-failed', { csrf, workspace: hostile.workspaceId });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin?workspace=${hostile.workspaceId}`);
    expect((await jobState(jobs.hostileFailed))!.state).toBe('queued');
    expect((await jobState(jobs.rollupFailed))!.state).toBe('failed');

    const none = await post('/admin/jobs/retry-failed', { csrf, workspace: hostile.workspaceId });
    const flashCookie = none.headers.get('set-cookie')!.split(';')[0]!;
    expect((await page('/admin', { cookie: `${cookie}; ${flashCookie}` })).text).toContain(
      'No failed jobs match the filter',
    );
  });

  it('accepts the token as a Bearer header without a CSRF token, since no browser sends that header on its own', async () => {
    const res = await t.request('GET', '/admin?task=spend_rollup', { key: TOKEN });
    expect(res.status).toBe(200);
    expect(res.text).toContain(rowOf(jobs.rollupFailed));
    const retried = await t.request('POST', `/admin/jobs/${jobs.rollupFailed}/retry`, { key: TOKEN, ...form({}) });
    expect(retried.status).toBe(303);
    expect((await jobState(jobs.rollupFailed))!.state).toBe('queued');
  });

  it('limits token attempts per client address, refusing even the right token past the limit', async () => {
    // The limit counts per clock minute; start well inside one.
    const toNextMinute = 60_000 - (Date.now() % 60_000);
    if (toNextMinute < 5_000) await new Promise((r) => setTimeout(r, toNextMinute + 100));
    const from = { 'x-forwarded-for': '203.0.113.7', 'content-type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < t.config.AUTH_FAILURE_LIMIT_PER_MINUTE; i++) {
      expect((await t.request('POST', '/admin/login', { body: 'token=guess', headers: from })).status).toBe(401);
    }
    const limited = await t.request('POST', '/admin/login', { body: `token=${TOKEN}`, headers: from });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.text).toContain('Rate limit');
    // Another address is not affected.
    expect(
      (
        await t.request('POST', '/admin/login', {
          body: `token=${TOKEN}`,
          headers: { ...from, 'x-forwarded-for': '203.0.113.8' },
        })
      ).status,
    ).toBe(303);
  });

  it('signing out ends the session on the server: the old cookie is refused by every web process', async () => {
    const { startApi } = await import('../api/server.ts');
    const { createLogger } = await import('../core/logger.ts');
    const second = await startApi({ config: t.config, logger: createLogger('silent'), sql: t.sql, port: 0 });
    try {
      const login = await t.request('POST', '/admin/login', form({ token: TOKEN }));
      const session = login.headers.get('set-cookie')!.split(';')[0]!;
      const home = await t.request('GET', '/admin', { headers: { cookie: session } });
      expect(home.status).toBe(200);
      const viaSecond = () =>
        fetch(`http://127.0.0.1:${second.port}/admin`, { headers: { cookie: session }, redirect: 'manual' });
      expect((await viaSecond()).status).toBe(200);

      const out = await t.request('POST', '/admin/logout', {
        body: new URLSearchParams({ csrf: csrfOf(home.text) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session },
      });
      expect(out.status).toBe(303);
      // The browser forgets the cookie; one kept (copied, or replayed) no longer opens the console.
      const replayed = await t.request('GET', '/admin', { headers: { cookie: session } });
      expect(replayed.status).toBe(303);
      expect(replayed.headers.get('location')).toBe('/admin/login');
      expect((await viaSecond()).status).toBe(303);
      const retry = await t.request('POST', `/admin/jobs/${jobs.rollupFailed}/retry`, {
        body: new URLSearchParams({ csrf: csrfOf(home.text) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session },
      });
      expect(retry.status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
