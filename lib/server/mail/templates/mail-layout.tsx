import 'server-only';
// Each component from its own package: the bundle of all of them (@react-email/components) also loads
// Tailwind, Prism and a Markdown parser, about 0.35 s on every import of the mail stack (docs/TESTING.md).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { keepIdentifiersWhole } from './identifiers';

// The portal's colours (app/globals.css): brand green on sand, ink text.
const COLORS = { brand: '#1f6b4f', brandDark: '#114331', sand: '#fbf8f1', sandLine: '#f4ecda', ink: '#1c2421', muted: '#4d5a55' };

export type MailContent = {
  locale: 'en' | 'ar';
  brand: string;
  preview: string;
  heading: string;
  paragraphs: string[];
  /** The main action, a full URL on the site (publicSiteUrl). */
  action?: { label: string; url: string };
  /** The 6-digit code to type instead of following the link. */
  code?: { label: string; value: string };
  /** Smaller print under the action: validity, "if this wasn't you". */
  notes?: string[];
  footer: string;
  /** Where the reader changes which e-mails they get (notifications only). */
  preferences?: { label: string; url: string };
};

/**
 * Every e-mail's frame: the portal's name and colours, the reader's language
 * and direction (right to left for Arabic on <html>, <body> and the container,
 * since some mail apps drop the <html> attributes), one action button.
 * Inline styles only: mail apps ignore style sheets.
 */
export function MailLayout(content: MailContent) {
  const dir = content.locale === 'ar' ? 'rtl' : 'ltr';
  const align = content.locale === 'ar' ? 'right' : 'left';
  const font =
    content.locale === 'ar'
      ? "'IBM Plex Sans Arabic', Tahoma, 'Segoe UI', Arial, sans-serif"
      : "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
  const text = { color: COLORS.ink, fontSize: '16px', lineHeight: '26px', textAlign: align, margin: '0 0 16px' } as const;
  return (
    <Html lang={content.locale} dir={dir}>
      <Head />
      <Preview>{content.preview}</Preview>
      <Body dir={dir} style={{ backgroundColor: COLORS.sand, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container dir={dir} style={{ maxWidth: '560px', margin: '0 auto', backgroundColor: '#ffffff', border: `1px solid ${COLORS.sandLine}`, borderRadius: '12px', overflow: 'hidden' }}>
          <Section style={{ backgroundColor: COLORS.brand, padding: '20px 32px' }}>
            <Text style={{ color: '#ffffff', fontSize: '18px', fontWeight: 700, margin: 0, textAlign: align }}>{content.brand}</Text>
          </Section>
          <Section style={{ padding: '32px' }}>
            <Heading as="h1" style={{ color: COLORS.brandDark, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px', textAlign: align }}>
              {keepIdentifiersWhole(content.heading)}
            </Heading>
            {content.paragraphs.map((paragraph, i) => (
              <Text key={i} style={text}>
                {keepIdentifiersWhole(paragraph)}
              </Text>
            ))}
            {content.action ? (
              <Section style={{ margin: '24px 0', textAlign: align }}>
                <Button
                  href={content.action.url}
                  style={{ backgroundColor: COLORS.brand, color: '#ffffff', borderRadius: '8px', padding: '12px 24px', fontSize: '16px', fontWeight: 600, textDecoration: 'none' }}
                >
                  {content.action.label}
                </Button>
              </Section>
            ) : null}
            {content.code ? (
              <Section style={{ margin: '8px 0 24px', textAlign: align }}>
                <Text style={{ ...text, margin: '0 0 8px' }}>{content.code.label}</Text>
                {/* Digits read left to right in both languages. */}
                <Text dir="ltr" style={{ display: 'inline-block', margin: 0, padding: '8px 16px', backgroundColor: COLORS.sand, border: `1px solid ${COLORS.sandLine}`, borderRadius: '8px', fontSize: '28px', letterSpacing: '6px', fontWeight: 700, color: COLORS.ink }}>
                  {content.code.value}
                </Text>
              </Section>
            ) : null}
            {content.action ? (
              <Text style={{ ...text, fontSize: '13px', lineHeight: '20px', color: COLORS.muted, wordBreak: 'break-all' }}>
                <Link href={content.action.url} style={{ color: COLORS.brand }}>
                  {content.action.url}
                </Link>
              </Text>
            ) : null}
            {(content.notes ?? []).map((note, i) => (
              <Text key={i} style={{ ...text, fontSize: '14px', lineHeight: '22px', color: COLORS.muted }}>
                {keepIdentifiersWhole(note)}
              </Text>
            ))}
          </Section>
          <Hr style={{ borderColor: COLORS.sandLine, margin: 0 }} />
          <Section style={{ padding: '16px 32px' }}>
            <Text style={{ ...text, fontSize: '12px', lineHeight: '18px', color: COLORS.muted, margin: 0 }}>
              {content.footer}
              {content.preferences ? (
                <>
                  {' '}
                  <Link href={content.preferences.url} style={{ color: COLORS.brand }}>
                    {content.preferences.label}
                  </Link>
                </>
              ) : null}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
