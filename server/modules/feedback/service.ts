import type { MistakeReportInput } from '../../../core/feedback/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { createMistakeReportRepo } from './repo';

export type MistakeReportService = ReturnType<typeof createMistakeReportService>;

/** PostgreSQL's foreign_key_violation: the doctor or clinic reported on does not exist. */
const FOREIGN_KEY_VIOLATION = '23503';

/** 'Сообщить об ошибке' submissions from doctor and clinic pages, kept for the editors. */
export function createMistakeReportService({ db }: { db: Db }) {
  const repo = createMistakeReportRepo(db);
  return {
    /** Keeps a report; a 404 when the doctor or clinic reported on does not exist. */
    async report(input: MistakeReportInput): Promise<{ id: number }> {
      try {
        return await repo.insert({
          doctorId: input.doctor_id ?? null,
          clinicId: input.lpu_id ?? null,
          text: input.text,
          contact: input.contact,
        });
      } catch (err) {
        if ((err as { cause?: { code?: string } }).cause?.code === FOREIGN_KEY_VIOLATION) {
          throw notFound(input.doctor_id !== undefined ? 'Врач не найден' : 'Клиника не найдена');
        }
        throw err;
      }
    },
  };
}
