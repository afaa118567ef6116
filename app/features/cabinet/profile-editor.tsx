import { type ReactNode, useId, useState } from 'react';
import { cabinetSubmitProfile, cabinetWithdrawProfile } from '../../../core/doctor/profile-calls';
import type { CabinetProfile, ProfileChange } from '../../../core/doctor/profile-contracts';
import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { Button } from '../../components/ui/button';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { dateText } from './date-text';
import { bodyOf, draftOf } from './profile-draft';
import { ProfileForm } from './profile-form';
import { ProfilePhoto } from './profile-photo';

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
  const [data, setData] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial.form));
  const submitting = useCall(cabinetSubmitProfile);
  const withdrawing = useCall(cabinetWithdrawProfile);
  /** Whose outcome the line beside 'Сохранить' tells. */
  const [last, setLast] = useState<'submit' | 'withdraw'>('submit');
  const id = useId();
  const doctorId = data.doctors.length > 0 ? data.doctor.id : undefined;
  const busy = submitting.busy || withdrawing.busy;

  async function submit() {
    withdrawing.reset();
    setLast('submit');
    const outcome = await submitting.run({ body: bodyOf(draft, doctorId) });
    if (outcome.ok) setData(outcome.reply);
  }

  /** Takes the waiting change back: the form shows the public values again. */
  async function withdraw() {
    submitting.reset();
    setLast('withdraw');
    const outcome = await withdrawing.run({ body: { doctor_id: doctorId } });
    if (!outcome.ok) return;
    setData(outcome.reply);
    setDraft(draftOf(outcome.reply.form));
  }

  const lastCall = last === 'submit' ? submitting : withdrawing;
  const decision = data.lastDecision;
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
          <Button variant="small" className="mt-3" busy={busy} onClick={() => void withdraw()}>
            {PROFILE_TEXTS.withdraw}
          </Button>
        </section>
      )}
      {decision && !data.pending && (
        <p
          role="status"
          className={`card p-4 text-sm ${decision.status === 'rejected' ? 'text-error' : 'text-success'}`}
        >
          {decision.status === 'rejected'
            ? `${PROFILE_TEXTS.rejected}: ${decision.reason ?? ''}`
            : `${PROFILE_TEXTS.approved} ${decision.decidedAt ? dateText(decision.decidedAt) : ''}`}
        </p>
      )}

      <ProfilePhoto data={data} doctorId={doctorId} onUploaded={setData} />
      <ProfileForm
        draft={draft}
        onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
        ownContacts={data.ownContacts}
        call={{ ...submitting, busy }}
        onSubmit={() => void submit()}
        status={
          // The form marks no field: a refusal's text is the line's, whichever field it names.
          <FormStatus
            call={lastCall}
            fields="none"
            done={last === 'submit' ? PROFILE_TEXTS.submitted : PROFILE_TEXTS.withdrawn}
          />
        }
      />
      {documents}
    </div>
  );
}
