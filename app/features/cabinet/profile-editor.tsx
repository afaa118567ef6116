import { type ReactNode, useId, useRef, useState } from 'react';
import {
  cabinetSubmitProfile,
  cabinetUploadPhoto,
  cabinetWithdrawProfile,
} from '../../../core/doctor/profile-calls';
import type { CabinetProfile, ProfileChange } from '../../../core/doctor/profile-contracts';
import {
  type CourseItem,
  categoryChoiceLabel,
  DOCTOR_CATEGORY_CHOICES,
  type EducationItem,
  PROFILE_FIELD_LABELS,
  PROFILE_LIMITS,
  PROFILE_TEXTS,
} from '../../../core/doctor/profile-edit';
import { formatPhone } from '../../../core/phone/format';
import { Avatar } from '../../components/ui/avatar';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

const FIELD = 'w-full rounded-lg border border-line bg-surface px-3 py-2';
const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';
const SMALL = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';

type Note = { ok: boolean; text: string } | null;
/** A row as typed: the year stays text until sent. */
type Row<T> = Omit<T, 'year'> & { year: string; key: number };
/** Keys of the rows while the page is open (never rendered into the document). */
let rowKeys = 0;
const rows = <T extends { year: number }>(items: T[]): Row<T>[] =>
  items.map((x) => ({ ...x, year: String(x.year), key: rowKeys++ }));

const problem = (err: unknown) => (isApiError(err) ? err.detail : SERVER_ERROR);

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  });

/** What a change holds, field by field ('Фотография: новая'). */
function ChangeList({ change }: { change: ProfileChange }) {
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm">
      {change.changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-medium">{c.label}:</span> {c.field === 'photo' ? 'новая фотография' : c.after}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Мой профиль': the photo (uploaded at once) and the profile's fields, sent for moderation; what
 * waits ('На модерации') and the last decision ('Отклонено: {reason}'), then the documents. A
 * clinic edits the one of its doctors picked above (`doctorId` goes with every call).
 */
export function ProfileEditor({
  initial,
  documents,
}: {
  initial: CabinetProfile;
  /** The 'Документы' section (scans for the 'Документы проверены' marks), under the form. */
  documents?: ReactNode;
}) {
  const hydrated = useHydrated();
  const [data, setData] = useState(initial);
  const [about, setAbout] = useState(initial.form.about);
  const [education, setEducation] = useState<Row<EducationItem>[]>(rows(initial.form.education));
  const [courses, setCourses] = useState<Row<CourseItem>[]>(rows(initial.form.courses));
  const [careerStartYear, setCareerStartYear] = useState(String(initial.form.careerStartYear));
  const [category, setCategory] = useState(initial.form.category);
  const [categoryExpiresOn, setCategoryExpiresOn] = useState(initial.form.categoryExpiresOn ?? '');
  const [licenseNumber, setLicenseNumber] = useState(initial.form.licenseNumber ?? '');
  const [ownPhone, setOwnPhone] = useState(initial.form.ownPhone ? formatPhone(initial.form.ownPhone) : '');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [photoNote, setPhotoNote] = useState<Note>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const clinic = data.doctors.length > 0;
  const doctorId = clinic ? data.doctor.id : undefined;

  async function uploadPhoto(file: File) {
    setBusy(true);
    setPhotoNote(null);
    const body = new FormData();
    if (doctorId !== undefined) body.set('doctor_id', String(doctorId));
    body.set('photo', file);
    try {
      setData(await api.send(cabinetUploadPhoto, { body }));
      setPhotoNote({ ok: true, text: PROFILE_TEXTS.photoUploaded });
    } catch (err) {
      setPhotoNote({ ok: false, text: problem(err) });
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function submit() {
    setBusy(true);
    setNote(null);
    try {
      const saved = await api.send(cabinetSubmitProfile, {
        body: {
          doctor_id: doctorId,
          about,
          education: education.map(({ key: _key, ...e }) => ({ ...e, year: Number(e.year) })),
          courses: courses.map(({ key: _key, ...c }) => ({ ...c, year: Number(c.year) })),
          careerStartYear: Number(careerStartYear),
          category,
          categoryExpiresOn: categoryExpiresOn || null,
          licenseNumber: licenseNumber || null,
          ownPhone: ownPhone || null,
        },
      });
      setData(saved);
      setNote({ ok: true, text: PROFILE_TEXTS.submitted });
    } catch (err) {
      setNote({ ok: false, text: problem(err) });
    } finally {
      setBusy(false);
    }
  }

  async function withdraw() {
    setBusy(true);
    setNote(null);
    try {
      const saved = await api.send(cabinetWithdrawProfile, { body: { doctor_id: doctorId } });
      setData(saved);
      setAbout(saved.form.about);
      setEducation(rows(saved.form.education));
      setCourses(rows(saved.form.courses));
      setCareerStartYear(String(saved.form.careerStartYear));
      setCategory(saved.form.category);
      setCategoryExpiresOn(saved.form.categoryExpiresOn ?? '');
      setLicenseNumber(saved.form.licenseNumber ?? '');
      setOwnPhone(saved.form.ownPhone ? formatPhone(saved.form.ownPhone) : '');
      setNote({ ok: true, text: PROFILE_TEXTS.withdrawn });
    } catch (err) {
      setNote({ ok: false, text: problem(err) });
    } finally {
      setBusy(false);
    }
  }

  const last = data.lastDecision;
  const pendingPhoto = data.pending?.photoUrl ?? null;
  const photo = pendingPhoto ?? data.current.photo;

  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-ink-soft">
        {PROFILE_TEXTS.lead}{' '}
        <a href={data.doctor.url} className="text-brand hover:underline">
          Страница врача
        </a>
      </p>

      {data.pending && (
        <section
          className="card border-l-4 border-amber-400 p-5"
          aria-labelledby={`${id}-pending`}
          role="status"
        >
          <h2 id={`${id}-pending`} className="text-lg font-semibold">
            {PROFILE_TEXTS.pending}
          </h2>
          <p className="text-sm text-ink-soft">
            {PROFILE_TEXTS.pendingLead} отправлено {dateText(data.pending.createdAt)}
          </p>
          <ChangeList change={data.pending} />
          <button
            type="button"
            className={`${SMALL} mt-3`}
            disabled={!hydrated || busy}
            onClick={() => void withdraw()}
          >
            {PROFILE_TEXTS.withdraw}
          </button>
        </section>
      )}
      {last && !data.pending && (
        <p
          role="status"
          className={`card p-4 text-sm ${last.status === 'rejected' ? 'text-error' : 'text-success'}`}
        >
          {last.status === 'rejected'
            ? `${PROFILE_TEXTS.rejected}: ${last.reason ?? ''}`
            : `${PROFILE_TEXTS.approved} ${last.decidedAt ? dateText(last.decidedAt) : ''}`}
        </p>
      )}

      <section className="card flex flex-col gap-3 p-5" aria-labelledby={`${id}-photo`}>
        <h2 id={`${id}-photo`} className="text-lg font-semibold">
          {PROFILE_TEXTS.photo}
        </h2>
        <div className="flex flex-wrap items-center gap-4">
          <Avatar id={data.doctor.id} name={data.doctor.name} src={photo} size={112} />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            {pendingPhoto && <p className="text-sm font-medium text-amber-700">{PROFILE_TEXTS.pending}</p>}
            <label htmlFor={`${id}-file`} className="font-medium">
              {PROFILE_TEXTS.photoUpload}
            </label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              name="photo"
              accept="image/jpeg,image/png,image/webp"
              disabled={!hydrated || busy}
              className="max-w-full text-sm"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void uploadPhoto(file);
              }}
            />
            <p className="text-sm text-ink-soft">{PROFILE_TEXTS.photoHint}</p>
            {photoNote && (
              <p
                role={photoNote.ok ? 'status' : 'alert'}
                className={photoNote.ok ? 'text-success' : 'text-error'}
              >
                {photoNote.text}
              </p>
            )}
          </div>
        </div>
      </section>

      <form
        className="card flex flex-col gap-4 p-5"
        aria-label="Сведения о враче"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-about`} className="font-medium">
            О враче
          </label>
          <textarea
            id={`${id}-about`}
            value={about}
            maxLength={PROFILE_LIMITS.aboutMax}
            rows={6}
            onChange={(e) => setAbout(e.target.value)}
            className={FIELD}
          />
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">Образование</legend>
          {education.map((e, i) => (
            <div
              key={e.key}
              className="grid grid-cols-[5.5rem_1fr] gap-2 rounded-lg bg-canvas p-2 sm:grid-cols-[5.5rem_2fr_1.5fr_auto]"
            >
              <input
                aria-label="Год окончания"
                inputMode="numeric"
                value={e.year}
                onChange={(ev) =>
                  setEducation(education.map((x, j) => (j === i ? { ...x, year: ev.target.value } : x)))
                }
                className={FIELD}
              />
              <input
                aria-label="Учебное заведение"
                placeholder="Учебное заведение"
                value={e.institution}
                onChange={(ev) =>
                  setEducation(
                    education.map((x, j) => (j === i ? { ...x, institution: ev.target.value } : x)),
                  )
                }
                className={FIELD}
              />
              <input
                aria-label="Специальность"
                placeholder="Специальность"
                value={e.speciality}
                onChange={(ev) =>
                  setEducation(education.map((x, j) => (j === i ? { ...x, speciality: ev.target.value } : x)))
                }
                className={`${FIELD} col-span-2 sm:col-span-1`}
              />
              <button
                type="button"
                className={`${SMALL} col-span-2 sm:col-span-1`}
                onClick={() => setEducation(education.filter((_, j) => j !== i))}
              >
                Удалить
              </button>
            </div>
          ))}
          {education.length < PROFILE_LIMITS.educationMax && (
            <button
              type="button"
              className={`${SMALL} self-start`}
              onClick={() =>
                setEducation([...education, { year: '', institution: '', speciality: '', key: rowKeys++ }])
              }
            >
              + Добавить образование
            </button>
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">Курсы повышения квалификации</legend>
          {courses.map((c, i) => (
            <div
              key={c.key}
              className="grid grid-cols-[5.5rem_1fr] gap-2 rounded-lg bg-canvas p-2 sm:grid-cols-[5.5rem_1fr_auto]"
            >
              <input
                aria-label="Год курса"
                inputMode="numeric"
                value={c.year}
                onChange={(ev) =>
                  setCourses(courses.map((x, j) => (j === i ? { ...x, year: ev.target.value } : x)))
                }
                className={FIELD}
              />
              <input
                aria-label="Название курса"
                placeholder="Название курса"
                value={c.title}
                onChange={(ev) =>
                  setCourses(courses.map((x, j) => (j === i ? { ...x, title: ev.target.value } : x)))
                }
                className={FIELD}
              />
              <button
                type="button"
                className={`${SMALL} col-span-2 sm:col-span-1`}
                onClick={() => setCourses(courses.filter((_, j) => j !== i))}
              >
                Удалить
              </button>
            </div>
          ))}
          {courses.length < PROFILE_LIMITS.coursesMax && (
            <button
              type="button"
              className={`${SMALL} self-start`}
              onClick={() => setCourses([...courses, { year: '', title: '', key: rowKeys++ }])}
            >
              + Добавить курс
            </button>
          )}
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-career`} className="font-medium">
              Год начала практики
            </label>
            <input
              id={`${id}-career`}
              inputMode="numeric"
              value={careerStartYear}
              onChange={(e) => setCareerStartYear(e.target.value)}
              className={FIELD}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-category`} className="font-medium">
              Категория
            </label>
            <select
              id={`${id}-category`}
              value={category}
              onChange={(e) => setCategory(e.target.value as typeof category)}
              className={FIELD}
            >
              {DOCTOR_CATEGORY_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {categoryChoiceLabel(c)}
                </option>
              ))}
            </select>
          </div>
          {category !== 'none' && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-expires`} className="font-medium">
                Категория действует до
              </label>
              <input
                id={`${id}-expires`}
                type="date"
                value={categoryExpiresOn}
                onChange={(e) => setCategoryExpiresOn(e.target.value)}
                className={FIELD}
              />
            </div>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-license`} className="font-medium">
              Номер лицензии или сертификата
            </label>
            <input
              id={`${id}-license`}
              value={licenseNumber}
              maxLength={PROFILE_LIMITS.licenseMax}
              onChange={(e) => setLicenseNumber(e.target.value)}
              className={FIELD}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-phone`} className="font-medium">
              {PROFILE_FIELD_LABELS.ownPhone}
            </label>
            {data.ownContacts.available || ownPhone ? (
              <>
                <input
                  id={`${id}-phone`}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={ownPhone}
                  placeholder="+7 900 123-45-67"
                  onChange={(e) => setOwnPhone(e.target.value)}
                  aria-describedby={`${id}-phone-hint`}
                  className={FIELD}
                />
                <p id={`${id}-phone-hint`} className="text-sm text-ink-soft">
                  {data.ownContacts.available
                    ? PROFILE_TEXTS.ownPhoneHint
                    : PROFILE_TEXTS.ownPhoneLocked(data.ownContacts.version)}
                </p>
              </>
            ) : (
              <p id={`${id}-phone`} className="text-sm text-ink-soft" data-own-phone-locked>
                {PROFILE_TEXTS.ownPhoneLocked(data.ownContacts.version)}
              </p>
            )}
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={PRIMARY} disabled={!hydrated || busy}>
            {PROFILE_TEXTS.save}
          </button>
          {note && (
            <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'text-success' : 'text-error'}>
              {note.text}
            </p>
          )}
        </div>
      </form>
      {documents}
    </div>
  );
}
