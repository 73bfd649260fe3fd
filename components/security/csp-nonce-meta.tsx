import { headers } from 'next/headers';

/**
 * This answer's CSP nonce, for the scripts that add <style> elements at run
 * time (react-aria reads `<meta property="csp-nonce">`). The nonce is an
 * attribute, not `content`: browsers hide nonce attributes from the DOM, so
 * other scripts cannot read it from the markup. Reading the request's headers
 * also renders the page per request, which a nonce needs.
 */
export async function CspNonceMeta() {
  const csp = (await headers()).get('content-security-policy') ?? '';
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  return nonce ? <meta property="csp-nonce" nonce={nonce} /> : null;
}
