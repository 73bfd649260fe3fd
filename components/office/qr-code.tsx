'use client';

import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path (no canvas, no inline style: the console's
 * CSP allows neither more than it must). Dark modules on white, with the
 * four-module quiet zone scanners need; always left to right, as QR codes are.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { data, size: modules } = encode(value, { border: 4 });
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges" className="rounded border border-slate-300 bg-white">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
