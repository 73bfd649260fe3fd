import { describe, expect, it } from 'vitest';
import { plainText, renderMarkdown } from './markdown';

const en = (source: string) => renderMarkdown(source, { locale: 'en' });

describe('renderMarkdown', () => {
  it('renders headings, paragraphs and emphasis', () => {
    expect(en('## Fees\n\nThe fee is **per pilgrim**, paid *online*.')).toBe(
      '<h2>Fees</h2>\n<p>The fee is <strong>per pilgrim</strong>, paid <em>online</em>.</p>',
    );
  });

  it('renders bulleted and numbered lists', () => {
    expect(en('- Hajj\n- Umrah')).toBe('<ul>\n<li>Hajj</li>\n<li>Umrah</li>\n</ul>');
    expect(en('1. Apply\n2. Pay')).toBe('<ol>\n<li>Apply</li>\n<li>Pay</li>\n</ol>');
  });

  it("points the site's own links into the reader's language and keeps the others", () => {
    expect(en('[Contact](/static/contact)')).toBe('<p><a href="/en/static/contact">Contact</a></p>');
    expect(renderMarkdown('[الرئيسية](/)', { locale: 'ar' })).toBe('<p><a href="/ar">الرئيسية</a></p>');
    expect(en('[Mail](mailto:care@labbaik.example)')).toBe('<p><a href="mailto:care@labbaik.example">Mail</a></p>');
    expect(en('[Site](https://example.org "Ours")')).toBe('<p><a href="https://example.org" title="Ours" rel="noopener noreferrer">Site</a></p>');
    expect(en('[Step](#passport-validity)')).toBe('<p><a href="#passport-validity">Step</a></p>');
  });

  it('escapes raw HTML instead of injecting it', () => {
    expect(en('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(en('Fees & <b onclick="x()">dates</b>')).toBe('<p>Fees &amp; &lt;b onclick=&quot;x()&quot;&gt;dates&lt;/b&gt;</p>');
  });

  it('drops links with unsafe schemes and images, keeping their text', () => {
    expect(en('[click](javascript:alert(1))')).toBe('<p>click</p>');
    expect(en('![a photo](https://example.org/x.png)')).toBe('<p>a photo</p>');
  });

  it("drops the authors' HTML comments", () => {
    expect(en('<!-- note for editors -->\nText')).toBe('<p>Text</p>');
  });
});

describe('plainText', () => {
  it('keeps the words of some HTML, decoded', () => {
    expect(plainText('<p>Fees &amp; <strong>refunds</strong></p>\n<ul><li>one</li></ul>')).toBe('Fees & refunds one');
  });
});
