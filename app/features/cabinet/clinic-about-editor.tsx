import { useId, useState } from 'react';
import { cabinetSetClinicAbout } from '../../../core/cabinet/calls';
import type { ClinicAbout } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_PAGE_LIMITS as L, CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { formatPhone } from '../../../core/phone/format';
import { api } from '../../lib/api';
import { FIELD, PRIMARY, SECONDARY, StatusNote, useSave } from './clinic-page-form';

/** 'О клинике' in the clinic's cabinet: the description, up to five phones and the website. */
export function ClinicAboutEditor({ about }: { about: ClinicAbout }) {
  const id = useId();
  const [description, setDescription] = useState(about.description);
  const [phones, setPhones] = useState<string[]>(about.phones.length ? about.phones.map(formatPhone) : ['']);
  const [website, setWebsite] = useState(about.website);
  const { busy, note, setNote, run } = useSave();

  async function save() {
    const saved = await run(
      () => api.send(cabinetSetClinicAbout, { body: { description, phones, website } }),
      T.saved,
    );
    if (saved) {
      setDescription(saved.description);
      setPhones(saved.phones.map(formatPhone));
      setWebsite(saved.website);
    }
  }
  const edited = () => setNote(null);

  return (
    <form
      className="card mt-4 flex flex-col gap-4 p-5"
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div>
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          {T.aboutTitle}
        </h2>
        <p className="text-sm text-ink-soft">{T.aboutLead}</p>
      </div>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{T.description}</span>
        <textarea
          name="description"
          className={`${FIELD} min-h-40`}
          value={description}
          maxLength={L.descriptionMax}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            edited();
          }}
        />
        <span className="text-right text-xs text-muted">
          {description.length} / {L.descriptionMax}
        </span>
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{T.phones}</legend>
        {phones.map((phone, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions being typed into
          <div key={i} className="flex items-center gap-2">
            <input
              type="tel"
              inputMode="tel"
              autoComplete="off"
              aria-label={`${T.phone} ${i + 1}`}
              placeholder="+7 (495) 123-45-67"
              className={`${FIELD} sm:max-w-xs`}
              value={phone}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setPhones((list) => list.map((p, j) => (j === i ? value : p)));
                edited();
              }}
            />
            {phones.length > 1 && (
              <button
                type="button"
                className={SECONDARY}
                aria-label={`${T.removePhone} ${i + 1}`}
                onClick={() => {
                  setPhones((list) => list.filter((_, j) => j !== i));
                  edited();
                }}
              >
                ✕
              </button>
            )}
          </div>
        ))}
        {phones.length < L.phonesMax && (
          <button
            type="button"
            className="self-start text-sm font-medium text-brand hover:underline"
            onClick={() => setPhones((list) => [...list, ''])}
          >
            + {T.addPhone}
          </button>
        )}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{T.website}</span>
        <input
          type="text"
          inputMode="url"
          autoComplete="url"
          name="website"
          placeholder="https://"
          className={FIELD}
          value={website}
          onChange={(event) => {
            setWebsite(event.currentTarget.value);
            edited();
          }}
        />
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY} disabled={busy}>
          {T.save}
        </button>
        <StatusNote note={note} />
      </div>
    </form>
  );
}
