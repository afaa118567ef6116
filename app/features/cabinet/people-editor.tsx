import { useState } from 'react';
import { formatPhoneDigits } from '../../../core/auth/phone';
import {
  cabinetChangePerson,
  cabinetInvitePerson,
  cabinetRemovePerson,
  PEOPLE_TEXTS as T,
} from '../../../core/cabinet/people';
import type { ClinicPeople, ClinicPerson } from '../../../core/cabinet/people-contracts';
import { CABINET_ROLE_TITLES, CABINET_ROLES, type CabinetRole } from '../../../core/cabinet/permissions';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

const controlClass = 'rounded border border-line px-3 py-2';

/**
 * 'Сотрудники' (docs/product/roles.md): the clinic's logins with their roles; an administrator
 * invites a phone with a role (a doctor's login names the clinic's doctor), changes a role and
 * removes a person after a second press. Each write answers the list as it is now.
 */
export function PeopleEditor({ data }: { data: ClinicPeople }) {
  const [people, setPeople] = useState(data.people);
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<CabinetRole>('receptionist');
  const [doctorId, setDoctorId] = useState<number | null>(null);
  const invite = useCall(cabinetInvitePerson);

  async function send() {
    const outcome = await invite.run({
      body: { phone, role, name: name || null, doctor_id: role === 'doctor' ? doctorId : null },
    });
    if (!outcome.ok) return;
    setPeople(outcome.reply.people);
    setPhone('');
    setName('');
  }

  return (
    <section className="mt-4 flex flex-col gap-6">
      <ul className="flex flex-col gap-2" aria-label={T.title}>
        {people.map((p) => (
          <PersonRow key={p.id} person={p} doctors={data.doctors} onChanged={setPeople} />
        ))}
      </ul>
      <Form call={invite} onSubmit={() => void send()} className="card flex flex-col gap-3 p-4">
        <Field label={T.phone} error={invite.fieldErrors.phone}>
          {(control) => (
            <input
              {...control}
              className={controlClass}
              type="tel"
              inputMode="tel"
              placeholder="+7 900 000-00-00"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          )}
        </Field>
        <Field label={T.name} error={invite.fieldErrors.name}>
          {(control) => (
            <input
              {...control}
              className={controlClass}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <RoleField value={role} onChange={setRole} error={invite.fieldErrors.role} />
        {role === 'doctor' && (
          <DoctorField
            doctors={data.doctors}
            value={doctorId}
            onChange={setDoctorId}
            error={invite.fieldErrors.doctor_id}
          />
        )}
        <div>
          <Button type="submit" busy={invite.busy}>
            {invite.busy ? T.inviting : T.invite}
          </Button>
        </div>
        <FormStatus call={invite} done={T.invited} />
      </Form>
    </section>
  );
}

function RoleField({
  value,
  onChange,
  error,
}: {
  value: CabinetRole;
  onChange: (role: CabinetRole) => void;
  error?: string;
}) {
  return (
    <Field label={T.role} error={error}>
      {(control) => (
        <select
          {...control}
          className={controlClass}
          value={value}
          onChange={(e) => onChange(e.target.value as CabinetRole)}
        >
          {CABINET_ROLES.map((r) => (
            <option key={r} value={r}>
              {CABINET_ROLE_TITLES[r]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function DoctorField({
  doctors,
  value,
  onChange,
  error,
}: {
  doctors: ClinicPeople['doctors'];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  return (
    <Field label={T.doctor} error={error}>
      {(control) => (
        <select
          {...control}
          className={controlClass}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">—</option>
          {doctors.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function PersonRow({
  person,
  doctors,
  onChanged,
}: {
  person: ClinicPerson;
  doctors: ClinicPeople['doctors'];
  onChanged: (people: ClinicPerson[]) => void;
}) {
  const [role, setRole] = useState<CabinetRole>(person.role);
  const [doctorId, setDoctorId] = useState<number | null>(person.doctor?.id ?? null);
  const [asking, setAsking] = useState(false);
  const change = useCall(cabinetChangePerson);
  const remove = useCall(cabinetRemovePerson);

  async function save() {
    const outcome = await change.run({
      params: { id: person.id },
      body: { role, doctor_id: role === 'doctor' ? doctorId : null },
    });
    if (outcome.ok) onChanged(outcome.reply.people);
  }

  async function confirm() {
    const outcome = await remove.run({ params: { id: person.id } });
    if (outcome.ok) onChanged(outcome.reply.people);
  }

  const changed = role !== person.role || (role === 'doctor' && doctorId !== (person.doctor?.id ?? null));
  return (
    <li className="card flex flex-col gap-2 p-4" data-person={person.id}>
      <p className="font-medium">
        {person.name ?? formatPhoneDigits(person.phone)}
        {person.isMe && <span className="text-sm text-ink-soft"> ({T.me})</span>}
      </p>
      <p className="text-sm text-ink-soft">
        {formatPhoneDigits(person.phone)} · {CABINET_ROLE_TITLES[person.role]}
        {person.doctor && ` · ${person.doctor.name}`}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <RoleField value={role} onChange={setRole} />
        {role === 'doctor' && <DoctorField doctors={doctors} value={doctorId} onChange={setDoctorId} />}
        <Button variant="small" busy={change.busy} disabled={!changed} onClick={() => void save()}>
          {T.change}
        </Button>
      </div>
      <FormStatus call={change} fields="none" className="text-sm" />
      {asking ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">{T.removeConfirm}</span>
          <Button variant="small" busy={remove.busy} onClick={() => void confirm()}>
            {T.removeYes}
          </Button>
          <Button variant="small" disabled={remove.busy} onClick={() => setAsking(false)}>
            {T.cancel}
          </Button>
        </div>
      ) : (
        <div>
          <Button variant="small" onClick={() => setAsking(true)}>
            {T.remove}
          </Button>
        </div>
      )}
      <FormStatus call={remove} fields="none" className="text-sm" />
    </li>
  );
}
