import type { AwardBannerData } from '../../../core/promo/contracts';
import { Modal } from '../../components/ui/modal';

/**
 * The award's modal: full screen on phones, a 456 px dialog on desktop; Escape or a click
 * outside closes it (the site's Modal). The button opens the award's own site in a new tab.
 */
export default function AwardModal({
  award,
  open,
  onOpenChange,
}: {
  award: AwardBannerData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { content } = award;
  const dark = content.dark;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={content.title}
      tone={dark ? 'dark' : 'light'}
      mobile="fullscreen"
      desktop="dialog"
      width={456}
      footer={
        <a
          href={content.button_href}
          target="_blank"
          rel="noopener noreferrer"
          className={`w-full rounded-lg px-4 py-2.5 text-center font-medium ${
            dark ? 'bg-white text-[#101c3a] hover:bg-white/90' : 'bg-brand text-white hover:bg-brand-dark'
          }`}
        >
          {content.button_text}
        </a>
      }
    >
      <img src={content.image} alt="" width={96} height={96} className="mx-auto h-24 w-24" />
      <ol className="mt-4 space-y-4">
        {content.events.map((event) => (
          <li key={`${event.title}|${event.date}`} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full text-sm ${
                event.done ? 'bg-success text-white' : dark ? 'border border-white/40' : 'border border-line'
              }`}
            >
              {event.done ? '✓' : ''}
            </span>
            <div className="min-w-0">
              <p className="font-semibold">
                {event.title}
                {event.done && <span className="sr-only"> (завершено)</span>}
              </p>
              <p className={`text-sm ${dark ? 'text-white/70' : 'text-muted'}`}>{event.date}</p>
              {event.paragraphs.map((paragraph) => (
                <p key={paragraph} className={`mt-1 text-sm ${dark ? 'text-white/90' : 'text-ink-soft'}`}>
                  {paragraph}
                </p>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
