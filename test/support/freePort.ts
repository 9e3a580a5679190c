/**
 * A port on 127.0.0.1 that nothing listens on now, from the kernel: for a server a test or the bench starts in another
 * process (the companion's port, given to the kiosk shell by its environment).
 */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
