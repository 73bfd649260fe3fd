// Only paths the proxy does not localize (e.g. a missing file) end here.
export default function GlobalNotFound() {
  return (
    <html lang="en-US" dir="ltr">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
        <h1>Page Not Found</h1>
        <p lang="ar-EG" dir="rtl">الصفحة غير موجودة</p>
        {/* A full page load on purpose: the app around this page may be broken. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/">Home · الرئيسية</a>
      </body>
    </html>
  );
}
