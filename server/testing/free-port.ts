/**
 * Ports for the servers and proxies a test starts as child processes (HAProxy, `server/main.ts`),
 * which must be told their port before they bind it. A server in the test's own process listens
 * on port 0 instead and reads the port it got.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port the OS hands to outgoing connections (Linux's ip_local_port_range), 32768 elsewhere. */
function ephemeralFloor(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

/** Listens on 127.0.0.1:`port` and closes again: the port it got, or null when it was taken. */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A port on 127.0.0.1 that nothing listens on now, drawn at random below the ephemeral range.
 * Not one the OS picks for port 0: the OS hands those to outgoing connections too, so between
 * this probe and the child's bind (or while a restarted child is down) any test's connection may
 * take it, which CI once saw ('cannot bind socket (Address already in use)'). Below that range
 * only another listener can take it, and `onFreePorts` starts again then.
 */
export async function freePort(): Promise<number> {
  const floor = ephemeralFloor();
  for (let tries = 0; tries < 50; tries++) {
    const port = 10_000 + Math.floor(Math.random() * (floor - 10_000));
    if ((await probe(port)) !== null) return port;
  }
  // A machine whose low ports are all taken (or a range starting below 10000): the OS's choice.
  const port = await probe(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** `count` different free ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}

/** Node's EADDRINUSE, HAProxy's 'cannot bind socket', or AppProcess finding its port answering. */
export function isPortTaken(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err);
  return /EADDRINUSE|Address already in use|cannot bind socket|is taken by another server/.test(text);
}

/**
 * Runs `start` on `count` free ports, and again on new ones when a port was taken between the
 * probe and the bind. `start` stops whatever it started before it throws.
 */
export async function onFreePorts<T>(
  count: number,
  start: (ports: number[]) => Promise<T>,
  attempts = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePorts(count));
    } catch (err) {
      if (attempt >= attempts || !isPortTaken(err)) throw err;
    }
  }
}
