import { defineCall } from '../http/call';
import type {
  CabinetDocuments,
  DocumentDecisionBody,
  DocumentsQuery,
  DocumentWithdrawBody,
  StaffDocument,
  StaffDocuments,
  StaffDocumentsQuery,
} from './document-contracts';

/** The doctor's scans for the 'Документы проверены' marks, one slot per kind. */
export const cabinetDocuments = defineCall<{ query: DocumentsQuery; reply: CabinetDocuments }>()(
  'GET',
  '/cabinet/ajax/profile/documents/',
);

/** A new scan (multipart: `file`, `kind`, and `doctor_id` for a clinic); 201. */
export const cabinetUploadDocument = defineCall<{ body: FormData; reply: CabinetDocuments }>()(
  'POST',
  '/cabinet/ajax/profile/documents/',
);

/** Withdraws a pending scan (kept as 'withdrawn'). */
export const cabinetWithdrawDocument = defineCall<{
  params: { id: number };
  body: DocumentWithdrawBody;
  reply: CabinetDocuments;
}>()('POST', '/cabinet/ajax/profile/documents/:id/withdraw/');

/** A scan's file: the doctor, his clinics and staff only; never cached. */
export const doctorDocumentFile = defineCall<{ params: { id: number }; reply: Blob }>()(
  'GET',
  '/cabinet/ajax/profile/documents/:id/file/',
);

/** The staff's queue of scans: pending (oldest first) or decided (newest first). */
export const staffDocuments = defineCall<{ query: StaffDocumentsQuery; reply: StaffDocuments }>()(
  'GET',
  '/api/staff/profiles/documents/',
);

/** Accepts (sets the doctor's mark) or rejects with a reason; 409 when already decided. */
export const staffDecideDocument = defineCall<{
  params: { id: number };
  body: DocumentDecisionBody;
  reply: StaffDocument;
}>()('POST', '/api/staff/profiles/documents/:id/decision/');
