import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy for fault tests: forwards a local port to the database, and can
 * cut every open connection and refuse new ones (as a PostgreSQL restart or a
 * network outage does), then accept again, without touching the real server
 * that other tests share.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on `port` (0: a free one) and answers the port. */
  async start(port = this.port): Promise<number> {
    const server = createServer((client) => {
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        // A reset on one side closes the other; errors are the point of these tests.
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** Resets every connection and stops listening: new connections are refused. */
  async cut() {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again on the same port. */
  async restore() {
    await this.start(this.port);
  }

  async stop() {
    await this.cut();
  }
}

/** A proxy to the host and port of a postgres:// URL, and the same URL through the proxy. */
export async function proxyFor(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
  url.port = String(await proxy.start());
  url.hostname = '127.0.0.1';
  return { proxy, url: url.toString() };
}
