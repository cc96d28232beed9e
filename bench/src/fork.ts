import { fork } from 'node:child_process';
import type { ServerOptions, ServerReady } from './server.ts';

/** Starts src/server.ts in a second process (data, the app, the bare server) and waits until it listens. */
export function forkServer(options: ServerOptions): Promise<{ ready: ServerReady; stop: () => void }> {
  const child = fork(new URL('./server.ts', import.meta.url), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ ready: m as ServerReady, stop: () => child.kill('SIGTERM') }));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
}
