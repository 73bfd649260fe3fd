// The JavaScript floor: a separate, bare Next.js app (one page of plain text,
// no client component, no layout of ours) built with this project's own next
// and react, so the figure is the framework's cost and nothing of ours. It
// lives outside the project: Turbopack, rooted in the project, would compile
// the project's instrumentation.ts into it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function writeFloorApp(root) {
  const dir = path.join(os.tmpdir(), `bench-floor-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const files = {
    'package.json': JSON.stringify({ private: true, type: 'module' }),
    // The root that lets Turbopack follow the node_modules link into the project.
    'next.config.mjs': "export default { turbopack: { root: '/' } };\n",
    'app/layout.jsx': 'export default function Layout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
    'app/page.jsx': 'export default function Page() {\n  return <p>A bare Next.js page.</p>;\n}\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
