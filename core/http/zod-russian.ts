/**
 * Zod's own messages in Russian (its bundled 'ru' locale), for a refusal a schema gives without
 * one of ours: every 400 the calls answer reads in Russian (issue 45), on the server and in the
 * browser alike. Imported by contracts.ts, which every call's schema goes through.
 */
import { z } from 'zod';
import ru from 'zod/v4/locales/ru.js';

z.config(ru());
