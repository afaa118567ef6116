import { defineCall } from '../http/call';
import type { MistakeReportBody, MistakeReportSent } from './contracts';

/** A visitor's report of a mistake on a doctor's or clinic's page, kept for the editors. */
export const sendMistakeReport = defineCall<{ body: MistakeReportBody; reply: MistakeReportSent }>()(
  'POST',
  '/ajax/mistake_reports/',
);
