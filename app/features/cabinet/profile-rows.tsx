import type { CourseItem, EducationItem } from '../../../core/doctor/profile-edit';
import { PROFILE_LIMITS } from '../../../core/doctor/profile-edit';
import { Button } from '../../components/ui/button';
import { INPUT } from '../../components/ui/field';
import { type Row, rowKey } from './profile-draft';

/** One text box of a row: the field it edits, its name, and what sets it apart. */
interface Column<T> {
  field: keyof T & string;
  label: string;
  placeholder?: string;
  inputMode?: 'numeric';
  className?: string;
}

/** A list of rows of text boxes, each with 'Удалить', and a button to add one up to the limit. */
function RowList<T extends { key: number }>({
  legend,
  grid,
  columns,
  blank,
  max,
  addText,
  rows,
  onChange,
}: {
  legend: string;
  /** The row's grid columns. */
  grid: string;
  columns: readonly Column<T>[];
  /** A new, empty row. */
  blank: () => T;
  max: number;
  addText: string;
  rows: T[];
  onChange: (rows: T[]) => void;
}) {
  const set = (i: number, field: keyof T, value: string) =>
    onChange(rows.map((x, j) => (j === i ? { ...x, [field]: value } : x)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">{legend}</legend>
      {rows.map((row, i) => (
        <div key={row.key} className={`grid grid-cols-[5.5rem_1fr] gap-2 rounded-lg bg-canvas p-2 ${grid}`}>
          {columns.map((c) => (
            <input
              key={c.field}
              aria-label={c.label}
              placeholder={c.placeholder}
              inputMode={c.inputMode}
              value={String(row[c.field])}
              onChange={(ev) => set(i, c.field, ev.target.value)}
              className={c.className ? `${INPUT} ${c.className}` : INPUT}
            />
          ))}
          <Button
            variant="small"
            className="col-span-2 sm:col-span-1"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Удалить
          </Button>
        </div>
      ))}
      {rows.length < max && (
        <Button variant="small" className="self-start" onClick={() => onChange([...rows, blank()])}>
          {addText}
        </Button>
      )}
    </fieldset>
  );
}

const EDUCATION_COLUMNS: readonly Column<Row<EducationItem>>[] = [
  { field: 'year', label: 'Год окончания', inputMode: 'numeric' },
  { field: 'institution', label: 'Учебное заведение', placeholder: 'Учебное заведение' },
  {
    field: 'speciality',
    label: 'Специальность',
    placeholder: 'Специальность',
    className: 'col-span-2 sm:col-span-1',
  },
];

const COURSE_COLUMNS: readonly Column<Row<CourseItem>>[] = [
  { field: 'year', label: 'Год курса', inputMode: 'numeric' },
  { field: 'title', label: 'Название курса', placeholder: 'Название курса' },
];

type Rows<T> = { rows: Row<T>[]; onChange: (rows: Row<T>[]) => void };

/** 'Образование': year, institution and speciality a row, up to the limit. */
export function EducationRows(props: Rows<EducationItem>) {
  return (
    <RowList
      {...props}
      legend="Образование"
      grid="sm:grid-cols-[5.5rem_2fr_1.5fr_auto]"
      columns={EDUCATION_COLUMNS}
      blank={() => ({ year: '', institution: '', speciality: '', key: rowKey() })}
      max={PROFILE_LIMITS.educationMax}
      addText="+ Добавить образование"
    />
  );
}

/** 'Курсы повышения квалификации': year and title a row, up to the limit. */
export function CourseRows(props: Rows<CourseItem>) {
  return (
    <RowList
      {...props}
      legend="Курсы повышения квалификации"
      grid="sm:grid-cols-[5.5rem_1fr_auto]"
      columns={COURSE_COLUMNS}
      blank={() => ({ year: '', title: '', key: rowKey() })}
      max={PROFILE_LIMITS.coursesMax}
      addText="+ Добавить курс"
    />
  );
}
