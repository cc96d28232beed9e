import { fork } from 'node:child_process';
import type { ServerMemory, ServerOptions, ServerReady } from './server.ts';

export type ForkedServer = {
  ready: ServerReady;
  stop: () => void;
  /** The server process's RSS and heap (after a full collection when forked with `exposeGc`). */
  memory: () => Promise<ServerMemory>;
};

/**
 * Starts src/server.ts in a second process (data, the app, the bare server) and waits until it
 * listens. `exposeGc`: node's --expose-gc, so `memory()` collects first.
 */
export function forkServer(options: ServerOptions, exposeGc = false): Promise<ForkedServer> {
  const child = fork(new URL('./server.ts', import.meta.url), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx', ...(exposeGc ? ['--expose-gc'] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const memory = () =>
    new Promise<ServerMemory>((resolve) => {
      child.once('message', (m) => resolve(m as ServerMemory));
      child.send({ kind: 'memory' });
    });
  return new Promise((resolve, reject) => {
    child.once('message', (m) =>
      resolve({ ready: m as ServerReady, stop: () => child.kill('SIGTERM'), memory }),
    );
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
}
