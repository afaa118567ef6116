import { pageTags } from '../../../core/cache/page-tags';
import {
  lowestVersionWith,
  SOFTWARE_VERSION_LABELS,
  softwareRights,
} from '../../../core/directory/software-version';
import { doctorUrl } from '../../../core/directory/urls';
import { doctorPhotoUrl, profileChangePhoto } from '../../../core/doctor/profile-calls';
import type {
  CabinetProfile,
  FieldChange,
  ProfileChange,
  ProfileForm,
  StaffProfileItem,
  StaffProfiles,
} from '../../../core/doctor/profile-contracts';
import {
  changedFields,
  describeValue,
  PROFILE_FIELD_LABELS,
  PROFILE_TEXTS,
  type ProfilePayload,
  type ProfileValues,
  payloadFields,
} from '../../../core/doctor/profile-edit';
import { callPath } from '../../../core/http/call';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { doctors } from '../../db/schema/doctors';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { createUploadQuota } from '../cabinet/upload-quota';
import { editableDoctor, requireStaff, STAFF_PAGE_SIZE, seesDoctorsFiles } from './access';
import { reencodePhoto } from './photo';
import { PHOTO_HASH, type PhotoStore } from './photo-store';
import { type ChangeRow, createProfileRepo, type DoctorRef, type Tx } from './profile-repo';

export type DoctorProfileEditor = ReturnType<typeof createDoctorProfileEditor>;

/** The pending photo's private address (its change's id), or the public one once approved. */
const changePhotoUrl = (row: ChangeRow) => {
  const hash = row.payload.photo;
  if (!hash) return null;
  return row.status === 'approved' ? doctorPhotoUrl(hash) : callPath(profileChangePhoto.path, { id: row.id });
};

/** Each field of the payload as 'before → after' lines. */
function fieldChanges(payload: ProfilePayload, before: Partial<ProfileValues>): FieldChange[] {
  return payloadFields(payload).map((field) => ({
    field,
    label: PROFILE_FIELD_LABELS[field],
    before: describeValue(field, before[field]),
    after: describeValue(field, payload[field]),
  }));
}

function changeOf(row: ChangeRow, current: ProfileValues): ProfileChange {
  return {
    id: row.id,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    reason: row.reason,
    changes: fieldChanges(row.payload, row.before ?? current),
    photoUrl: changePhotoUrl(row),
  };
}

/** The doctor row's columns an approved payload sets (a photo becomes its public address). */
function doctorColumns(payload: ProfilePayload): Partial<typeof doctors.$inferInsert> {
  const set: Partial<typeof doctors.$inferInsert> = {};
  if (payload.photo !== undefined) set.photoUrl = payload.photo ? doctorPhotoUrl(payload.photo) : null;
  if (payload.about !== undefined) set.about = payload.about;
  if (payload.education !== undefined) {
    set.education = payload.education;
    // A confirmed diploma was checked against the old list: the new one is not checked yet.
    set.educationConfirmed = false;
  }
  if (payload.courses !== undefined) set.courses = payload.courses;
  if (payload.careerStartYear !== undefined) set.careerStartYear = payload.careerStartYear;
  if (payload.category !== undefined) set.category = payload.category;
  if (payload.categoryExpiresOn !== undefined) set.categoryExpiresOn = payload.categoryExpiresOn;
  if (payload.category !== undefined || payload.categoryExpiresOn !== undefined)
    set.categoryConfirmed = false;
  if (payload.licenseNumber !== undefined) set.licenseNumber = payload.licenseNumber;
  if (payload.ownPhone !== undefined) set.ownPhone = payload.ownPhone;
  return set;
}

/** Whether the doctor's version lets him publish his own phone, and the version that does. */
function ownContactsOf(doctor: DoctorRef): { available: boolean; version: string } {
  const needed = lowestVersionWith('ownContacts', 'doctor') ?? 'ULTIMA';
  return {
    available: softwareRights(doctor.softwareVersion, 'doctor').ownContacts,
    version: SOFTWARE_VERSION_LABELS[needed],
  };
}

/** The public values of the fields a payload changes (the audit's and the history's 'before'). */
const beforeOf = (payload: ProfilePayload, current: ProfileValues): Partial<ProfileValues> =>
  Object.fromEntries(payloadFields(payload).map((f) => [f, current[f]]));

/**
 * The doctor's profile in the cabinet and its moderation (docs/product/cabinet.md, 'The doctor's
 * profile'; ADR 018). A doctor edits himself, a clinic its own doctors; whatever they send waits
 * as one pending change (a newer one withdraws it) until staff approve it, which applies it to
 * the doctor row in one transaction with the row locked, or reject it with a reason. Nothing is
 * deleted; each step is in the cabinet audit.
 */
export function createDoctorProfileEditor({
  db,
  clock,
  pageCache,
  photos,
}: {
  db: Db;
  clock: Clock;
  pageCache: PageCache;
  photos: PhotoStore;
}) {
  const repo = createProfileRepo(db);
  const quota = createUploadQuota({ db, clock });

  const editable = (viewer: SessionViewer, asked: number | undefined, pickFirst = false) =>
    editableDoctor(repo, viewer, asked, pickFirst);

  async function view(doctor: DoctorRef, list: { id: number; name: string }[]): Promise<CabinetProfile> {
    const [current, pending, last] = await Promise.all([
      repo.values(doctor.id),
      repo.pending(doctor.id),
      repo.lastDecision(doctor.id),
    ]);
    if (!current) throw notFound(PROFILE_TEXTS.noDoctor);
    const { photo: _photo, ...pendingFields } = pending?.payload ?? {};
    return {
      doctor: { id: doctor.id, name: doctor.name, url: doctorUrl(doctor.townSlug, doctor) },
      doctors: list,
      current,
      form: {
        ...current,
        ...pendingFields,
        photo: pending ? (changePhotoUrl(pending) ?? current.photo) : current.photo,
      },
      pending: pending ? changeOf(pending, current) : null,
      lastDecision: last ? changeOf(last, current) : null,
      ownContacts: ownContactsOf(doctor),
    };
  }

  /** Marks a pending change withdrawn (kept, never deleted) and audits it; the doctor's row is locked. */
  async function withdrawChange(tx: Tx, changeId: number, doctorId: number, userId: number, now: Date) {
    await repo.decide(tx, changeId, { status: 'withdrawn', by: userId, at: now, reason: null, before: null });
    await repo.audit(tx, {
      userId,
      action: 'doctor.profile.withdrawn',
      doctorId,
      before: { change: changeId, status: 'pending' },
      after: { change: changeId, status: 'withdrawn' },
      at: now,
    });
  }

  /**
   * Saves a new pending change built by `build` from the public values and the pending change's
   * payload, withdrawing that older one; the doctor's row is locked meanwhile, so two
   * submissions of one doctor follow each other.
   */
  async function submitChange(
    doctor: DoctorRef,
    userId: number,
    build: (current: ProfileValues, pending: ProfilePayload | null) => ProfilePayload,
  ) {
    const now = clock.now();
    await repo.transaction(async (tx: Tx) => {
      const current = await repo.lockDoctor(tx, doctor.id);
      if (!current) throw notFound(PROFILE_TEXTS.noDoctor);
      const older = await repo.pending(doctor.id, tx);
      const payload = build(current, older?.payload ?? null);
      if (payloadFields(payload).length === 0) throw badRequest(PROFILE_TEXTS.nothingChanged);
      if (older) await withdrawChange(tx, older.id, doctor.id, userId, now);
      const id = await repo.insertChange(tx, { doctorId: doctor.id, authorId: userId, payload, at: now });
      await repo.audit(tx, {
        userId,
        action: 'doctor.profile.submitted',
        doctorId: doctor.id,
        before: beforeOf(payload, current),
        after: { change: id, ...payload },
        at: now,
      });
    });
  }

  return {
    async profile(viewer: SessionViewer, doctorId?: number): Promise<CabinetProfile> {
      const { doctor, doctors } = await editable(viewer, doctorId, true);
      return view(doctor, doctors);
    },

    /** The form's fields: only those differing from the public page are kept; a pending photo stays. */
    async submit(
      viewer: SessionViewer,
      doctorId: number | undefined,
      form: ProfileForm,
    ): Promise<CabinetProfile> {
      const { doctor, userId, doctors } = await editable(viewer, doctorId);
      const year = Number(clock.now().toISOString().slice(0, 4));
      const years = [
        form.careerStartYear,
        ...form.education.map((e) => e.year),
        ...form.courses.map((c) => c.year),
      ];
      if (years.some((y) => y > year)) throw badRequest(PROFILE_TEXTS.futureYear);
      const { licenseNumber = null, categoryExpiresOn = null, ownPhone = null, ...rest } = form;
      await submitChange(doctor, userId, (current, pending) => {
        const changed = changedFields(current, { ...rest, licenseNumber, categoryExpiresOn, ownPhone });
        // Below Ультима the page shows no own phone: setting one is refused, clearing it is not.
        const contacts = ownContactsOf(doctor);
        if (changed.ownPhone && !contacts.available)
          throw forbidden(PROFILE_TEXTS.ownPhoneLocked(contacts.version));
        return pending?.photo ? { ...changed, photo: pending.photo } : changed;
      });
      return view(doctor, doctors);
    },

    /** A new photo: checked by its bytes, re-encoded, kept as pending beside the pending fields. */
    async uploadPhoto(
      viewer: SessionViewer,
      doctorId: number | undefined,
      data: Buffer | null,
    ): Promise<CabinetProfile> {
      const { doctor, userId, doctors } = await editable(viewer, doctorId);
      if (!data || data.length === 0)
        throw badRequest(PROFILE_TEXTS.photoMissing, { errors: { photo: PROFILE_TEXTS.photoMissing } });
      const encoded = await reencodePhoto(data);
      await quota.charge(userId, encoded.length, 'doctor.photo', 'photo');
      const hash = await photos.savePending(encoded);
      await submitChange(doctor, userId, (_current, pending) => ({ ...(pending ?? {}), photo: hash }));
      return view(doctor, doctors);
    },

    async withdraw(viewer: SessionViewer, doctorId: number | undefined): Promise<CabinetProfile> {
      const { doctor, userId, doctors } = await editable(viewer, doctorId);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.lockDoctor(tx, doctor.id);
        const older = await repo.pending(doctor.id, tx);
        if (!older) throw conflict('nothing_pending', PROFILE_TEXTS.alreadyDecided);
        await withdrawChange(tx, older.id, doctor.id, userId, now);
      });
      return view(doctor, doctors);
    },

    /** A change's photo before it is public: staff, the doctor himself and his clinics only. */
    async changePhoto(viewer: SessionViewer, changeId: number): Promise<Buffer> {
      if (viewer.userId === null) throw unauthorized(PROFILE_TEXTS.signIn);
      const change = await repo.change(changeId);
      const hash = change?.payload.photo;
      if (!change || !hash || !PHOTO_HASH.test(hash)) throw notFound(PROFILE_TEXTS.notFound);
      if (!(await seesDoctorsFiles(repo, viewer, change.doctorId))) throw notFound(PROFILE_TEXTS.notFound);
      const data = await photos.pending(hash);
      if (!data) throw notFound(PROFILE_TEXTS.notFound);
      return data;
    },

    /** An approved photo, publicly (null: no such public photo). */
    publicPhoto: (hash: string) => (PHOTO_HASH.test(hash) ? photos.published(hash) : Promise.resolve(null)),

    /** How many changes wait (the staff menu's count beside another queue). */
    async pendingCount(viewer: SessionViewer): Promise<number> {
      requireStaff(viewer);
      return repo.pendingCount();
    },

    async queue(viewer: SessionViewer, tab: 'pending' | 'decided', page: number): Promise<StaffProfiles> {
      requireStaff(viewer);
      const [rows, pendingCount] = await Promise.all([
        repo.queue(tab, STAFF_PAGE_SIZE + 1, (page - 1) * STAFF_PAGE_SIZE),
        repo.pendingCount(),
      ]);
      return {
        items: rows.slice(0, STAFF_PAGE_SIZE).map((row) => itemOf(row)),
        hasNext: rows.length > STAFF_PAGE_SIZE,
        pendingCount,
      };
    },

    /**
     * Approves (the payload goes onto the doctor row, the doctor's cached pages are dropped) or
     * rejects with a reason. The change's row is locked first: a change already decided is a 409,
     * so two approvals at once apply it once.
     */
    async decide(
      viewer: SessionViewer,
      changeId: number,
      decision: 'approve' | 'reject',
      reason: string | null,
    ): Promise<ProfileChange> {
      const staffId = requireStaff(viewer);
      const now = clock.now();
      const why = reason?.trim() || null;
      if (decision === 'reject' && !why)
        throw badRequest(PROFILE_TEXTS.reasonNeeded, { errors: { reason: PROFILE_TEXTS.reasonNeeded } });
      const decided = await repo.transaction(async (tx) => {
        const change = await repo.lockChange(tx, changeId);
        if (!change) throw notFound(PROFILE_TEXTS.notFound);
        if (change.status !== 'pending') throw conflict('already_decided', PROFILE_TEXTS.alreadyDecided);
        const current = await repo.lockDoctor(tx, change.doctorId);
        if (!current) throw notFound(PROFILE_TEXTS.notFound);
        const before = beforeOf(change.payload, current);
        const status = decision === 'approve' ? 'approved' : 'rejected';
        if (decision === 'approve') {
          if (change.payload.photo) await photos.publish(change.payload.photo);
          await repo.applyToDoctor(tx, change.doctorId, doctorColumns(change.payload));
        }
        await repo.decide(tx, change.id, { status, by: staffId, at: now, reason: why, before });
        const after = change.payload.photo
          ? { ...change.payload, photo: doctorPhotoUrl(change.payload.photo) }
          : change.payload;
        await repo.audit(tx, {
          userId: staffId,
          action: `doctor.profile.${status}`,
          doctorId: change.doctorId,
          before,
          after: decision === 'approve' ? after : { change: change.id, reason: why },
          at: now,
        });
        const clinicIds = decision === 'approve' ? await repo.clinicsOf(change.doctorId, tx) : [];
        return {
          row: { ...change, status, before, decidedAt: now, reason: why } as ChangeRow,
          current,
          clinicIds,
        };
      });
      if (decision === 'approve') {
        const doctor = await repo.doctor(decided.row.doctorId);
        // The doctor's page, his town's lists and his clinics' pages show his photo and details.
        pageCache.invalidate([
          pageTags.doctor(decided.row.doctorId),
          ...(doctor ? [pageTags.townLists(doctor.townId)] : []),
          ...decided.clinicIds.map((id) => pageTags.clinic(id)),
        ]);
      }
      return changeOf(decided.row, decided.current);
    },
  };

  function itemOf(row: Awaited<ReturnType<typeof repo.queue>>[number]): StaffProfileItem {
    const change = row as unknown as ChangeRow;
    const current = row.current as ProfileValues;
    return {
      ...changeOf(change, current),
      doctor: {
        id: row.doctorId,
        name: row.doctorName,
        url: doctorUrl(row.townSlug, { id: row.doctorId, slug: row.doctorSlug }),
      },
      authorRole: row.authorRole,
      currentPhotoUrl:
        change.status === 'pending'
          ? current.photo
          : ((row.before?.photo as string | null | undefined) ?? null),
    };
  }
}
