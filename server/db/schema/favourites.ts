import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A patient's favourite doctor or clinic; type follows the API's 'doctors' | 'lpu'. */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    type: text({ enum: ['doctors', 'lpu'] }).notNull(),
    targetId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.targetId] }),
    index('favourites_user_created').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
