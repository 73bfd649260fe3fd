import { describe, expect, it } from 'vitest';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants';
import config from '../../next.config.mjs';

// next.config.mjs: `next start` serves a finished build, so it reads the
// configuration without next-intl's plugin (whose compiler and file watcher
// would stay loaded in the server); building and `next dev` get the plugin.
describe('next.config.mjs', () => {
  it('compiles with next-intl\'s plugin: its request config and its compiled messages', async () => {
    for (const phase of [PHASE_PRODUCTION_BUILD, PHASE_DEVELOPMENT_SERVER]) {
      const built = await config(phase);
      expect(built.turbopack?.resolveAlias).toMatchObject({ 'next-intl/config': './i18n/request.ts' });
      expect(Object.keys(built.turbopack?.rules ?? {})).toHaveLength(1);
    }
  });

  it('serves without the plugin, with the same headers, packages and build id', async () => {
    const served = await config(PHASE_PRODUCTION_SERVER);
    const built = await config(PHASE_PRODUCTION_BUILD);
    expect(served.turbopack).toBeUndefined();
    expect(served.serverExternalPackages).toEqual(built.serverExternalPackages);
    expect(await served.headers!()).toEqual(await built.headers!());
    expect(await served.generateBuildId!()).toBe(await built.generateBuildId!());
    expect(served.env).toEqual(built.env);
  });
});
