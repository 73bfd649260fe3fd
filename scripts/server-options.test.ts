import { describe, expect, it } from 'vitest';
import { serverOptions } from './server-options.mjs';

// scripts/server.mjs takes next start's options, so `npm start -- -H 127.0.0.1` keeps meaning what it meant.
describe('the options of the server', () => {
  it('reads the port, the host and the keep-alive, in either spelling, the arguments before the environment', () => {
    expect(serverOptions(['-p', '8080', '-H', '127.0.0.1', '--keepAliveTimeout', '65000'], { PORT: '3000' })).toEqual({ port: 8080, hostname: '127.0.0.1', keepAliveTimeout: 65000, dev: false });
    expect(serverOptions(['--port=4000', '--hostname=::1'], { HOSTNAME: '10.0.0.5' })).toEqual({ port: 4000, hostname: '::1', keepAliveTimeout: undefined, dev: false });
    expect(serverOptions([], { PORT: '3100', HOSTNAME: '127.0.0.1' })).toEqual({ port: 3100, hostname: '127.0.0.1', keepAliveTimeout: undefined, dev: false });
    expect(serverOptions(['--dev'], {})).toEqual({ port: 3000, hostname: undefined, keepAliveTimeout: undefined, dev: true });
  });

  it('refuses an option it does not know, and a port that is none, saying which', () => {
    expect(() => serverOptions(['--experimental-https'], {})).toThrow(/Unknown option: --experimental-https/);
    expect(() => serverOptions(['-p', 'eighty'], {})).toThrow(/Not a port: eighty/);
  });
});
