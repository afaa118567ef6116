import { z } from 'zod';
import { textInput } from '../http/contracts';
import { ClientIdSchema } from '../schedule/contracts';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from './document-scans';
import { STAFF_PROFILE_TABS } from './profile-contracts';
import { PROFILE_TEXTS } from './profile-edit';

/** The scans for the 'Документы проверены' marks (core/doctor/document-scans.ts). */

export const DoctorDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  /** 'На проверке', 'Принят', 'Отклонён: {reason}', 'Отозван'. */
  statusText: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** 'pdf' or 'image' (a re-encoded WebP). */
  format: z.enum(['pdf', 'image']),
  /** The checked call that serves the file to the doctor's side and staff. */
  fileUrl: z.string(),
});
export type DoctorDocument = z.infer<typeof DoctorDocumentSchema>;

/** One kind in the cabinet: its latest scan that is not withdrawn, and the doctor's mark now. */
export const DocumentSlotSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  label: z.string(),
  /** The doctor's mark: true when staff confirmed this kind (by a scan or before scans existed). */
  confirmed: z.boolean(),
  document: DoctorDocumentSchema.nullable(),
});
export type DocumentSlot = z.infer<typeof DocumentSlotSchema>;

export const CabinetDocumentsSchema = z.object({
  doctorId: z.number().int(),
  slots: z.array(DocumentSlotSchema),
});
export type CabinetDocuments = z.infer<typeof CabinetDocumentsSchema>;

export const DocumentsQuerySchema = z.object({ doctor: ClientIdSchema.optional() });
export type DocumentsQuery = z.input<typeof DocumentsQuerySchema>;

export const DocumentWithdrawBodySchema = z.object({ doctor_id: ClientIdSchema.optional() });
export type DocumentWithdrawBody = z.input<typeof DocumentWithdrawBodySchema>;

export const DocumentIdParamsSchema = z.object({ id: ClientIdSchema });

// Staff

export const StaffDocumentSchema = DoctorDocumentSchema.extend({
  doctor: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  label: z.string(),
  /** Who sent it: the doctor himself or his clinic. */
  authorRole: z.string(),
});
export type StaffDocument = z.infer<typeof StaffDocumentSchema>;

export const StaffDocumentsQuerySchema = z.object({
  status: z.enum(STAFF_PROFILE_TABS, 'Выберите из списка').default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type StaffDocumentsQuery = z.input<typeof StaffDocumentsQuerySchema>;

export const StaffDocumentsSchema = z.object({
  items: z.array(StaffDocumentSchema),
  hasNext: z.boolean(),
  pendingCount: z.number().int(),
});
export type StaffDocuments = z.infer<typeof StaffDocumentsSchema>;

export const DocumentDecisionBodySchema = z
  .object({
    decision: z.enum(['accept', 'reject'], 'Выберите решение'),
    reason: textInput()
      .transform((s) => s.trim())
      .pipe(z.string().max(500, 'Не больше 500 символов'))
      .nullish(),
  })
  .refine((b) => b.decision === 'accept' || Boolean(b.reason), {
    message: PROFILE_TEXTS.reasonNeeded,
    path: ['reason'],
  });
export type DocumentDecisionBody = z.input<typeof DocumentDecisionBodySchema>;
