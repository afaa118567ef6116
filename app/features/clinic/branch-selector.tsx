import { Link, useNavigate } from 'react-router';
import { late } from '../../lib/late';
import { AddressSchedule } from './address-schedule';

/**
 * The phone's select of branches: the site's select (about 1 KB gzipped) comes in a chunk after
 * the page's (ADR 021), the server's HTML standing until then; most clinics have no branches.
 */
const Select = late(() => import('../../components/ui/select').then((m) => m.Select<string>), {
  boundary: true,
});

/** Loads the select's code: a navigation to a clinic page awaits it with the data. */
export const preloadBranchSelect = () => Select.preload();

/** A branch option has a title, a subtitle, a link and a disabled flag. */
export interface BranchOption {
  title: string;
  subtitle: string;
  link: string;
  disabled?: boolean;
}

/**
 * The clinic's branches: on phones a select (the current clinic listed and disabled) whose
 * choice goes to that branch; on wider screens a list of links, each address telling its hours.
 */
export function BranchSelector({
  lpuId,
  current,
  branches,
}: {
  lpuId: number;
  current: BranchOption;
  branches: BranchOption[];
}) {
  const navigate = useNavigate();
  if (!branches.length) return null;
  const options = [current, ...branches].map((b) => ({
    value: b.link,
    label: `${b.title}, ${b.subtitle}`,
    disabled: b.disabled,
  }));
  return (
    <div className="mt-4">
      <Select
        label="Филиалы клиники"
        options={options}
        value={current.link}
        onChange={(link) => navigate(link)}
        className="sm:hidden"
      />
      <section aria-labelledby="branches-h" className="hidden sm:block">
        <h2 id="branches-h" className="text-sm font-semibold text-ink-soft">
          Другие филиалы ({branches.length})
        </h2>
        <ul className="mt-2 grid gap-x-6 gap-y-2 text-sm md:grid-cols-2">
          {branches.map((b) => (
            <li key={b.link}>
              <Link to={b.link} className="font-medium text-brand hover:underline">
                {b.title}
              </Link>
              <div className="text-muted">
                <AddressSchedule lpuId={lpuId} address={b.subtitle} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
