import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test controls, standing between the server and PostgreSQL: `cut` ends every
 * connection through it at once and refuses new ones for a while, as a database restart does.
 */
export type TcpProxy = {
  port: number;
  /** Ends every connection, then refuses connections for `downMs` (the port closed). */
  cut(downMs: number): Promise<void>;
  /** Whether a cut has closed the port and not yet opened it again. */
  readonly down: boolean;
  /** How many connections are open through it. */
  open(): number;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  await listen();
  let down = false;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    get port() {
      return port;
    },
    async cut(downMs) {
      const closed = stop();
      for (const socket of [...sockets]) socket.destroy();
      await closed;
      down = true;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await listen();
      down = false;
    },
    get down() {
      return down;
    },
    open: () => sockets.size / 2,
    async close() {
      const closed = stop();
      for (const socket of [...sockets]) socket.destroy();
      await closed;
    },
  };
}
