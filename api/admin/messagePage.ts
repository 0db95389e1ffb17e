import { html } from '../http/html.ts';
import { page } from './layout.ts';

/** The console's own error answer: a person reads it in a browser, so HTML with a way back. */
export function messagePage(status: number, message: string): string {
  return page(
    `Error ${status}`,
    html`<main class="login">
<h1>${status === 401 ? 'Sign in required' : `Error ${status}`}</h1>
<p class="problem">${message}</p>
<p><a href="/admin">Back to the console</a></p>
</main>`,
  );
}
