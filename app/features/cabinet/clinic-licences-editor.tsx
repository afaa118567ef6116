import { useId, useState } from 'react';
import { cabinetAddLicence, cabinetRemoveLicence, cabinetSetLicence } from '../../../core/cabinet/calls';
import type { CabinetLicence, ClinicMedia } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { formatLongDate } from '../../../core/dates/zoned';
import { api } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';
import { useMediaCall } from './clinic-gallery-editor';
import { ImageField, RemoveButton } from './clinic-media-parts';
import { FIELD, PRIMARY, SECONDARY, StatusNote } from './clinic-page-form';

type Draft = { number: string; issuedAt: string; authority: string; image: string | null };
const EMPTY: Draft = { number: '', issuedAt: '', authority: '', image: null };

/** A licence's fields; `onSave` answers whether the call went through. */
function LicenceForm({
  initial,
  today,
  busy,
  submit,
  onSave,
  onCancel,
}: {
  initial: Draft;
  today: string;
  busy: boolean;
  submit: string;
  onSave: (draft: Draft) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={submit}
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await onSave(draft)) && !onCancel) setDraft(EMPTY);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label htmlFor={`${id}-n`} className="flex flex-col gap-1">
          <span className="text-sm text-ink-soft">{T.licenceNumber}</span>
          <input
            id={`${id}-n`}
            className={FIELD}
            required
            maxLength={60}
            value={draft.number}
            onChange={(e) => set({ number: e.currentTarget.value })}
          />
        </label>
        <label htmlFor={`${id}-d`} className="flex flex-col gap-1">
          <span className="text-sm text-ink-soft">{T.licenceIssuedAt}</span>
          <input
            id={`${id}-d`}
            type="date"
            className={FIELD}
            required
            min="1990-01-01"
            max={today}
            value={draft.issuedAt}
            onChange={(e) => set({ issuedAt: e.currentTarget.value })}
          />
        </label>
      </div>
      <label htmlFor={`${id}-a`} className="flex flex-col gap-1">
        <span className="text-sm text-ink-soft">{T.licenceAuthority}</span>
        <input
          id={`${id}-a`}
          className={FIELD}
          required
          maxLength={300}
          value={draft.authority}
          onChange={(e) => set({ authority: e.currentTarget.value })}
        />
      </label>
      <ImageField
        label={T.licenceScan}
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

const draftOf = (l: CabinetLicence): Draft => ({
  number: l.number,
  issuedAt: l.issuedAt,
  authority: l.authority,
  image: l.image,
});

/** 'Лицензии': number, issue date, issuing authority and an optional scan; add, change, remove. */
export function ClinicLicencesEditor({
  media,
  onChange,
}: {
  media: ClinicMedia;
  onChange: (media: ClinicMedia) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const { busy, note, run } = useMediaCall(onChange);
  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.licencesTitle}
      </h2>
      <p className="text-sm text-ink-soft">{T.licencesLead}</p>
      {media.licences.length === 0 ? (
        <p className="text-ink-soft">{T.licencesNone}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={T.licencesTitle}>
          {media.licences.map((l) => (
            <li key={l.id} className="rounded-lg border border-line p-3">
              {editing === l.id ? (
                <LicenceForm
                  initial={draftOf(l)}
                  today={media.today}
                  busy={busy}
                  submit={T.save}
                  onCancel={() => setEditing(null)}
                  onSave={async (draft) => {
                    const ok = await run(
                      () => api.send(cabinetSetLicence, { params: { id: l.id }, body: draft }),
                      T.saved,
                    );
                    if (ok) setEditing(null);
                    return ok;
                  }}
                />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
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
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={SECONDARY}
                      disabled={busy}
                      aria-label={`${T.edit}: № ${l.number}`}
                      onClick={() => setEditing(l.id)}
                    >
                      {T.edit}
                    </button>
                    <RemoveButton
                      name={`лицензия № ${l.number}`}
                      question={T.licenceRemoveAsk}
                      busy={busy}
                      onRemove={() =>
                        void run(
                          () => api.send(cabinetRemoveLicence, { params: { id: l.id } }),
                          T.licenceRemoved,
                        )
                      }
                    />
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-line pt-3">
        <h3 className="mb-2 font-medium">{T.licenceAdd}</h3>
        <LicenceForm
          initial={EMPTY}
          today={media.today}
          busy={busy}
          submit={T.licenceAdd}
          onSave={(draft) => run(() => api.send(cabinetAddLicence, { body: draft }), T.licenceAdded)}
        />
      </div>
      <StatusNote note={note} />
    </section>
  );
}
