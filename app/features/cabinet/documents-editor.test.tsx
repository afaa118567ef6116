// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CabinetDocuments, DoctorDocument } from '../../../core/doctor/document-contracts';
import { DOCUMENT_TEXTS as T } from '../../../core/doctor/document-scans';
import { DocumentsEditor } from './documents-editor';
import { formOf, json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pending: DoctorDocument = {
  id: 11,
  kind: 'education',
  status: 'pending',
  statusText: 'На проверке',
  reason: null,
  createdAt: '2025-03-01T09:00:00Z',
  decidedAt: null,
  format: 'pdf',
  fileUrl: '/cabinet/ajax/profile/documents/11/file/',
};
const docs = (education: DoctorDocument | null): CabinetDocuments => ({
  doctorId: 5,
  slots: [
    { kind: 'education', label: 'Диплом', confirmed: false, document: education },
    { kind: 'category', label: 'Сертификат', confirmed: false, document: null },
  ],
});
const slot = (kind: string) =>
  within(document.querySelector(`[data-document-kind="${kind}"]`) as HTMLElement);

describe('DocumentsEditor', () => {
  it('sends a chosen file at once and tells of it in its slot', async () => {
    const stub = stubFetch(json(docs(pending)));
    render(<DocumentsEditor initial={docs(null)} doctorId={5} />);
    const file = new File(['%PDF'], 'diploma.pdf', { type: 'application/pdf' });
    await act(async () =>
      fireEvent.change(screen.getByLabelText(`${T.upload}: Диплом`), { target: { files: [file] } }),
    );
    const sent = stub.sent();
    expect(sent.url).toBe('/cabinet/ajax/profile/documents/');
    expect(formOf(sent.body).get('kind')).toBe('education');
    expect(formOf(sent.body).get('doctor_id')).toBe('5');
    expect(slot('education').getByRole('status').textContent).toBe(T.uploaded);
    expect(slot('education').getByText('На проверке')).toBeTruthy();
    expect(slot('category').queryByRole('status')).toBeNull();
  });

  it('says in the slot why a withdrawal was refused', async () => {
    const stub = stubFetch(json({ detail: T.notPending }, 409));
    render(<DocumentsEditor initial={docs(pending)} doctorId={5} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `${T.withdraw}: Диплом` })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/profile/documents/11/withdraw/',
      body: { doctor_id: 5 },
    });
    expect(slot('education').getByRole('alert').textContent).toBe(T.notPending);
    expect(slot('category').queryByRole('alert')).toBeNull();
  });
});
