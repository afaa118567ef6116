// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoctorSlots, SlotsBulkRequest } from '../../../core/schedule/contracts';
import { createSlotsBatcher, postSlotsBulk } from './slots-api';

const span = { days: 14, dtStart: '2026-05-04', townTimedelta: 3 };

const answerOf = (doctor_id: number, lpu_id: number, appointment_on = true): DoctorSlots => ({
  doctor_id,
  lpu_id,
  appointment_on,
  slots: { '2026-05-05': [{ time: '09:00', duration: 30 }] },
});

/** A slots_bulk that answers every pair it is asked. */
function fakeBulk() {
  return vi.fn(async (body: SlotsBulkRequest) =>
    body.doctors_lpus.map((p) => answerOf(p.doctor_id, p.lpu_id)),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('createSlotsBatcher', () => {
  it('asks for the cards of one tick in a single call with every doctor-clinic pair', async () => {
    const bulk = fakeBulk();
    const request = createSlotsBatcher(bulk);
    const answers = await Promise.all([request(1, 10, span), request(2, 20, span), request(3, 10, span)]);
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(bulk).toHaveBeenCalledWith({
      days: 14,
      dt_start: '2026-05-04',
      town_timedelta: 3,
      doctors_lpus: [
        { doctor_id: 1, lpu_id: 10 },
        { doctor_id: 2, lpu_id: 20 },
        { doctor_id: 3, lpu_id: 10 },
      ],
    });
    expect(answers.map((a) => [a?.doctor_id, a?.lpu_id])).toEqual([
      [1, 10],
      [2, 20],
      [3, 10],
    ]);
  });

  it('makes a new call for cards that come later and does not ask again for a known card', async () => {
    const bulk = fakeBulk();
    const request = createSlotsBatcher(bulk);
    await request(1, 10, span);
    await Promise.all([request(1, 10, span), request(2, 10, span)]);
    expect(bulk).toHaveBeenCalledTimes(2);
    expect(bulk.mock.calls[1][0].doctors_lpus).toEqual([{ doctor_id: 2, lpu_id: 10 }]);
  });

  it('splits more than a hundred cards into calls of a hundred', async () => {
    const bulk = fakeBulk();
    const request = createSlotsBatcher(bulk);
    await Promise.all(Array.from({ length: 130 }, (_, i) => request(i + 1, 10, span)));
    expect(bulk.mock.calls.map((c) => c[0].doctors_lpus.length)).toEqual([100, 30]);
  });

  it('answers null for every card of a failed call, and asks again next time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bulk = vi.fn<(body: SlotsBulkRequest) => Promise<DoctorSlots[]>>();
    bulk.mockRejectedValueOnce(new Error('slots_bulk: HTTP 500'));
    bulk.mockResolvedValueOnce([answerOf(1, 10)]);
    const request = createSlotsBatcher(bulk);
    expect(await Promise.all([request(1, 10, span), request(2, 10, span)])).toEqual([null, null]);
    expect((await request(1, 10, span))?.appointment_on).toBe(true);
    expect(bulk).toHaveBeenCalledTimes(2);
  });

  it('batches by appointment type: a home-visit ask is its own call with type_schedule', async () => {
    const bulk = fakeBulk();
    const request = createSlotsBatcher(bulk);
    await Promise.all([request(1, 10, span), request(1, 10, span, 'home'), request(2, 10, span, 'home')]);
    expect(bulk).toHaveBeenCalledTimes(2);
    expect(bulk.mock.calls[0][0]).not.toHaveProperty('type_schedule');
    expect(bulk.mock.calls[1][0]).toMatchObject({
      type_schedule: 'home',
      doctors_lpus: [
        { doctor_id: 1, lpu_id: 10 },
        { doctor_id: 2, lpu_id: 10 },
      ],
    });
    // Each type's answer is kept apart: asking again for either makes no call.
    await Promise.all([request(1, 10, span, 'clinic'), request(1, 10, span, 'home')]);
    expect(bulk).toHaveBeenCalledTimes(2);
  });

  it('answers null for a card the call left out', async () => {
    const request = createSlotsBatcher(async () => [answerOf(1, 10)]);
    expect(await request(2, 10, span)).toBeNull();
  });
});

describe('postSlotsBulk', () => {
  it('posts JSON with the CSRF token from the cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server's CSRF cookie, which the client reads
    document.cookie = 'csrftoken=abc123';
    const fetchMock = vi.fn(async () => Response.json([answerOf(1, 10)]));
    vi.stubGlobal('fetch', fetchMock);
    const body = {
      days: 14,
      dt_start: '2026-05-04',
      town_timedelta: 3,
      doctors_lpus: [{ doctor_id: 1, lpu_id: 10 }],
    };
    expect(await postSlotsBulk(body)).toEqual([answerOf(1, 10)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/schedule/slots_bulk/');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-CSRFToken': 'abc123' });
    expect(init.body).toBe(JSON.stringify(body));
  });

  it('fails on an error status with the server’s reason', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('{"detail":"x"}', { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    await expect(
      postSlotsBulk({ days: 14, dt_start: '2026-05-04', town_timedelta: 3, doctors_lpus: [] }),
    ).rejects.toMatchObject({ kind: 'http', status: 400, detail: 'x' });
  });
});
