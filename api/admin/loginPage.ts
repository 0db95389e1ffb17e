import { html } from '../http/html.ts';
import { page } from './layout.ts';

export function loginPage(problem?: string): string {
  return page(
    'Sign in',
    html`<main class="login">
<h1>Partner API support console</h1>
<form method="post" action="/admin/login">
${problem && html`<p class="problem" role="alert">${problem}</p>`}
<label>Admin token<input type="password" name="token" autocomplete="current-password" required autofocus></label>
<button class="primary" type="submit">Sign in</button>
</form>
</main>`,
  );
}
