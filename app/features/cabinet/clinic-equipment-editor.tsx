import {
  cabinetAddEquipment,
  cabinetMoveEquipment,
  cabinetRemoveEquipment,
  cabinetSetEquipment,
} from '../../../core/cabinet/calls';
import type { CabinetEquipment, ClinicMedia } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_MEDIA_LIMITS as L, CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { useCall } from '../../lib/use-call';
import { keepMedia, MediaItemsSection } from './clinic-media-items';
import { useSectionCalls } from './use-section-calls';

type Attribute = { name: string; value: string };
type Draft = { name: string; description: string; attributes: Attribute[]; image: string | null };
const EMPTY: Draft = { name: '', description: '', attributes: [], image: null };

const draftOf = (e: CabinetEquipment): Draft => ({
  name: e.name,
  description: e.description,
  attributes: e.attributes,
  image: e.image,
});

/** A piece of equipment's own fields: its name, its description, its attributes (a name and a value each). */
function EquipmentFields({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  const setAttribute = (i: number, patch: Partial<Attribute>) =>
    set({ attributes: draft.attributes.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  return (
    <>
      <Field label={T.equipmentName}>
        {(control) => (
          <input
            {...control}
            className={INPUT}
            required
            maxLength={L.equipmentNameMax}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field label={T.equipmentDescription}>
        {(control) => (
          <textarea
            {...control}
            className={`${INPUT} min-h-20`}
            maxLength={L.equipmentDescriptionMax}
            value={draft.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm text-ink-soft">{T.attributes}</legend>
        {draft.attributes.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own until saved
          <div key={i} className="flex flex-wrap items-center gap-2">
            <input
              aria-label={`${T.attributeName} ${i + 1}`}
              placeholder={T.attributeName}
              className={`${INPUT} min-w-0 flex-1`}
              maxLength={L.attributeNameMax}
              value={a.name}
              onChange={(e) => setAttribute(i, { name: e.currentTarget.value })}
            />
            <input
              aria-label={`${T.attributeValue} ${i + 1}`}
              placeholder={T.attributeValue}
              className={`${INPUT} min-w-0 flex-1`}
              maxLength={L.attributeValueMax}
              value={a.value}
              onChange={(e) => setAttribute(i, { value: e.currentTarget.value })}
            />
            <Button
              variant="secondary"
              aria-label={`${T.attributeRemove} ${i + 1}`}
              onClick={() => set({ attributes: draft.attributes.filter((_, j) => j !== i) })}
            >
              ✕
            </Button>
          </div>
        ))}
        {draft.attributes.length < L.attributesMax && (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => set({ attributes: [...draft.attributes, { name: '', value: '' }] })}
          >
            + {T.attributeAdd}
          </Button>
        )}
      </fieldset>
    </>
  );
}

/** 'Оборудование': name, description, attributes and a picture; add, change, order, remove. */
export function ClinicEquipmentEditor({
  media,
  onChange,
}: {
  media: ClinicMedia;
  onChange: (media: ClinicMedia) => void;
}) {
  const section = useSectionCalls({
    add: useCall(cabinetAddEquipment),
    set: useCall(cabinetSetEquipment),
    move: useCall(cabinetMoveEquipment),
    remove: useCall(cabinetRemoveEquipment),
  });
  return (
    <MediaItemsSection
      texts={{
        title: T.equipmentTitle,
        lead: T.equipmentLead,
        none: T.equipmentNone,
        add: T.equipmentAdd,
        removeAsk: T.equipmentRemoveAsk,
        image: T.equipmentImage,
      }}
      items={media.equipment}
      empty={EMPTY}
      draftOf={draftOf}
      fields={(draft, set) => <EquipmentFields draft={draft} set={set} />}
      summary={(e) => (
        <>
          {e.image && <img src={e.image} alt={e.name} className="h-20 w-24 rounded-md object-cover" />}
          <div className="min-w-0 flex-1">
            <p className="font-medium">{e.name}</p>
            {e.attributes.length > 0 && (
              <p className="text-sm text-ink-soft">
                {e.attributes.map((a) => `${a.name}: ${a.value}`).join(' · ')}
              </p>
            )}
          </div>
        </>
      )}
      names={(e) => ({ edit: e.name, remove: e.name })}
      call={section.form}
      done={section.last?.done}
      onAdd={(body) => keepMedia(section.run('add', { body }, T.equipmentAdded), onChange)}
      onSet={(id, body) => keepMedia(section.run('set', { params: { id }, body }, T.saved), onChange)}
      onMove={(id, direction) =>
        void keepMedia(section.run('move', { params: { id }, body: { direction } }, T.moved), onChange)
      }
      onRemove={(id) =>
        void keepMedia(section.run('remove', { params: { id } }, T.equipmentRemoved), onChange)
      }
    />
  );
}
