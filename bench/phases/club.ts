/**
 * The club figures on the running server with the dev payments provider: the club data call
 * (`GET /club/ajax/user_data/`) as a signed-in patient, and the paid card's round trip: the card
 * request, the dev checkout's 'Оплатить' (which notifies the server in-process, as the real
 * provider would over HTTP) and the status call answering `paid`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { clubCards } from '../../server/db/schema/club';
import { signInRoundTrips } from '../calls/auth';
import { median, ms, percentile, table } from '../stats';
import type { Bench } from './context';

export const USER_DATA_P95_TARGET_MS = 10;
const USER_DATA_RUNS = 300;
const ROUND_TRIPS = 30;

export interface ClubResult {
  userData: { runs: number; p50: number; p95: number };
  join: number;
  roundTrip: { runs: number; p50: number; p95: number; failures: Record<string, number> };
}

export async function clubPhase(bench: Bench, db: Db): Promise<ClubResult> {
  const origin = bench.server.origin;
  const { session } = await signInRoundTrips(origin, 1, 1);
  if (!session) throw new Error('no sign-in succeeded: cannot time the club calls');
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-csrftoken': session.csrf,
    cookie: `csrftoken=${session.csrf}; ${session.cookie}`,
  };
  const call = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, { headers, ...init });

  const joinStarted = performance.now();
  const joined = await call('/club/ajax/card/', { method: 'POST' });
  if (joined.status !== 201) throw new Error(`club join answered ${joined.status}`);
  await joined.arrayBuffer();
  const join = performance.now() - joinStarted;
  const me = (await (await call('/club/ajax/user_data/')).json()) as {
    is_in_club: boolean;
    club_card: { mt_link: string } | null;
  };
  if (!me.is_in_club || !me.club_card) throw new Error('joined, yet user_data says not in the club');
  const token = me.club_card.mt_link.split('/').filter(Boolean).at(-1) ?? '';
  const [card] = await db
    .select({ userId: clubCards.userId })
    .from(clubCards)
    .where(eq(clubCards.token, token));
  if (!card) throw new Error('the joined card is not in the bench database');

  const samples: number[] = [];
  for (let i = 0; i < USER_DATA_RUNS + 20; i++) {
    const started = performance.now();
    const res = await call('/club/ajax/user_data/');
    await res.arrayBuffer();
    if (i >= 20) samples.push(performance.now() - started);
  }

  const trips: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (what: string) => {
    failures[what] = (failures[what] ?? 0) + 1;
  };
  for (let i = 0; i < ROUND_TRIPS; i++) {
    // The patient's cards end (not timed): the next card is the paid one.
    await db
      .update(clubCards)
      .set({ dtStart: new Date(Date.now() - 2 * 86_400_000), dtEnd: new Date(Date.now() - 1000) })
      .where(eq(clubCards.userId, card.userId));
    const started = performance.now();
    const created = await call('/club/ajax/card/request/', {
      method: 'POST',
      body: JSON.stringify({ return_url: '/moskva/', receipt_email: 'bench@example.ru' }),
    });
    if (created.status !== 201) {
      fail(`request ${created.status}`);
      await created.arrayBuffer();
      continue;
    }
    const { id, provider_payment_data } = (await created.json()) as {
      id: number;
      provider_payment_data: { url: string };
    };
    const checkout = new URL(provider_payment_data.url).pathname;
    const paid = await fetch(`${origin}${checkout}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: headers.cookie },
      body: `csrfmiddlewaretoken=${encodeURIComponent(session.csrf)}`,
    });
    await paid.arrayBuffer();
    if (paid.status !== 303) {
      fail(`checkout ${paid.status}`);
      continue;
    }
    const status = (await (await call(`/club/ajax/card/request/${id}/status/`)).json()) as { status: string };
    if (status.status !== 'paid') {
      fail(`status ${status.status}`);
      continue;
    }
    trips.push(performance.now() - started);
  }
  const result: ClubResult = {
    userData: { runs: samples.length, p50: median(samples), p95: percentile(samples, 95) },
    join,
    roundTrip: { runs: trips.length, p50: median(trips), p95: percentile(trips, 95), failures },
  };
  console.log(
    `club     ${'user_data, signed-in patient, sequential'.padEnd(52)} p50 ${ms(result.userData.p50)} ms  p95 ${ms(result.userData.p95)} ms`,
  );
  console.log(
    `club     ${'card request → pay → status paid (dev provider)'.padEnd(52)} p50 ${ms(result.roundTrip.p50)} ms  p95 ${ms(result.roundTrip.p95)} ms${Object.keys(failures).length ? `  failures ${JSON.stringify(failures)}` : ''}`,
  );
  return result;
}

export function clubTable(club: ClubResult): string {
  return [
    'Club (dev payments provider; one signed-in patient, sequential calls):',
    table(
      ['measure', 'runs', 'p50 ms', 'p95 ms', 'target'],
      [
        [
          'user_data',
          String(club.userData.runs),
          ms(club.userData.p50),
          ms(club.userData.p95),
          `p95 < ${USER_DATA_P95_TARGET_MS} ms`,
        ],
        ['free join (first card)', '1', ms(club.join), ms(club.join), '—'],
        [
          'card request → pay → paid',
          String(club.roundTrip.runs),
          ms(club.roundTrip.p50),
          ms(club.roundTrip.p95),
          '—',
        ],
      ],
      [false, true, true, true, false],
    ),
  ].join('\n');
}
