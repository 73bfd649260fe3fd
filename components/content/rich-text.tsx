/**
 * HTML rendered on the server from the portal's own markdown (content/), where
 * raw HTML is escaped, so it is safe to insert. Styled here, element by element,
 * with logical properties so lists indent on the right in Arabic.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`leading-relaxed text-ink [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-sand-100 [&_code]:px-1 [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal rtl:[&_ol]:list-[arabic-indic] [&_ol]:ps-6 [&_p]:my-4 [&_strong]:font-semibold [&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&>:first-child]:mt-0 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
