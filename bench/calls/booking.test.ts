import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bookDistinctSlots, firstBookingDay, raceForOneSlot } from './booking';

describe('the days the benchmark books', () => {
  it('starts tomorrow in Moscow, out of any clinic’s cancel cut-off today', () => {
    // 17:34 in Moscow: the first free times today are inside a two-hour cut-off.
    expect(firstBookingDay(Date.parse('2026-12-03T14:34:00Z'))).toBe('2026-12-04');
    // 01:30 in Moscow is already the next day there.
    expect(firstBookingDay(Date.parse('2026-12-03T22:30:00Z'))).toBe('2026-12-05');
  });
});

/**
 * A booking call that, like the portal's visit caps, refuses (409) a patient's second booking,
 * and records who booked which slot.
 */
async function bookingServer() {
  const booked = new Map<string, string>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const patient = /sessionid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      const { slot } = JSON.parse(body) as { slot: string };
      const taken = [...booked.values()].includes(slot);
      if (booked.has(patient) || taken) {
        res.writeHead(409, { 'content-type': 'application/json' }).end('{"detail":"no"}');
        return;
      }
      booked.set(patient, slot);
      const id = booked.size;
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ appointment: { id, url: `/appointment/${id}/?token=t${id}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, booked, close: () => new Promise((resolve) => server.close(resolve)) };
}

const people = (n: number) => Array.from({ length: n }, (_, i) => ({ cookie: `sessionid=p${i}`, csrf: 'c' }));
const slots = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ doctor_id: i, lpu_id: 1, slot: `18.12.2026 ${10 + i}:00` }));

describe('the booking figures', () => {
  it('book each distinct slot as a patient of its own, so no patient’s cap refuses one', async () => {
    const server = await bookingServer();
    try {
      const r = await bookDistinctSlots(server.origin, people(30), slots(30), 5, 5);
      expect(r.booked).toBe(30);
      expect(r.other).toEqual({ 'pool exhausted': 1 });
      expect([...server.booked].sort()).toEqual(
        slots(30)
          .map((s, i) => [`p${i}`, s.slot])
          .sort(),
      );
    } finally {
      await server.close();
    }
  });

  it('refuse a pool with fewer patients than slots', async () => {
    await expect(bookDistinctSlots('http://127.0.0.1:9', people(2), slots(3), 1, 1)).rejects.toThrow(
      '3 slots but only 2 patients',
    );
  });

  it('race for one slot with one patient per attempt: one winner, the rest 409', async () => {
    const server = await bookingServer();
    try {
      const r = await raceForOneSlot(server.origin, people(20), slots(1)[0]);
      expect({ attempts: r.attempts, winners: r.winners, conflicts: r.conflicts }).toEqual({
        attempts: 20,
        winners: 1,
        conflicts: 19,
      });
    } finally {
      await server.close();
    }
  });
});
