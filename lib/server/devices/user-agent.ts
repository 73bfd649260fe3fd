// "Chrome on Android" from a User-Agent header, with a few regexes: enough to
// tell one's own devices apart, without a parsing library's megabytes of rules.
// Order matters: Edge and Opera also say Chrome; Chrome also says Safari.

export type DeviceName = { browser: string | null; system: string | null };

/** Longer values are cut before they are stored: a header is the client's to fill. */
export const USER_AGENT_MAX = 512;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/(?:\b|Headless)Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad)\b.*\bAppleWebKit\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(list: [RegExp, string][], value: string): string | null {
  return list.find(([pattern]) => pattern.test(value))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string | null | undefined): DeviceName {
  if (!userAgent) return { browser: null, system: null };
  const value = userAgent.slice(0, USER_AGENT_MAX);
  return { browser: first(BROWSERS, value), system: first(SYSTEMS, value) };
}

/** The header as stored: cut to its limit, nothing when absent. */
export function storedUserAgent(request: Request): string | null {
  const value = request.headers.get('user-agent')?.trim();
  return value ? value.slice(0, USER_AGENT_MAX) : null;
}
