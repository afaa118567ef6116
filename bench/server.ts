/**
 * The app server under test: the server's bundle run as `npm start` runs it (`node
 * build/server-node/main.mjs`, ADR 026) in production mode, one process so that its pid is
 * the server's own: its memory is read from /proc/<pid>/status. In its own process group
 * so that stopping it stops anything it started. Its output is kept (not printed) and shown
 * when it dies or logs warnings.
 */
import { readFileSync } from 'node:fs';
import { ChildGroup } from '../server/testing/child-group';
import { SERVER_BUNDLE } from '../server/tools/build-server';

/** A process's resident memory now and at its peak, MB (Linux /proc; null elsewhere or when gone). */
export interface Memory {
  rssMb: number;
  peakRssMb: number;
}

/** VmRSS and VmHWM of a /proc/<pid>/status text, in MB (MiB: the kernel counts kB of 1,024 bytes). */
export function memoryOf(status: string): Memory | null {
  const kb = (name: string) => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) : null;
  };
  const rss = kb('VmRSS');
  const hwm = kb('VmHWM');
  return rss === null ? null : { rssMb: rss / 1024, peakRssMb: (hwm ?? rss) / 1024 };
}

export interface ServerOptions {
  port: number;
  databaseUrl: string;
}

export class BenchServer {
  readonly origin: string;
  private readonly group = new ChildGroup('server', 200);

  constructor(private readonly options: ServerOptions) {
    this.origin = `http://127.0.0.1:${options.port}`;
  }

  get running(): boolean {
    return this.group.running;
  }

  /** Lines the server printed in total (LOG_LEVEL=warn, so each one is a warning or worse). */
  get logged(): number {
    return this.group.logged;
  }

  /** Starts the server and resolves once /healthz answers. */
  async start(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<void> {
    if (this.running) throw new Error('server already running');
    if (await this.healthy()) {
      throw new Error(`Port ${this.options.port} is already taken by another server; set BENCH_PORT.`);
    }
    this.group.spawn({
      args: [SERVER_BUNDLE],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        DATABASE_URL: this.options.databaseUrl,
        SEED_SIZE: 'none',
        LOG_LEVEL: 'warn',
        // The load generator stands in for a proxy: its X-Forwarded-For gives each simulated
        // patient an address of their own.
        TRUST_PROXY: 'loopback',
        // No load balancer in front to take it out of rotation: stop at once.
        DRAIN_MS: '0',
        // The memory settings of `npm start` (package.json), so the RSS check measures them.
        MALLOC_ARENA_MAX: '2',
        NODE_OPTIONS: `--max-semi-space-size=8 ${process.env.NODE_OPTIONS ?? ''}`.trim(),
        ...env,
      },
    });

    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`The server exited while starting:\n${this.tail(40)}`);
      if (await this.healthy()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`The server did not answer /healthz within ${timeoutMs / 1000} s:\n${this.tail(40)}`);
  }

  private async healthy(): Promise<boolean> {
    try {
      const res = await fetch(`${this.origin}/healthz`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  /** The server's resident memory (VmRSS) and its peak since start (VmHWM); null when not running. */
  memory(): Memory | null {
    const pid = this.group.pid;
    if (pid === null) return null;
    try {
      return memoryOf(readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return null;
    }
  }

  /** SIGTERM to the process group (the server closes cleanly), SIGKILL after a grace period. */
  async stop(graceMs = 10_000): Promise<void> {
    await this.group.stop(graceMs);
  }

  /** For process 'exit' handlers, where nothing asynchronous runs any more. */
  killNow(): void {
    this.group.killNow();
  }

  tail(n: number): string {
    return this.group.tail(n);
  }
}
