import { useEffect } from 'react';
import type { RoomPage } from '../../core/online/contracts';
import { onlineRoomUrl } from '../../core/online/room';
import { ROOM_TEXTS } from '../../core/online/texts';
import { OnlineRoom } from '../features/online/online-room';
import { refused } from '../lib/refused.server';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/appointment-online';

/** The longest wait the early page reloads itself after (a timer's limit is far larger; a day is plenty). */
const MAX_RELOAD_WAIT_MS = 24 * 3_600_000;

/**
 * `/appointment/{id}/online/`: the consultation room of an online visit, the same page for its
 * patient and its doctor (docs/product/online-room.md). Before the opening it says when the room
 * opens and reloads itself then; after the closing that the consultation is over. Anyone else
 * gets the refusal (401 with a sign-in link, 403), a visit without a room a 404. Never cached.
 * `?relay=1` sends the media only through the TURN relay.
 */
export async function loader({ url, params, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw notFound();
  const now = context.clock.now();
  try {
    const room: RoomPage = await context.services.online.page(context.viewer, id, now);
    return {
      origin: context.origin,
      room,
      refusal: null,
      opensInMs: Math.max(0, new Date(room.opensAt).getTime() - now.getTime()),
      relayOnly: url.searchParams.get('relay') === '1',
    };
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 404) throw notFound();
    if (status !== 401 && status !== 403) throw err;
    return refused(context.viewer, {
      origin: context.origin,
      room: null,
      refusal: {
        detail: (err as { detail?: string }).detail ?? ROOM_TEXTS.notYours,
        signIn: context.viewer.isAnonymous ? `/login/?next=${encodeURIComponent(onlineRoomUrl(id))}` : null,
      },
      opensInMs: 0,
      relayOnly: false,
    });
  }
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '6xl' };

export const meta: Route.MetaFunction = ({ loaderData, params }) => [
  ...pageMeta({
    title: `${ROOM_TEXTS.title} — ПроДокторов`,
    description: ROOM_TEXTS.title,
    canonical: `${loaderData?.origin ?? ''}${onlineRoomUrl(Number(params.id) || 0)}`,
    noindex: true,
  }),
];

/** Before the opening: when it opens; the page reloads itself at that moment. */
function Early({ room, opensInMs }: { room: RoomPage; opensInMs: number }) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.reload(), Math.min(opensInMs + 1000, MAX_RELOAD_WAIT_MS));
    return () => clearTimeout(timer);
  }, [opensInMs]);
  return (
    <section className="card mt-4 p-6" data-testid="room-early">
      <p className="text-lg font-semibold" role="status">
        {ROOM_TEXTS.early(room.opensAtTime)}
      </p>
      <p className="mt-2 text-ink-soft">{ROOM_TEXTS.needs}</p>
    </section>
  );
}

export default function AppointmentOnline({ loaderData: d }: Route.ComponentProps) {
  if (!d.room) {
    return (
      <>
        <h1 className="text-2xl font-bold sm:text-3xl">{ROOM_TEXTS.title}</h1>
        <section className="card mt-4 p-6" role="alert">
          <p className="font-medium">{d.refusal?.detail}</p>
          {d.refusal?.signIn && (
            <a
              href={d.refusal.signIn}
              className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
            >
              Войти
            </a>
          )}
        </section>
      </>
    );
  }
  const { room } = d;
  const who = room.role === 'doctor' ? `Пациент: ${room.patientName}` : `Врач: ${room.doctorName}`;
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{ROOM_TEXTS.title}</h1>
      <p className="mt-1 text-ink-soft">
        {room.when} · {who}
        {room.role === 'patient' && room.specialities.length > 0 && `, ${room.specialities.join(', ')}`}
      </p>
      {room.time === 'early' && <Early room={room} opensInMs={d.opensInMs} />}
      {room.time === 'over' && (
        <section className="card mt-4 p-6">
          <p className="text-lg font-semibold" role="status">
            {ROOM_TEXTS.over}
          </p>
          {room.role === 'patient' && (
            <a href={room.visitUrl} className="mt-3 inline-block text-brand hover:underline">
              К записи
            </a>
          )}
        </section>
      )}
      {room.time === 'open' && <OnlineRoom room={room} relayOnly={d.relayOnly} />}
    </>
  );
}
