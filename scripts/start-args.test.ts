import { describe, expect, it } from 'vitest';
import { serverArgs } from './start-args.mjs';

// `npm start` once dropped every option but the port: told to listen on 127.0.0.1
// behind a reverse proxy, it listened on every interface (issue 37, item 6).
describe('the arguments npm start gives its server (the options of next start)', () => {
  it('passes the host, and every other option, through as given', () => {
    expect(serverArgs(['-H', '127.0.0.1'], {}, '65000')).toEqual(['--port', '3000', '--keepAliveTimeout', '65000', '-H', '127.0.0.1']);
    expect(serverArgs(['--hostname=::1', '--port', '8080', '--keepAliveTimeout', '5000'], { PORT: '3000' }, '65000')).toEqual([
      '--hostname=::1',
      '--port',
      '8080',
      '--keepAliveTimeout',
      '5000',
    ]);
  });

  it('listens on HOSTNAME and PORT when the options do not say', () => {
    expect(serverArgs([], { HOSTNAME: '127.0.0.1', PORT: '4000' }, '65000')).toEqual(['--port', '4000', '--hostname', '127.0.0.1', '--keepAliveTimeout', '65000']);
    expect(serverArgs(['-H', '10.0.0.5'], { HOSTNAME: '127.0.0.1' }, '65000')).toEqual(['--port', '3000', '--keepAliveTimeout', '65000', '-H', '10.0.0.5']);
  });

  it('keeps --rebuild to itself', () => {
    expect(serverArgs(['--rebuild'], {}, '65000')).toEqual(['--port', '3000', '--keepAliveTimeout', '65000']);
  });
});
