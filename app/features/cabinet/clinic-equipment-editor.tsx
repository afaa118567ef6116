import { useId, useState } from 'react';
import {
  cabinetAddEquipment,
  cabinetMoveEquipment,
  cabinetRemoveEquipment,
  cabinetSetEquipment,
} from '../../../core/cabinet/calls';
import type { CabinetEquipment, ClinicMedia } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_MEDIA_LIMITS as L, CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { api } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';
import { useMediaCall } from './clinic-gallery-editor';
import { ImageField, MoveButtons, RemoveButton } from './clinic-media-parts';
import { FIELD, PRIMARY, SECONDARY, StatusNote } from './clinic-page-form';

type Draft = {
  name: string;
  description: string;
  attributes: { name: string; value: string }[];
  image: string | null;
};
const EMPTY: Draft = { name: '', description: '', attributes: [], image: null };

/** A piece of equipment's fields; `onSave` answers whether the call went through. */
function EquipmentForm({
  initial,
  busy,
  submit,
  onSave,
  onCancel,
}: {
  initial: Draft;
  busy: boolean;
  submit: string;
  onSave: (draft: Draft) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setAttribute = (i: number, patch: Partial<{ name: string; value: string }>) =>
    set({ attributes: draft.attributes.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={submit}
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await onSave(draft)) && !onCancel) setDraft(EMPTY);
      }}
    >
      <label htmlFor={`${id}-n`} className="flex flex-col gap-1">
        <span className="text-sm text-ink-soft">{T.equipmentName}</span>
        <input
          id={`${id}-n`}
          className={FIELD}
          required
          maxLength={L.equipmentNameMax}
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
      </label>
      <label htmlFor={`${id}-d`} className="flex flex-col gap-1">
        <span className="text-sm text-ink-soft">{T.equipmentDescription}</span>
        <textarea
          id={`${id}-d`}
          className={`${FIELD} min-h-20`}
          maxLength={L.equipmentDescriptionMax}
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm text-ink-soft">{T.attributes}</legend>
        {draft.attributes.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own until saved
          <div key={i} className="flex flex-wrap items-center gap-2">
            <input
              aria-label={`${T.attributeName} ${i + 1}`}
              placeholder={T.attributeName}
              className={`${FIELD} min-w-0 flex-1`}
              maxLength={L.attributeNameMax}
              value={a.name}
              onChange={(e) => setAttribute(i, { name: e.currentTarget.value })}
            />
            <input
              aria-label={`${T.attributeValue} ${i + 1}`}
              placeholder={T.attributeValue}
              className={`${FIELD} min-w-0 flex-1`}
              maxLength={L.attributeValueMax}
              value={a.value}
              onChange={(e) => setAttribute(i, { value: e.currentTarget.value })}
            />
            <button
              type="button"
              className={SECONDARY}
              aria-label={`${T.attributeRemove} ${i + 1}`}
              onClick={() => set({ attributes: draft.attributes.filter((_, j) => j !== i) })}
            >
              ✕
            </button>
          </div>
        ))}
        {draft.attributes.length < L.attributesMax && (
          <button
            type="button"
            className={`${SECONDARY} self-start`}
            onClick={() => set({ attributes: [...draft.attributes, { name: '', value: '' }] })}
          >
            + {T.attributeAdd}
          </button>
        )}
      </fieldset>
      <ImageField
        label={T.equipmentImage}
        value={draft.image}
        disabled={!hydrated || busy}
        onChange={(image) => set({ image })}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY} disabled={busy}>
          {submit}
        </button>
        {onCancel && (
          <button type="button" className={SECONDARY} onClick={onCancel}>
            {T.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

const draftOf = (e: CabinetEquipment): Draft => ({
  name: e.name,
  description: e.description,
  attributes: e.attributes,
  image: e.image,
});

/** 'Оборудование': name, description, attributes and a picture; add, change, order, remove. */
export function ClinicEquipmentEditor({
  media,
  onChange,
}: {
  media: ClinicMedia;
  onChange: (media: ClinicMedia) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const { busy, note, run } = useMediaCall(onChange);
  const items = media.equipment;
  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.equipmentTitle}
      </h2>
      <p className="text-sm text-ink-soft">{T.equipmentLead}</p>
      {items.length === 0 ? (
        <p className="text-ink-soft">{T.equipmentNone}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={T.equipmentTitle}>
          {items.map((e, i) => (
            <li key={e.id} className="rounded-lg border border-line p-3">
              {editing === e.id ? (
                <EquipmentForm
                  initial={draftOf(e)}
                  busy={busy}
                  submit={T.save}
                  onCancel={() => setEditing(null)}
                  onSave={async (draft) => {
                    const ok = await run(
                      () => api.send(cabinetSetEquipment, { params: { id: e.id }, body: draft }),
                      T.saved,
                    );
                    if (ok) setEditing(null);
                    return ok;
                  }}
                />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  {e.image && (
                    <img src={e.image} alt={e.name} className="h-20 w-24 rounded-md object-cover" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{e.name}</p>
                    {e.attributes.length > 0 && (
                      <p className="text-sm text-ink-soft">
                        {e.attributes.map((a) => `${a.name}: ${a.value}`).join(' · ')}
                      </p>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <MoveButtons
                      name={e.name}
                      first={i === 0}
                      last={i === items.length - 1}
                      busy={busy}
                      onMove={(direction) =>
                        void run(
                          () => api.send(cabinetMoveEquipment, { params: { id: e.id }, body: { direction } }),
                          T.moved,
                        )
                      }
                    />
                    <button
                      type="button"
                      className={SECONDARY}
                      disabled={busy}
                      aria-label={`${T.edit}: ${e.name}`}
                      onClick={() => setEditing(e.id)}
                    >
                      {T.edit}
                    </button>
                    <RemoveButton
                      name={e.name}
                      question={T.equipmentRemoveAsk}
                      busy={busy}
                      onRemove={() =>
                        void run(
                          () => api.send(cabinetRemoveEquipment, { params: { id: e.id } }),
                          T.equipmentRemoved,
                        )
                      }
                    />
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="border-t border-line pt-3">
        <h3 className="mb-2 font-medium">{T.equipmentAdd}</h3>
        <EquipmentForm
          initial={EMPTY}
          busy={busy}
          submit={T.equipmentAdd}
          onSave={(draft) => run(() => api.send(cabinetAddEquipment, { body: draft }), T.equipmentAdded)}
        />
      </div>
      <StatusNote note={note} />
    </section>
  );
}
