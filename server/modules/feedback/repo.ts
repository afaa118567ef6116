import type { Db } from '../../db/client';
import { mistakeReports } from '../../db/schema/feedback';

export function createMistakeReportRepo(db: Db) {
  return {
    async insert(report: {
      doctorId: number | null;
      clinicId: number | null;
      text: string;
      contact: string | null;
    }) {
      const [row] = await db.insert(mistakeReports).values(report).returning({ id: mistakeReports.id });
      return row;
    },
  };
}
