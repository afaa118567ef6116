import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** Anything that can run a statement: the database or an open transaction. */
export type Executor = Pick<Db, 'execute'>;

/** A complete row as the table stores it: the seed always writes every column explicitly. */
export type Row<T extends PgTable> = T['$inferSelect'];

/**
 * How a column travels. Integers, booleans and floats go as typed arrays; everything else
 * goes as text[] and is cast per column, which keeps the drivers' array serialisation trivial
 * on both pg and PGlite (no jsonb[] or tstzrange[] parameters).
 */
interface Plan {
  key: string;
  column: string;
  transport: 'int4[]' | 'bool[]' | 'float8[]' | 'text[]';
  cast: string | null;
  encode: ((value: unknown) => unknown) | null;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
const json = (v: unknown) => JSON.stringify(v);
const textArray = (v: unknown) => pgTextArray(v as string[]);

function planColumn(key: string, column: PgColumn): Plan {
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  const type = column.getSQLType();
  const plan = (transport: Plan['transport'], cast: string | null, encode: Plan['encode'] = null): Plan => ({
    key,
    column: name,
    transport,
    cast,
    encode,
  });
  switch (type) {
    case 'integer':
      return plan('int4[]', null);
    case 'smallint':
      return plan('int4[]', 'smallint');
    case 'boolean':
      return plan('bool[]', null);
    case 'real':
      return plan('float8[]', 'real');
    case 'double precision':
      return plan('float8[]', null);
    case 'text':
      return plan('text[]', null);
    case 'jsonb':
      return plan('text[]', 'jsonb', json);
    case 'text[]':
      return plan('text[]', 'text[]', textArray);
    case 'integer[]':
      return plan('text[]', 'integer[]', (v) => pgTextArray((v as number[]).map(String)));
    case 'timestamp with time zone':
      return plan('text[]', 'timestamptz', iso);
    default:
      // date, time, uuid, tstzrange: their text form is what we hold already.
      return plan('text[]', type);
  }
}

/** A Postgres array literal; a text[] cell travels as one text element and is cast back. */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** '[start,end)' literal for a tstzrange column. */
export function tstzRange(start: Date, end: Date): string {
  return `[${start.toISOString()},${end.toISOString()})`;
}

function unnestInsert(table: string, plans: Plan[], data: unknown[][]): SQL {
  const params = plans.map((p, i) => sql`${sql.param(data[i])}::${sql.raw(p.transport)}`);
  const select = plans.map((p, i) => (p.cast ? `c${i}::${p.cast}` : `c${i}`)).join(', ');
  const columns = plans.map((p) => `"${p.column}"`).join(', ');
  const aliases = plans.map((_, i) => `c${i}`).join(', ');
  return sql`INSERT INTO ${sql.identifier(table)} (${sql.raw(columns)}) SELECT ${sql.raw(select)} FROM unnest(${sql.join(
    params,
    sql`, `,
  )}) AS u(${sql.raw(aliases)})`;
}

/**
 * Batches from several tables go through one queue, in order, so a parent's rows always
 * reach the database before the children that reference them (foreign keys are checked per
 * statement). Statements run while the caller generates the next batch; callers
 * `await session.ready()` now and then so that only a couple of batches wait in memory.
 */
export class BulkSession {
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
  private error: unknown = null;
  private readonly writers: TableWriter<PgTable>[] = [];

  constructor(
    readonly db: Executor,
    readonly batchSize = 10_000,
  ) {}

  /** A writer for one table; `parents` are flushed before each of its batches. */
  writer<T extends PgTable>(table: T, parents: TableWriter<PgTable>[] = []): TableWriter<T> {
    const writer = new TableWriter(this, table, parents);
    this.writers.push(writer as unknown as TableWriter<PgTable>);
    return writer;
  }

  enqueue(statement: SQL): void {
    this.queued++;
    this.chain = this.chain
      .then(async () => {
        if (!this.error) await this.db.execute(statement);
      })
      .catch((err: unknown) => {
        this.error ??= err;
      })
      .finally(() => {
        this.queued--;
      });
  }

  /** Backpressure: waits while more than two batches are in flight. */
  async ready(): Promise<void> {
    if (this.queued > 2) await this.chain;
    if (this.error) throw this.error;
  }

  /** Flushes every writer (in creation order: create parents first) and waits for all. */
  async close(): Promise<Record<string, number>> {
    for (const writer of this.writers) writer.flush();
    await this.chain;
    if (this.error) throw this.error;
    return Object.fromEntries(this.writers.map((w) => [w.table, w.count]));
  }
}

/**
 * Collects complete rows of one table column by column and sends them as one
 * `INSERT … SELECT FROM unnest($1::int4[], …)` per batch: an order of magnitude faster
 * than multi-row VALUES, and the same SQL on pg and PGlite.
 */
export class TableWriter<T extends PgTable> {
  readonly table: string;
  private readonly plans: Plan[];
  private data: unknown[][];
  count = 0;

  constructor(
    private readonly session: BulkSession,
    table: T,
    private readonly parents: TableWriter<PgTable>[],
  ) {
    this.table = getTableConfig(table).name;
    this.plans = Object.entries(getTableColumns(table)).map(([key, column]) =>
      planColumn(key, column as PgColumn),
    );
    this.data = this.plans.map(() => []);
  }

  add(row: Row<T>): void {
    const record = row as Record<string, unknown>;
    const { plans, data } = this;
    for (let i = 0; i < plans.length; i++) {
      const value = record[plans[i].key];
      if (value === undefined) throw new Error(`seed: ${this.table}.${plans[i].key} is undefined`);
      const encode = plans[i].encode;
      data[i].push(value === null || !encode ? value : encode(value));
    }
    this.count++;
    if (data[0].length >= this.session.batchSize) this.flush();
  }

  /** Queues the rows collected so far (after the parents' pending rows). */
  flush(): void {
    for (const parent of this.parents) parent.flush();
    if (this.data[0].length === 0) return;
    const batch = this.data;
    this.data = this.plans.map(() => []);
    this.session.enqueue(unnestInsert(this.table, this.plans, batch));
  }
}

/** Writes a whole in-memory list at once (reference tables, factories). */
export async function insertAll<T extends PgTable>(
  db: Executor,
  table: T,
  rows: Iterable<Row<T>>,
): Promise<number> {
  const session = new BulkSession(db);
  const writer = session.writer(table);
  for (const row of rows) writer.add(row);
  await session.close();
  return writer.count;
}

/** Identity sequences continue after the explicit ids the seed wrote. */
export async function resetSequence(db: Executor, table: PgTable): Promise<void> {
  const name = getTableConfig(table).name;
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL) FROM "${name}"`,
    ),
  );
}
