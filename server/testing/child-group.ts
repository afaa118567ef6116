/**
 * A Node script run as a child in its own process group, for the tests and the benchmark that
 * start servers (server/testing/cluster.ts, bench/server.ts, bench/yardstick.ts): its output is
 * kept, not printed (the last lines, shown when it fails); stopping it signals the whole group,
 * so nothing it started outlives it.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface ChildStart {
  /** The script and its arguments: TypeScript runs as `node --import tsx …`, JavaScript as `node …`. */
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** An IPC channel (structured clone) for start-up messages. */
  ipc?: boolean;
}

export class ChildGroup {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private lines: string[] = [];
  /** Lines the child printed in total. */
  logged = 0;

  constructor(
    /** Prefixes each line of `tail()`. */
    readonly label: string,
    private readonly keepLines = 50,
  ) {}

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The child's pid while it runs (its group's id too). */
  get pid(): number | null {
    return this.running ? (this.child?.pid ?? null) : null;
  }

  /** Starts the child; the returned process is for its messages and events only. */
  spawn({ args, env, ipc = false }: ChildStart): ChildProcess {
    if (this.running) throw new Error(`${this.label} already running`);
    const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
    const child = spawn(process.execPath, [...loader, ...args], {
      detached: true,
      stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
      serialization: ipc ? 'advanced' : 'json',
      env,
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        this.logged++;
        this.lines.push(line);
        if (this.lines.length > this.keepLines) this.lines.shift();
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  }

  /**
   * SIGTERM, then SIGKILL to the group after `graceMs`; resolves with the exit code (null when
   * killed or not running). `leaderOnly` sends the SIGTERM to the child alone, as a process
   * manager does (its own children are its to stop).
   */
  async stop(graceMs: number, { leaderOnly = false } = {}): Promise<number | null> {
    const pid = this.pid;
    if (pid === null) return null;
    signal(leaderOnly ? pid : -pid, 'SIGTERM');
    const timer = setTimeout(() => signal(-pid, 'SIGKILL'), graceMs);
    const code = await this.exited;
    clearTimeout(timer);
    this.child = null;
    return code;
  }

  /** SIGKILL to the group, for process 'exit' handlers (where nothing asynchronous runs). */
  killNow(): void {
    const pid = this.pid;
    if (pid !== null) signal(-pid, 'SIGKILL');
  }

  /** The last `n` lines kept, each prefixed with the label. */
  tail(n = this.keepLines): string {
    return this.lines
      .slice(-n)
      .map((l) => `  [${this.label}] ${l}`)
      .join('\n');
  }
}

function signal(target: number, name: NodeJS.Signals) {
  try {
    process.kill(target, name);
  } catch {
    // Already gone.
  }
}
