/**
 * Uploads without quota (docs/security.md): a doctor sending 9.9 MB scans in a loop stops at the
 * account's 100 MB a day, and each scan a newer one withdraws loses its file once that commits.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA_TEXT } from '../../../core/cabinet/upload-quota';
import { doctorDocuments } from '../../db/schema/profile';
import { documentsFixture } from './documents-fixture';

const t = documentsFixture();
const { URL, withdrawUrl, scanForm } = t;

/** A PDF of 9.9 MB, its bytes its own (files are named by their hash). */
const bigPdf = (n: number) => {
  const data = Buffer.alloc(Math.floor(9.9 * 1024 * 1024), 0x20);
  data.write(`%PDF-1.4\n% scan ${n}\n`, 'latin1');
  return data;
};

describe('the upload quota of the doctor’s scans', () => {
  it('ten 9.9 MB scans a day, the eleventh refused; replaced scans’ files removed', async () => {
    for (let n = 0; n < 10; n++) {
      const res = await t.me.inject({
        url: URL,
        ...(await scanForm(bigPdf(n), 'scan.pdf', { kind: 'science' })),
      });
      expect(res.statusCode, `scan ${n}`).toBe(201);
    }
    const refused = await t.me.inject({
      url: URL,
      ...(await scanForm(bigPdf(10), 'scan.pdf', { kind: 'science' })),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: UPLOAD_QUOTA_TEXT, errors: { file: UPLOAD_QUOTA_TEXT } });

    const rows = await t.database.db
      .select()
      .from(doctorDocuments)
      .where(eq(doctorDocuments.kind, 'science'));
    expect(rows).toHaveLength(10);
    const live = rows.filter((r) => r.status === 'pending');
    expect(live).toHaveLength(1);
    // Only the live scan's file is still there: the nine withdrawn ones went with their withdrawal.
    for (const r of rows) {
      const file = await t.me.inject({ method: 'GET', url: `/cabinet/ajax/profile/documents/${r.id}/file/` });
      expect(file.statusCode, `${r.id} ${r.status}`).toBe(r.status === 'pending' ? 200 : 404);
    }
    // Withdrawing the last one removes its file too.
    expect((await t.me.inject({ url: withdrawUrl(live[0].id), payload: {} })).statusCode).toBe(200);
    const gone = await t.me.inject({
      method: 'GET',
      url: `/cabinet/ajax/profile/documents/${live[0].id}/file/`,
    });
    expect(gone.statusCode).toBe(404);
  }, 180_000);
});
