import { cabinetAddLicence, cabinetRemoveLicence, cabinetSetLicence } from '../../../core/cabinet/calls';
import type { CabinetLicence, ClinicMedia } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { formatLongDate } from '../../../core/dates/zoned';
import { Field, INPUT } from '../../components/ui/field';
import { useCall } from '../../lib/use-call';
import { keepMedia, MediaItemsSection } from './clinic-media-items';
import { useSectionCalls } from './use-section-calls';

type Draft = { number: string; issuedAt: string; authority: string; image: string | null };
const EMPTY: Draft = { number: '', issuedAt: '', authority: '', image: null };

const draftOf = (l: CabinetLicence): Draft => ({
  number: l.number,
  issuedAt: l.issuedAt,
  authority: l.authority,
  image: l.image,
});

/** A licence's own fields: its number, its date of issue, who issued it. */
function LicenceFields({
  draft,
  set,
  today,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  today: string;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={T.licenceNumber}>
          {(control) => (
            <input
              {...control}
              className={INPUT}
              required
              maxLength={60}
              value={draft.number}
              onChange={(e) => set({ number: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label={T.licenceIssuedAt}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={INPUT}
              required
              min="1990-01-01"
              max={today}
              value={draft.issuedAt}
              onChange={(e) => set({ issuedAt: e.currentTarget.value })}
            />
          )}
        </Field>
      </div>
      <Field label={T.licenceAuthority}>
        {(control) => (
          <input
            {...control}
            className={INPUT}
            required
            maxLength={300}
            value={draft.authority}
            onChange={(e) => set({ authority: e.currentTarget.value })}
          />
        )}
      </Field>
    </>
  );
}

/** 'Лицензии': number, issue date, issuing authority and an optional scan; add, change, remove. */
export function ClinicLicencesEditor({
  media,
  onChange,
}: {
  media: ClinicMedia;
  onChange: (media: ClinicMedia) => void;
}) {
  const section = useSectionCalls({
    add: useCall(cabinetAddLicence),
    set: useCall(cabinetSetLicence),
    remove: useCall(cabinetRemoveLicence),
  });
  return (
    <MediaItemsSection
      texts={{
        title: T.licencesTitle,
        lead: T.licencesLead,
        none: T.licencesNone,
        add: T.licenceAdd,
        removeAsk: T.licenceRemoveAsk,
        image: T.licenceScan,
      }}
      items={media.licences}
      empty={EMPTY}
      draftOf={draftOf}
      fields={(draft, set) => <LicenceFields draft={draft} set={set} today={media.today} />}
      summary={(l) => (
        <>
          {l.image && (
            <img
              src={l.image}
              alt={`${T.licenceScan} № ${l.number}`}
              className="h-24 w-20 rounded-md object-cover"
            />
          )}
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              № {l.number} от {formatLongDate(l.issuedAt, 'UTC')}
            </p>
            <p className="text-sm text-ink-soft">{l.authority}</p>
          </div>
        </>
      )}
      names={(l) => ({ edit: `№ ${l.number}`, remove: `лицензия № ${l.number}` })}
      call={section.form}
      done={section.last?.done}
      onAdd={(body) => keepMedia(section.run('add', { body }, T.licenceAdded), onChange)}
      onSet={(id, body) => keepMedia(section.run('set', { params: { id }, body }, T.saved), onChange)}
      onRemove={(id) => void keepMedia(section.run('remove', { params: { id } }, T.licenceRemoved), onChange)}
    />
  );
}
