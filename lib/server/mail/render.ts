import 'server-only';
import { createElement } from 'react';
import { render } from '@react-email/render';
import { MailLayout, type MailContent } from './templates/mail-layout';

/**
 * HTML and plain text of one e-mail. Rendered on the server only (the worker),
 * never imported by a page, so no e-mail code reaches a browser.
 */
export async function renderMail(content: MailContent): Promise<{ html: string; text: string }> {
  const element = createElement(MailLayout, content);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
