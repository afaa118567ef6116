/**
 * Several app processes behind HAProxy, for the multi-instance test and the bench: a fresh
 * PostgreSQL database, `tsx server/main.ts` processes in their own process groups, and HAProxy
 * run in the foreground with a generated config (the same shape as deploy/haproxy.cfg).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withPgSession } from '../db/pg-session';
import { ChildGroup } from './child-group';

const KEEP_LINES = 200;

/** The haproxy binary, or null when it is not installed. */
export function findHaproxy(): string | null {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    const result = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (result.status === 0) return candidate;
  }
  return null;
}

/** A new, empty database on the server of `adminUrl`; `drop()` removes it. */
export async function createScratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withPgSession(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withPgSession(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function answers(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

/** Polls until `condition` holds, failing with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One `node --import tsx server/main.ts` in production mode; its output is kept and shown when
 * it fails. One process, not tsx's wrapper and its child: a signal reaches main.ts once, as
 * from a process manager (the wrapper would relay a second SIGTERM, which skips the drain).
 */
export class AppProcess {
  readonly origin: string;
  private readonly group: ChildGroup;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.origin = `http://127.0.0.1:${port}`;
    this.group = new ChildGroup(name, KEEP_LINES);
  }

  get running(): boolean {
    return this.group.running;
  }

  /** Starts the process and resolves once its /readyz answers 200. */
  async start(extraEnv: Record<string, string> = {}, timeoutMs = 120_000): Promise<void> {
    if ((await answers(`${this.origin}/healthz`)) !== null)
      throw new Error(`port ${this.port} is taken by another server`);
    this.group.spawn({
      args: ['server/main.ts'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LOG_LEVEL: 'warn',
        ...this.env,
        ...extraEnv,
      },
    });
    await waitFor(
      `${this.name} ready`,
      async () => {
        if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.tail(40)}`);
        return (await answers(`${this.origin}/readyz`)) === 200;
      },
      timeoutMs,
    );
  }

  /** SIGTERM (the graceful drain and close), SIGKILL after `graceMs`; resolves with the exit code. */
  async stop(graceMs = 30_000): Promise<number | null> {
    return this.group.stop(graceMs, { leaderOnly: true });
  }

  killNow(): void {
    this.group.killNow();
  }

  tail(n: number): string {
    return this.group.tail(n);
  }
}

/**
 * The HAProxy config of deploy/haproxy.cfg with the test's ports and quick health checks:
 * roundrobin over the servers, GET /readyz every `interMs`, out of rotation after two failures.
 * A check may take 2 s: on a busy machine a shorter one would take healthy servers out too.
 */
export function haproxyConfig(opts: {
  port: number;
  statsPort: number;
  servers: { name: string; port: number }[];
  interMs: number;
  /** TLS on the front with HTTP/2 offered (ALPN), as browsers reach a deployment: the PEM's path. */
  tlsPem?: string;
}): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  timeout check 2s
  option http-keep-alive
  # A request that never reached a server (refused connection, or a kept-alive connection the
  # server closed as it was sent) goes to another server; one that reached a server is not resent.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend web
  bind 127.0.0.1:${opts.port}${opts.tlsPem ? ` ssl crt ${opts.tlsPem} alpn h2,http/1.1` : ''}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter ${opts.interMs} fastinter ${opts.interMs} downinter ${opts.interMs} fall 2 rise 2
${opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}

listen stats
  bind 127.0.0.1:${opts.statsPort}
  stats enable
  stats uri /stats
`;
}

/**
 * A self-signed certificate and its key for `localhost`, valid a day, in one PEM file (HAProxy's
 * `crt`), made by openssl; a browser must be told to ignore the certificate's errors.
 */
function selfSignedPem(dir: string): string {
  const [key, cert, pem] = ['key.pem', 'cert.pem', 'tls.pem'].map((f) => path.join(dir, f));
  const args =
    'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost';
  const made = spawnSync('openssl', [...args.split(' '), '-keyout', key, '-out', cert], { encoding: 'utf8' });
  if (made.status !== 0)
    throw new Error(`openssl could not make a certificate: ${made.stderr || made.error}`);
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return pem;
}

/**
 * HAProxy in the foreground on a generated config; `up()` reads which servers it sends to. With
 * `tls` its front speaks TLS and offers HTTP/2, on a self-signed certificate.
 */
export class Haproxy {
  readonly origin: string;
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'haproxy-'));
  private output = '';

  constructor(
    private readonly binary: string,
    private readonly opts: Omit<Parameters<typeof haproxyConfig>[0], 'tlsPem'> & { tls?: boolean },
  ) {
    this.origin = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${opts.port}`;
  }

  async start(): Promise<void> {
    const config = path.join(this.dir, 'haproxy.cfg');
    const tlsPem = this.opts.tls ? selfSignedPem(this.dir) : undefined;
    writeFileSync(config, haproxyConfig({ ...this.opts, tlsPem }));
    const child = spawn(this.binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (c: Buffer) => {
      this.output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      this.output += c.toString();
    });
    await waitFor(
      'haproxy listening',
      async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited:\n${this.output}`);
        return (await answers(`http://127.0.0.1:${this.opts.statsPort}/stats`)) === 200;
      },
      10_000,
    );
  }

  /** The names of the servers HAProxy's health checks currently find UP. */
  async up(): Promise<string[]> {
    const res = await fetch(`http://127.0.0.1:${this.opts.statsPort}/stats;csv`);
    const rows = (await res.text()).split('\n').map((l) => l.split(','));
    return rows
      .filter((r) => r[0] === 'app' && r[17]?.startsWith('UP') && r[1] !== 'BACKEND')
      .map((r) => r[1]);
  }

  async waitUntilUp(names: string[], timeoutMs = 30_000): Promise<void> {
    await waitFor(
      `haproxy sees ${names.join(', ')} up`,
      async () => {
        const up = await this.up().catch((): string[] => []);
        return names.every((n) => up.includes(n));
      },
      timeoutMs,
    );
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
