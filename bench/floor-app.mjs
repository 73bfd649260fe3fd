// The JavaScript floor: a separate, bare Next.js app (one page of plain text,
// no client component, no layout of ours) built with this project's own
// next and react, so the figure is the framework's cost and nothing of ours.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeFloorApp(root) {
  const dir = path.join(root, '.tmp', 'bench-floor');
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  const files = {
    'package.json': JSON.stringify({ private: true, type: 'module' }),
    // Modules resolve from the project's node_modules, one folder up the tree.
    'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`,
    'app/layout.jsx': 'export default function Layout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
    'app/page.jsx': 'export default function Page() {\n  return <p>A bare Next.js page.</p>;\n}\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
