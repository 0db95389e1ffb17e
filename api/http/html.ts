import { createHash } from 'node:crypto';

/** Markup that is already safe (made by the `html` tag, or a constant of the code), so nothing is escaped twice or never. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

type Interpolation = Html | string | number | null | undefined | false | readonly Interpolation[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function render(value: Interpolation): string {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * The only way pages (the support console, the share page) build markup: every interpolated string is escaped (for text and for
 * quoted attribute values alike), nested `html` fragments and arrays of them are kept, and
 * null/undefined/false render as nothing so conditionals read naturally.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]!) : ''), ''));
}

/** A CSP source that allows exactly this inline `<style>` or `<script>` body, and nothing else inline. */
export function inlineSourceHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
}
