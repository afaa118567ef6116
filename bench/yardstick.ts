/**
 * The yardstick process seen from the benchmark: starts bench/yardstick-server.ts with the
 * pages' bytes, waits until it listens, stops it. A child process, in its own process group,
 * so that the yardstick and the load generator do not share an event loop, as the app server
 * and the load generator do not.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { YardstickBody, YardstickSizes, YardstickStart } from './yardstick-server';

const KEEP_LINES = 50;

export class Yardstick {
  readonly origin: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private lines: string[] = [];

  constructor(private readonly port: number) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/yardstick-server.ts'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        this.lines.push(line);
        if (this.lines.length > KEEP_LINES) this.lines.shift();
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const ready = new Promise<YardstickSizes>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the yardstick did not start:\n${this.tail()}`)),
        timeoutMs,
      );
      child.once('message', (message: { ready: boolean; sizes: YardstickSizes }) => {
        clearTimeout(timer);
        resolve(message.sizes);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the yardstick exited while starting (${code}):\n${this.tail()}`));
      });
    });
    const start: YardstickStart = { port: this.port, pages };
    child.send(start);
    return ready;
  }

  /** SIGTERM (it closes its server), SIGKILL after a grace period. */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.running || !this.child?.pid) return;
    const pid = this.child.pid;
    this.signal(pid, 'SIGTERM');
    const timer = setTimeout(() => this.signal(pid, 'SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    this.child = null;
  }

  /** For process 'exit' handlers, where nothing asynchronous runs any more. */
  killNow(): void {
    if (this.running && this.child?.pid) this.signal(this.child.pid, 'SIGKILL');
  }

  private signal(pid: number, signal: NodeJS.Signals) {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }

  private tail(): string {
    return this.lines.map((l) => `  [yardstick] ${l}`).join('\n');
  }
}
