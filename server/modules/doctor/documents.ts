import { pageTags } from '../../../core/cache/page-tags';
import { doctorUrl } from '../../../core/directory/urls';
import { doctorDocumentFile } from '../../../core/doctor/document-calls';
import type {
  CabinetDocuments,
  DoctorDocument,
  StaffDocument,
  StaffDocuments,
} from '../../../core/doctor/document-contracts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_MARKS,
  DOCUMENT_TEXTS,
  type DocumentKind,
  documentContentType,
  documentStatusText,
} from '../../../core/doctor/document-scans';
import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { callPath } from '../../../core/http/call';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { createUploadQuota } from '../cabinet/upload-quota';
import { editableDoctor, requireStaff, STAFF_PAGE_SIZE, seesDoctorsFiles } from './access';
import { type DocumentFiles, documentRefusal, prepareDocument } from './document-file';
import { createDocumentsRepo, type DocumentRow } from './documents-repo';
import { createProfileRepo, type Tx } from './profile-repo';

export type DoctorDocumentsService = ReturnType<typeof createDoctorDocuments>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function documentOf(row: DocumentRow): DoctorDocument {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    statusText: documentStatusText(row.status, row.reason),
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: iso(row.decidedAt),
    format: row.file.endsWith('.pdf') ? 'pdf' : 'image',
    fileUrl: callPath(doctorDocumentFile.path, { id: row.id }),
  };
}

/**
 * The scans for the 'Документы проверены' marks (docs/product/cabinet.md, 'The doctor's profile';
 * ADR 018). The doctor or his clinic sends a scan per kind; a newer one of the same kind
 * withdraws the pending older one (its row kept, its file removed once that commits). Staff accept it — the doctor's matching mark is set in
 * the same transaction, the doctor's row and the scan's locked — or reject it with a reason. The
 * files are private: only the doctor's side and staff get them, through a checked call.
 */
export function createDoctorDocuments({
  db,
  clock,
  pageCache,
  files,
}: {
  db: Db;
  clock: Clock;
  pageCache: PageCache;
  files: DocumentFiles;
}) {
  const repo = createDocumentsRepo(db);
  const profiles = createProfileRepo(db);
  const quota = createUploadQuota({ db, clock });

  /**
   * After the withdrawal committed: the withdrawn scans' files go, unless a live scan names the
   * same bytes (files are named by their hash). A file left by a crash here is the hourly sweep's
   * (server/modules/doctor/documents-cleanup.ts).
   */
  async function dropFiles(withdrawn: string[]) {
    if (withdrawn.length === 0) return;
    const live = await repo.liveFiles(withdrawn);
    for (const file of new Set(withdrawn)) if (!live.has(file)) await files.remove(file);
  }

  async function view(doctorId: number): Promise<CabinetDocuments> {
    const [rows, marks] = await Promise.all([repo.list(doctorId), repo.marks(doctorId)]);
    if (!marks) throw notFound(PROFILE_TEXTS.noDoctor);
    return {
      doctorId,
      slots: DOCUMENT_KINDS.map((kind) => {
        // The newest scan that still says something: a withdrawn one gives way to the one before.
        const latest = rows.find((r) => r.kind === kind && r.status !== 'withdrawn');
        return {
          kind,
          label: DOCUMENT_KIND_LABELS[kind],
          confirmed: marks[DOCUMENT_MARKS[kind]],
          document: latest ? documentOf(latest) : null,
        };
      }),
    };
  }

  /** Marks a pending scan withdrawn (its row kept; its file goes once this commits) and audits it. */
  async function withdrawRow(tx: Tx, row: DocumentRow, userId: number, now: Date) {
    await repo.decide(tx, row.id, { status: 'withdrawn', by: userId, at: now, reason: null });
    await profiles.audit(tx, {
      userId,
      action: 'doctor.document.withdrawn',
      doctorId: row.doctorId,
      before: { document: row.id, kind: row.kind, status: 'pending' },
      after: { document: row.id, kind: row.kind, status: 'withdrawn' },
      at: now,
    });
  }

  function itemOf(row: NonNullable<Awaited<ReturnType<typeof repo.staffRow>>>): StaffDocument {
    return {
      ...documentOf(row),
      label: DOCUMENT_KIND_LABELS[row.kind],
      doctor: {
        id: row.doctorId,
        name: row.doctorName,
        url: doctorUrl(row.townSlug, { id: row.doctorId, slug: row.doctorSlug }),
      },
      authorRole: row.authorRole,
    };
  }

  return {
    async documents(viewer: SessionViewer, doctorId?: number): Promise<CabinetDocuments> {
      const { doctor } = await editableDoctor(profiles, viewer, doctorId, true);
      return view(doctor.id);
    },

    /** A new scan: checked by its bytes, kept; the pending one of its kind is withdrawn. */
    async upload(
      viewer: SessionViewer,
      doctorId: number | undefined,
      kind: string | undefined,
      data: Buffer | null,
    ): Promise<CabinetDocuments> {
      const { doctor, userId } = await editableDoctor(profiles, viewer, doctorId);
      if (!DOCUMENT_KINDS.includes(kind as DocumentKind))
        throw badRequest(DOCUMENT_TEXTS.kind, { errors: { kind: DOCUMENT_TEXTS.kind } });
      if (!data || data.length === 0) throw documentRefusal(DOCUMENT_TEXTS.missing);
      const prepared = await prepareDocument(data);
      await quota.charge(userId, prepared.data.length, 'doctor.document', 'file');
      const file = await files.save(prepared.data, prepared.ext);
      const now = clock.now();
      const withdrawn: string[] = [];
      await db.transaction(async (tx) => {
        // The doctor's row first, as every write of his profile and documents does.
        if (!(await profiles.lockDoctor(tx, doctor.id))) throw notFound(PROFILE_TEXTS.noDoctor);
        for (const older of await repo.lockPending(tx, doctor.id, kind as DocumentKind)) {
          await withdrawRow(tx, older, userId, now);
          withdrawn.push(older.file);
        }
        const id = await repo.insert(tx, {
          doctorId: doctor.id,
          authorId: userId,
          kind: kind as DocumentKind,
          file,
          at: now,
        });
        await profiles.audit(tx, {
          userId,
          action: 'doctor.document.submitted',
          doctorId: doctor.id,
          before: null,
          after: { document: id, kind, file },
          at: now,
        });
      });
      await dropFiles(withdrawn);
      return view(doctor.id);
    },

    async withdraw(
      viewer: SessionViewer,
      doctorId: number | undefined,
      id: number,
    ): Promise<CabinetDocuments> {
      const { doctor, userId } = await editableDoctor(profiles, viewer, doctorId);
      const now = clock.now();
      const file = await db.transaction(async (tx) => {
        await profiles.lockDoctor(tx, doctor.id);
        const row = await repo.lockDocument(tx, id);
        if (!row || row.doctorId !== doctor.id) throw notFound(DOCUMENT_TEXTS.notFound);
        if (row.status !== 'pending') throw conflict('not_pending', DOCUMENT_TEXTS.notPending);
        await withdrawRow(tx, row, userId, now);
        return row.file;
      });
      await dropFiles([file]);
      return view(doctor.id);
    },

    /** A scan's bytes and type: the doctor himself, his clinics and staff; anyone else a 404. */
    async file(
      viewer: SessionViewer,
      id: number,
    ): Promise<{ data: Buffer; contentType: 'application/pdf' | 'image/webp' }> {
      if (viewer.userId === null) throw unauthorized(PROFILE_TEXTS.signIn);
      const row = await repo.document(id);
      if (!row || !(await seesDoctorsFiles(profiles, viewer, row.doctorId)))
        throw notFound(DOCUMENT_TEXTS.notFound);
      const contentType = documentContentType(row.file);
      const data = contentType ? await files.read(row.file) : null;
      if (!data || !contentType) throw notFound(DOCUMENT_TEXTS.notFound);
      return { data, contentType };
    },

    /** How many scans wait (the count beside the profile changes' queue). */
    async pendingCount(viewer: SessionViewer): Promise<number> {
      requireStaff(viewer);
      return repo.pendingCount();
    },

    async queue(viewer: SessionViewer, tab: 'pending' | 'decided', page: number): Promise<StaffDocuments> {
      requireStaff(viewer);
      const [rows, pendingCount] = await Promise.all([
        repo.queue(tab, STAFF_PAGE_SIZE + 1, (page - 1) * STAFF_PAGE_SIZE),
        repo.pendingCount(),
      ]);
      return {
        items: rows.slice(0, STAFF_PAGE_SIZE).map(itemOf),
        hasNext: rows.length > STAFF_PAGE_SIZE,
        pendingCount,
      };
    },

    /**
     * Accepts (the doctor's mark of the scan's kind is set, his cached page dropped) or rejects
     * with a reason (nothing is set). The doctor's row, then the scan's, are locked — the order
     * every write here takes — and a scan no longer pending is a 409, so it is decided once.
     */
    async decide(
      viewer: SessionViewer,
      id: number,
      decision: 'accept' | 'reject',
      reason: string | null,
    ): Promise<StaffDocument> {
      const staffId = requireStaff(viewer);
      const why = reason?.trim() || null;
      if (decision === 'reject' && !why)
        throw badRequest(PROFILE_TEXTS.reasonNeeded, { errors: { reason: PROFILE_TEXTS.reasonNeeded } });
      const seen = await repo.document(id);
      if (!seen) throw notFound(DOCUMENT_TEXTS.notFound);
      const now = clock.now();
      const status = decision === 'accept' ? 'accepted' : 'rejected';
      await db.transaction(async (tx) => {
        await profiles.lockDoctor(tx, seen.doctorId);
        const row = await repo.lockDocument(tx, id);
        if (!row) throw notFound(DOCUMENT_TEXTS.notFound);
        if (row.status !== 'pending') throw conflict('already_decided', DOCUMENT_TEXTS.alreadyDecided);
        const mark = DOCUMENT_MARKS[row.kind];
        const marks = await repo.marks(row.doctorId, tx);
        if (decision === 'accept') await repo.setMark(tx, row.doctorId, mark);
        await repo.decide(tx, row.id, { status, by: staffId, at: now, reason: why });
        await profiles.audit(tx, {
          userId: staffId,
          action: `doctor.document.${status}`,
          doctorId: row.doctorId,
          before: { document: row.id, kind: row.kind, status: 'pending', [mark]: marks?.[mark] ?? false },
          after:
            decision === 'accept'
              ? { document: row.id, kind: row.kind, status, [mark]: true }
              : { document: row.id, kind: row.kind, status, reason: why },
          at: now,
        });
      });
      // The badge and its modal are on the doctor's page only.
      if (decision === 'accept') pageCache.invalidate([pageTags.doctor(seen.doctorId)]);
      const item = await repo.staffRow(id);
      if (!item) throw notFound(DOCUMENT_TEXTS.notFound);
      return itemOf(item);
    },
  };
}
