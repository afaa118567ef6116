import { clinicMembers, users } from '../../schema/auth';
import { inTransaction, type SeedContext } from '../context';
import { personName, slugify } from '../generate/names';
import { yearsBefore } from '../rows/time';
import {
  CLINIC_PHONE_BASE,
  DOCTOR_PHONE_BASE,
  NETWORK_PHONE_BASE,
  patientPhone,
  RECEPTIONIST_PHONE,
  STAFF_PHONE,
  userRow,
} from '../rows/user';

/**
 * A staff moderator, a few doctor and clinic cabinet accounts, the patients who write reviews,
 * and a clinic network's account.
 */
export async function seedUsers(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('users');
  const patients = Math.round(ctx.plan.reviews * ctx.plan.usersPerReview);
  const members: (typeof clinicMembers.$inferInsert)[] = [];
  await inTransaction(ctx, async (session) => {
    const writer = session.writer(users);
    let id = 0;
    writer.add(
      userRow(rng, {
        id: ++id,
        phone: STAFF_PHONE,
        role: 'staff',
        name: personName(rng, 'F'),
        createdAt: yearsBefore(rng, ctx.now, 6, 7),
      }),
    );
    for (const doctor of ctx.doctors.slice(0, ctx.plan.doctorAccounts)) {
      const [firstName, patronymic = null] = doctor.firstPatronymic.split(' ');
      ctx.users.doctorUsers.set(doctor.id, ++id);
      writer.add(
        userRow(rng, {
          id,
          phone: String(DOCTOR_PHONE_BASE + ctx.users.doctorUsers.size - 1),
          role: 'doctor',
          name: { firstName, lastName: doctor.lastName, patronymic },
          doctorId: doctor.id,
          createdAt: yearsBefore(rng, ctx.now, 1, 5),
        }),
      );
    }
    for (const clinic of ctx.clinics.slice(0, ctx.plan.clinicAccounts)) {
      ctx.users.clinicUsers.set(clinic.id, ++id);
      writer.add(
        userRow(rng, {
          id,
          phone: String(CLINIC_PHONE_BASE + ctx.users.clinicUsers.size - 1),
          role: 'clinic',
          name: personName(rng, rng.chance(0.7) ? 'F' : 'M'),
          clinicId: clinic.id,
          createdAt: yearsBefore(rng, ctx.now, 1, 5),
        }),
      );
    }

    const info = ctx.users;
    info.patientFirstId = id + 1;
    info.patients = patients;
    info.authorNames = new Array(patients);
    info.fullNames = new Array(patients);
    info.createdAt = new Float64Array(patients);
    info.authorFemale = new Uint8Array(patients);
    for (let i = 0; i < patients; i++) {
      const female = rng.chance(0.68);
      const name = personName(rng, female ? 'F' : 'M');
      info.authorFemale[i] = female ? 1 : 0;
      info.fullNames[i] = `${name.firstName} ${name.lastName}`;
      const createdAt = yearsBefore(rng, ctx.now, 0, 6);
      info.authorNames[i] = rng.chance(0.5) ? name.firstName : `${name.firstName} ${name.lastName[0]}.`;
      info.createdAt[i] = createdAt.getTime();
      writer.add(
        userRow(rng, {
          id: ++id,
          phone: patientPhone(i),
          role: 'patient',
          name: rng.chance(0.7)
            ? name
            : { firstName: name.firstName, lastName: name.lastName, patronymic: null },
          email: rng.chance(0.2)
            ? `${slugify(name.firstName)}.${slugify(name.lastName)}${id}@example.com`
            : null,
          createdAt,
        }),
      );
      if (i % 10_000 === 0) {
        ctx.progress('users', i, patients);
        await session.ready();
      }
    }

    // A network's account, on its first branch. Written after the patients, so that their ids
    // and the users stream's draws stay what they were before it existed.
    const branch = demoNetworkBranch(ctx.clinics);
    if (branch) {
      writer.add(
        userRow(rng, {
          id: ++id,
          phone: String(NETWORK_PHONE_BASE),
          role: 'clinic',
          name: personName(rng, rng.chance(0.7) ? 'F' : 'M'),
          clinicId: branch.id,
          networkId: branch.networkId,
          createdAt: yearsBefore(rng, ctx.now, 1, 5),
        }),
      );
      members.push({ clinicId: branch.id, userId: id, role: 'administrator' });
    }

    // The first demo clinic's receptionist: after everyone else, so no earlier id or draw moves.
    const first = ctx.clinics[0];
    if (first && ctx.users.clinicUsers.has(first.id)) {
      writer.add(
        userRow(rng, {
          id: ++id,
          phone: RECEPTIONIST_PHONE,
          role: 'clinic',
          name: personName(rng, 'F'),
          clinicId: first.id,
          createdAt: yearsBefore(rng, ctx.now, 0, 1),
        }),
      );
      members.push({ clinicId: first.id, userId: id, role: 'receptionist' });
    }
  });
  // Each clinic account is its clinic's administrator (clinic_members, docs/product/roles.md).
  for (const [clinicId, userId] of ctx.users.clinicUsers)
    members.push({ clinicId, userId, role: 'administrator' });
  for (let i = 0; i < members.length; i += 1000)
    await ctx.db.insert(clinicMembers).values(members.slice(i, i + 1000));
  ctx.progress('users', patients, patients);
}

/**
 * The first branch of the network whose smallest branch has the most doctors (the lowest network
 * id among equals), so the demo network account finds a working day in each branch it switches
 * to; null when the data set has no network.
 */
function demoNetworkBranch(clinics: SeedContext['clinics']) {
  const networks = new Map<number, SeedContext['clinics']>();
  for (const c of clinics)
    if (c.networkId !== null) networks.set(c.networkId, [...(networks.get(c.networkId) ?? []), c]);
  let best: { id: number; smallest: number } | null = null;
  for (const [id, branches] of networks) {
    const smallest = Math.min(...branches.map((b) => b.staff.length));
    if (!best || smallest > best.smallest || (smallest === best.smallest && id < best.id))
      best = { id, smallest };
  }
  return best ? (networks.get(best.id)?.[0] ?? null) : null;
}
