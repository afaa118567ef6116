import { ROOM_TEXTS } from '../../../core/online/texts';

/**
 * An online visit's place on its page: the consultation room's link instead of the clinic's
 * address, when the room opens, what the patient needs, and that nothing is recorded.
 */
export function OnlineVisitNote({ online }: { online: { url: string; opensAt: string } }) {
  return (
    <section className="card mt-4 flex flex-col gap-2 p-4 text-sm sm:p-5" aria-labelledby="online-visit">
      <h2 id="online-visit" className="text-base font-semibold">
        {ROOM_TEXTS.title}
      </h2>
      <p>
        Консультация пройдёт на сайте, по видеосвязи. Войти можно с {online.opensAt}, за 10 минут до начала
        приёма, с этого же аккаунта.
      </p>
      <p className="text-ink-soft">{ROOM_TEXTS.needs}</p>
      <p className="text-ink-soft">Если видео не заработает, врач позвонит вам по телефону из записи.</p>
      <p className="text-ink-soft">{ROOM_TEXTS.privacy}</p>
      <a
        href={online.url}
        className="mt-1 self-start rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
      >
        {ROOM_TEXTS.join}
      </a>
    </section>
  );
}
