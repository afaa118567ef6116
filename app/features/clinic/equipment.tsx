import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Modal, ModalClose } from '../../components/ui/modal';

export interface EquipmentItem {
  id: number;
  name: string;
  imageUrl: string | null;
  attributes: { name: string; value: string }[];
  description: string;
}

/**
 * The clinic's equipment: names are server-rendered buttons with the description's first lines
 * under them; a click opens the popup with the picture, attributes and the whole description.
 */
export function Equipment({ items }: { items: EquipmentItem[] }) {
  const [shown, setShown] = useState<EquipmentItem | null>(null);
  if (!items.length) return null;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="equipment-h">
      <h2 id="equipment-h" className="text-xl font-semibold">
        Оборудование
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {items.map((e) => (
          <li key={e.id}>
            {/* The section hydrates after the page (ADR 021): Button waits for it. */}
            <Button
              variant="bare"
              aria-haspopup="dialog"
              onClick={() => setShown(e)}
              className="flex h-full w-full flex-col items-start rounded-lg border border-line p-3 text-left hover:border-brand"
            >
              <span className="font-medium text-brand">{e.name}</span>
              {e.description && (
                <span className="mt-0.5 line-clamp-2 text-sm text-ink-soft" data-equipment-description>
                  {e.description}
                </span>
              )}
              {e.attributes[0] && (
                <span className="mt-0.5 text-sm text-muted">
                  {e.attributes[0].name}: {e.attributes[0].value}
                </span>
              )}
            </Button>
          </li>
        ))}
      </ul>
      <Modal
        open={shown !== null}
        onOpenChange={(open) => !open && setShown(null)}
        title={shown?.name ?? ''}
        mobile="sheet"
        footer={
          <ModalClose asChild>
            <button
              type="button"
              className="w-full rounded-lg bg-brand px-5 py-3 font-medium text-white sm:w-auto"
            >
              Закрыть
            </button>
          </ModalClose>
        }
      >
        {shown && (
          <>
            {shown.imageUrl && (
              <img
                src={shown.imageUrl}
                alt={shown.name}
                className="mb-4 max-h-64 w-full rounded-lg object-contain"
              />
            )}
            {shown.attributes.length > 0 && (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {shown.attributes.map((a) => (
                  <div key={a.name} className="contents">
                    <dt className="text-muted">{a.name}</dt>
                    <dd>{a.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {shown.description && <p className="mt-4 leading-relaxed text-ink-soft">{shown.description}</p>}
          </>
        )}
      </Modal>
    </section>
  );
}
