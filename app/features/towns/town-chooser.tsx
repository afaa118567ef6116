import { useRef, useState } from 'react';
import type { TownDialog as TownDialogType } from './town-dialog';

/**
 * The header's town chooser (docs/product/towns-and-search.md): the link to the town list page, which opens
 * the popup once scripts run. The popup's chunk loads on the first pointer over the link or
 * the first click, so it is not in every page's first-load JavaScript.
 */
export function TownChooser({ town }: { town: { name: string } }) {
  const [open, setOpen] = useState(false);
  const [Popup, setPopup] = useState<typeof TownDialogType | null>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const load = () => {
    if (!Popup) void import('./town-dialog').then((m) => setPopup(() => m.TownDialog));
  };

  return (
    <>
      <a
        ref={trigger}
        href="/?town=choose"
        onPointerEnter={load}
        onClick={(e) => {
          e.preventDefault();
          load();
          setOpen(true);
        }}
        className="order-4 flex min-w-0 items-center gap-1 rounded-md px-1 py-1 text-sm text-ink-soft hover:bg-canvas sm:order-2 sm:px-2"
        aria-label={`Город: ${town.name}. Выбрать другой город`}
        aria-haspopup="dialog"
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-brand" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 1.5a6 6 0 0 0-6 6c0 4.4 6 11 6 11s6-6.6 6-11a6 6 0 0 0-6-6Zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4Z"
          />
        </svg>
        <span className="max-w-[8rem] truncate sm:max-w-none">{town.name}</span>
      </a>
      {Popup && <Popup open={open} onOpenChange={setOpen} trigger={trigger} />}
    </>
  );
}
