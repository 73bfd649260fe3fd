import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontDoorServer, FRONT_DOOR, FRONT_DOOR_SERVED } from './front-door-server.mjs';
import { addToFrontDoor, frontDoorServed } from './front-door';

// The front door (front-door.ts, front-door-server.mjs): the server scripts/server.mjs makes passes each event
// through the steps the app added, the last added first, and on to Next.js (here a stand-in) when none answered.

let server: http.Server;
let port: number;
const order: string[] = [];

beforeAll(async () => {
  addToFrontDoor(Symbol('first'), (event, args) => {
    if (event !== 'request') return false;
    order.push('first');
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    if (request.url !== '/first') return false;
    response.end('first answered');
    return true;
  });
  addToFrontDoor(Symbol('second'), (event) => {
    if (event === 'request') order.push('second');
    return false;
  });
  server = createFrontDoorServer((_request, response) => {
    order.push('next');
    response.end('next answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Writes `text` to the server as it is and answers what came back before the socket closed. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the front door', () => {
  it('is where the app and the server meet (one key, on the global object), and says it is served', () => {
    expect(FRONT_DOOR).toBe(Symbol.for('portal.front-door'));
    expect(FRONT_DOOR_SERVED).toBe(Symbol.for('portal.front-door-served'));
    expect(frontDoorServed()).toBe(true);
  });

  it('passes a request through the steps, the last added first, and on to Next.js when none answered it', async () => {
    order.length = 0;
    expect(await (await fetch(`http://127.0.0.1:${port}/page`)).text()).toBe('next answered');
    expect(order).toEqual(['second', 'first', 'next']);
    order.length = 0;
    expect(await (await fetch(`http://127.0.0.1:${port}/first`)).text()).toBe('first answered');
    expect(order).toEqual(['second', 'first']);
  });

  it('adds a step once, however often it is added under one mark', async () => {
    const mark = Symbol('once');
    let calls = 0;
    const step = (event: string | symbol) => (event === 'request' && (calls += 1), false);
    addToFrontDoor(mark, step);
    addToFrontDoor(mark, step);
    await fetch(`http://127.0.0.1:${port}/page`);
    expect(calls).toBe(1);
  });

  it('without a step for them: a request Node cannot parse gets a 400, a CONNECT a closed socket', async () => {
    expect(await raw('GET /x HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')).toBe('');
  });
});
