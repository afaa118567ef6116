import type { CourseItem, EducationItem } from '../../../core/doctor/profile-edit';
import { PROFILE_LIMITS } from '../../../core/doctor/profile-edit';
import { Button } from '../../components/ui/button';
import { INPUT } from '../../components/ui/field';
import { type Row, rowKey } from './profile-draft';

/** One row changed in a list of rows. */
const changed = <T,>(list: T[], i: number, change: Partial<T>) =>
  list.map((x, j) => (j === i ? { ...x, ...change } : x));

/** 'Образование': year, institution and speciality a row, up to the limit. */
export function EducationRows({
  rows,
  onChange,
}: {
  rows: Row<EducationItem>[];
  onChange: (rows: Row<EducationItem>[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">Образование</legend>
      {rows.map((e, i) => (
        <div
          key={e.key}
          className="grid grid-cols-[5.5rem_1fr] gap-2 rounded-lg bg-canvas p-2 sm:grid-cols-[5.5rem_2fr_1.5fr_auto]"
        >
          <input
            aria-label="Год окончания"
            inputMode="numeric"
            value={e.year}
            onChange={(ev) => onChange(changed(rows, i, { year: ev.target.value }))}
            className={INPUT}
          />
          <input
            aria-label="Учебное заведение"
            placeholder="Учебное заведение"
            value={e.institution}
            onChange={(ev) => onChange(changed(rows, i, { institution: ev.target.value }))}
            className={INPUT}
          />
          <input
            aria-label="Специальность"
            placeholder="Специальность"
            value={e.speciality}
            onChange={(ev) => onChange(changed(rows, i, { speciality: ev.target.value }))}
            className={`${INPUT} col-span-2 sm:col-span-1`}
          />
          <Button
            variant="small"
            className="col-span-2 sm:col-span-1"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Удалить
          </Button>
        </div>
      ))}
      {rows.length < PROFILE_LIMITS.educationMax && (
        <Button
          variant="small"
          className="self-start"
          onClick={() => onChange([...rows, { year: '', institution: '', speciality: '', key: rowKey() }])}
        >
          + Добавить образование
        </Button>
      )}
    </fieldset>
  );
}

/** 'Курсы повышения квалификации': year and title a row, up to the limit. */
export function CourseRows({
  rows,
  onChange,
}: {
  rows: Row<CourseItem>[];
  onChange: (rows: Row<CourseItem>[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">Курсы повышения квалификации</legend>
      {rows.map((c, i) => (
        <div
          key={c.key}
          className="grid grid-cols-[5.5rem_1fr] gap-2 rounded-lg bg-canvas p-2 sm:grid-cols-[5.5rem_1fr_auto]"
        >
          <input
            aria-label="Год курса"
            inputMode="numeric"
            value={c.year}
            onChange={(ev) => onChange(changed(rows, i, { year: ev.target.value }))}
            className={INPUT}
          />
          <input
            aria-label="Название курса"
            placeholder="Название курса"
            value={c.title}
            onChange={(ev) => onChange(changed(rows, i, { title: ev.target.value }))}
            className={INPUT}
          />
          <Button
            variant="small"
            className="col-span-2 sm:col-span-1"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Удалить
          </Button>
        </div>
      ))}
      {rows.length < PROFILE_LIMITS.coursesMax && (
        <Button
          variant="small"
          className="self-start"
          onClick={() => onChange([...rows, { year: '', title: '', key: rowKey() }])}
        >
          + Добавить курс
        </Button>
      )}
    </fieldset>
  );
}
