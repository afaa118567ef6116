// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoctorDocuments } from '../../../core/doctor/contracts';
import { DocumentsBadge } from './documents-badge';

afterEach(cleanup);

const docs: DoctorDocuments = {
  licenseNumber: null,
  isEducationConfirmed: true,
  isCategoryConfirmed: true,
  categoryExpiresDate: '2026-02-28',
  isScienceConfirmed: false,
  scienceDocumentType: null,
};
const badge = () => screen.queryByRole('button', { name: 'Документы проверены' });

describe('DocumentsBadge', () => {
  it('shows while every document its modal lists is valid', () => {
    render(<DocumentsBadge documents={docs} today="2026-02-28" categoryName={null} />);
    expect(badge()).not.toBeNull();
  });

  it('is gone once the modal would say “Документ уже недействителен”', () => {
    render(<DocumentsBadge documents={docs} today="2026-03-01" categoryName={null} />);
    expect(badge()).toBeNull();
  });
});
