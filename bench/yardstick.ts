/**
 * The yardstick process seen from the benchmark: starts bench/yardstick-server.ts with the
 * pages' bytes, waits until it listens, stops it. A child process, in its own process group,
 * so that the yardstick and the load generator do not share an event loop, as the app server
 * and the load generator do not.
 */
import { ChildGroup } from '../server/testing/child-group';
import type { YardstickBody, YardstickSizes, YardstickStart } from './yardstick-server';

export class Yardstick {
  readonly origin: string;
  private readonly group = new ChildGroup('yardstick');

  constructor(private readonly port: number) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  get running(): boolean {
    return this.group.running;
  }

  /** Starts the yardstick with these bodies; resolves with each one's sizes (by path) once it listens. */
  async start(pages: YardstickBody[], timeoutMs = 120_000): Promise<YardstickSizes> {
    if (this.running) throw new Error('yardstick already running');
    const taken = await fetch(this.origin, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (taken)
      throw new Error(`Port ${this.port} (the yardstick's) is already taken; set BENCH_YARDSTICK_PORT.`);
    const child = this.group.spawn({ args: ['bench/yardstick-server.ts'], ipc: true });
    const ready = new Promise<YardstickSizes>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the yardstick did not start:\n${this.group.tail()}`)),
        timeoutMs,
      );
      child.once('message', (message: { ready: boolean; sizes: YardstickSizes }) => {
        clearTimeout(timer);
        resolve(message.sizes);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the yardstick exited while starting (${code}):\n${this.group.tail()}`));
      });
    });
    const start: YardstickStart = { port: this.port, pages };
    child.send(start);
    return ready;
  }

  /** SIGTERM (it closes its server), SIGKILL after a grace period. */
  async stop(graceMs = 5000): Promise<void> {
    await this.group.stop(graceMs);
  }

  /** For process 'exit' handlers, where nothing asynchronous runs any more. */
  killNow(): void {
    this.group.killNow();
  }
}
