import { JOB_STATES, type JobFilter, type JobRow, type JobState } from '../../storage/jobs.ts';
import { jobSubject } from '../../storage/jobSubjects.ts';
import { html, type Html } from '../http/html.ts';
import { page } from './layout.ts';
import type { Flash } from './flash.ts';

export interface JobsPageData {
  counts: Record<JobState, number>;
  /** Failed and stuck jobs: what a retry is for. */
  attention: JobRow[];
  /** The newest running and queued jobs, for context. */
  inProgress: JobRow[];
  workspaces: { id: string; name: string }[];
  tasks: readonly string[];
  filter: JobFilter;
  csrf: string;
  flash?: Flash;
  now: Date;
}

const ERROR_SHOWN_CHARS = 300;

/** A worker's error message on one line and of bounded length; the full text stays in the title. */
function plainError(error: string | null): string {
  if (!error) return '';
  const oneLine = error.replace(/\s+/g, ' ').trim();
  return oneLine.length > ERROR_SHOWN_CHARS ? `${oneLine.slice(0, ERROR_SHOWN_CHARS - 1)}…` : oneLine;
}

function ago(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}

function when(at: Date, now: Date): Html {
  const iso = at.toISOString();
  return html`<time datetime="${iso}" title="${iso.replace('T', ' ').slice(0, 19)} UTC">${ago(at, now)}</time>`;
}

/** A job that has had no attempt and is not running has no last run. */
function lastRun(job: JobRow, now: Date): Html {
  return job.attempts > 0 || job.locked_at ? when(job.updated_at, now) : html`<span class="muted">not yet</span>`;
}

function workspaceCell(workspaceId: string | null, names: Map<string, string>): Html {
  if (!workspaceId) return html`<span class="muted">none (scheduled task)</span>`;
  return html`${names.get(workspaceId) ?? 'unknown workspace'}<br><code>${workspaceId}</code>`;
}

function concernsCell(payload: unknown): Html {
  const entries = Object.entries(jobSubject(payload).concerns);
  if (!entries.length) return html`<span class="muted">—</span>`;
  return html`<div class="concerns">${entries.map(
    ([field, value]) =>
      html`<div><span class="muted">${field.replace(/_ids?$/, '')}</span> <code>${Array.isArray(value) ? value.join(', ') : String(value)}</code></div>`,
  )}</div>`;
}

function hiddenFilter(filter: JobFilter): Html {
  return html`${filter.task && html`<input type="hidden" name="task" value="${filter.task}">`}${
    filter.workspaceId && html`<input type="hidden" name="workspace" value="${filter.workspaceId}">`
  }`;
}

function retryButton(job: JobRow, data: JobsPageData): Html {
  return html`<form method="post" action="/admin/jobs/${job.id}/retry">
<input type="hidden" name="csrf" value="${data.csrf}">${hiddenFilter(data.filter)}
<button type="submit">Retry</button>
</form>`;
}

function jobRows(jobs: JobRow[], data: JobsPageData, names: Map<string, string>, withRetry: boolean): Html {
  const columns = withRetry ? 10 : 9;
  if (!jobs.length)
    return html`<tr><td class="empty" colspan="${columns}">${withRetry ? 'No failed or stuck jobs.' : 'Nothing running or queued.'}</td></tr>`;
  return html`${jobs.map((job) => {
    const { workspace_id } = jobSubject(job.payload);
    // A retried job keeps its previous error until its next attempt: shown, but not as alarming.
    return html`<tr class="is-${job.state}">
<td><span class="badge ${job.state}">${job.state}</span></td>
<td><code>${job.id}</code></td>
<td><code>${job.task_identifier}</code></td>
<td>${workspaceCell(workspace_id, names)}</td>
<td>${concernsCell(job.payload)}</td>
<td class="error" title="${job.last_error ?? ''}">${plainError(job.last_error)}</td>
<td class="mono">${job.attempts}/${job.max_attempts}</td>
<td class="when">${when(job.created_at, data.now)}</td>
<td class="when">${lastRun(job, data.now)}</td>
${withRetry && html`<td>${retryButton(job, data)}</td>`}
</tr>`;
  })}`;
}

function jobTable(jobs: JobRow[], data: JobsPageData, names: Map<string, string>, withRetry: boolean): Html {
  return html`<table>
<thead><tr><th>State</th><th>Job</th><th>Task</th><th>Workspace</th><th>Concerns</th><th>Last error</th><th>Attempts</th><th>Created</th><th>Last run</th>${withRetry && html`<th></th>`}</tr></thead>
<tbody>${jobRows(jobs, data, names, withRetry)}</tbody>
</table>`;
}

function filterForm(data: JobsPageData): Html {
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected && html` selected`}>${label}</option>`;
  return html`<form class="filter" method="get" action="/admin">
<label>Task<select name="task">${option('', 'any task', !data.filter.task)}${data.tasks.map((t) => option(t, t, t === data.filter.task))}</select></label>
<label>Workspace<select name="workspace">${option('', 'any workspace', !data.filter.workspaceId)}${data.workspaces.map(
    (w) => option(w.id, `${w.name} (${w.id})`, w.id === data.filter.workspaceId),
  )}</select></label>
<button type="submit">Filter</button>
${(data.filter.task || data.filter.workspaceId) && html`<a href="/admin">clear filter</a>`}
</form>`;
}

function counts(data: JobsPageData): Html {
  return html`<ul class="counts">${JOB_STATES.map(
    (state) => html`<li><span class="badge ${state}">${state}</span><b>${data.counts[state]}</b></li>`,
  )}</ul>`;
}

export function jobsPage(data: JobsPageData): string {
  const names = new Map(data.workspaces.map((w) => [w.id, w.name]));
  const filtered = Boolean(data.filter.task || data.filter.workspaceId);
  const attentionTotal = data.counts.failed + data.counts.stuck;
  const shownOf = (shown: number, total: number) => (total > shown ? `newest ${shown} of ${total}` : String(total));
  return page(
    'Jobs',
    html`<header>
<h1>Partner API · support console</h1><span class="grow"></span>
<form method="post" action="/admin/logout"><input type="hidden" name="csrf" value="${data.csrf}"><button type="submit">Sign out</button></form>
</header>
<main>
${data.flash && html`<p class="flash ${data.flash.tone}" role="status">${data.flash.text}</p>`}
${counts(data)}
${filterForm(data)}
<div class="bar">
<h2>Failed and stuck <small>${shownOf(data.attention.length, attentionTotal)}${filtered ? ' matching the filter' : ''}</small></h2>
${
  data.counts.failed > 0 &&
  html`<form method="post" action="/admin/jobs/retry-failed">
<input type="hidden" name="csrf" value="${data.csrf}">${hiddenFilter(data.filter)}
<button class="primary" type="submit">Retry all failed${filtered ? ' matching the filter' : ''} (${data.counts.failed})</button>
</form>`
}
</div>
${jobTable(data.attention, data, names, true)}
<h2>Running and queued <small>${shownOf(data.inProgress.length, data.counts.running + data.counts.queued)}</small></h2>
${jobTable(data.inProgress, data, names, false)}
</main>`,
  );
}
