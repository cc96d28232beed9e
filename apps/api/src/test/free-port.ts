import { type AddressInfo, createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 now, for a server process a test spawns. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
