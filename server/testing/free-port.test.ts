import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePorts, onFreePorts } from './free-port';

const listening: Server[] = [];
afterEach(async () => {
  await Promise.all(listening.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      listening.push(server);
      resolve(server);
    });
  });
}

describe('ports for the servers a test starts', () => {
  it('are different, free, and below the range the OS gives outgoing connections', async () => {
    const ports = await freePorts(4);
    expect(new Set(ports).size).toBe(4);
    for (const port of ports) {
      expect(port).toBeLessThan(32768);
      await listen(port);
    }
  });

  it('start again on other ports when one was taken between the probe and the bind', async () => {
    const tried: number[][] = [];
    const server = await onFreePorts(2, async (ports) => {
      tried.push(ports);
      // Another listener takes the first port meanwhile, once.
      if (tried.length === 1) await listen(ports[0]);
      return listen(ports[0]);
    });
    expect(tried).toHaveLength(2);
    expect(server.address()).toMatchObject({ port: tried[1][0] });
  });

  it('do not start again when the start fails for another reason', async () => {
    let starts = 0;
    const failing = onFreePorts(1, async () => {
      starts++;
      throw new Error('haproxy exited: unknown keyword');
    });
    await expect(failing).rejects.toThrow('unknown keyword');
    expect(starts).toBe(1);
  });
});
