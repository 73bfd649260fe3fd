import 'server-only';
import { Marked, type Tokens } from 'marked';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Links the content may use: the site's own paths, anchors, web, mail and phone. */
const SAFE_HREF = /^(\/|#|https?:\/\/|mailto:|tel:)/i;

/**
 * The site's own paths are written without a language ("/static/contact") and
 * point into the reader's language ("/ar/static/contact").
 */
function localizeHref(href: string, locale: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  return href === '/' ? `/${locale}` : `/${locale}${href}`;
}

/**
 * Markdown → HTML for the content pages, on the server only. Raw HTML in the
 * source is shown as text, never injected; HTML comments are authors' notes
 * and dropped; links with any other scheme (javascript:, data:) become plain text.
 */
export function renderMarkdown(source: string, { locale }: { locale: string }): string {
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      link({ href, title, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        if (!SAFE_HREF.test(href)) return text;
        const external = /^https?:\/\//i.test(href);
        const attributes = [
          `href="${escapeHtml(localizeHref(href, locale))}"`,
          title ? `title="${escapeHtml(title)}"` : '',
          external ? 'rel="noopener noreferrer"' : '',
        ].filter(Boolean);
        return `<a ${attributes.join(' ')}>${text}</a>`;
      },
      image({ text }: Tokens.Image) {
        // Content pages carry no images; the alternative text stands in.
        return escapeHtml(text);
      },
    },
  });
  return (marked.parse(stripComments(source)) as string).trim();
}

export function stripComments(source: string): string {
  return source.replace(/<!--[\s\S]*?-->/g, '');
}

/** The text of some HTML, for searching: tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}
