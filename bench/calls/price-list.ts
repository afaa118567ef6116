/**
 * Bench input: ~50 realistic clinic price list calls (GET /ajax/lpu/services/) against the
 * large set — the clinics with the longest price lists, on page 1 and 2, searching 'узи' and
 * 'приём', one of their categories, and with the online switch on.
 */
import { sql } from 'drizzle-orm';
import { priceList } from '../../core/clinic/calls';
import { PRICE_LIST_PAGE_SIZE } from '../../core/clinic/price-list';
import type { Db } from '../../server/db/client';

const CLINICS = 8;

export async function priceListCallPaths(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ clinic_id: number; lines: number; category: string }>(sql`
    SELECT top.clinic_id, top.lines,
      (SELECT sc.name FROM clinic_services cs JOIN service_classes sc ON sc.id = cs.class_id
        WHERE cs.clinic_id = top.clinic_id ORDER BY sc.sort DESC LIMIT 1) AS category
    FROM (SELECT clinic_id, count(*)::int AS lines FROM clinic_services
          GROUP BY clinic_id ORDER BY count(*) DESC, clinic_id LIMIT ${CLINICS}) top`);
  if (rows.length === 0) throw new Error('No clinic has a price list: seed the large set first');
  const path = (params: Record<string, string | number>) =>
    `${priceList.path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
  return rows.flatMap((r) => {
    const lpu_id = Number(r.clinic_id);
    return [
      path({ lpu_id, page: 1 }),
      ...(r.lines > PRICE_LIST_PAGE_SIZE ? [path({ lpu_id, page: 2 })] : []),
      path({ lpu_id, page: 1, search_query: 'узи' }),
      path({ lpu_id, page: 1, search_query: 'приём' }),
      path({ lpu_id, page: 1, service_category_name: r.category }),
      path({ lpu_id, page: 1, is_available_appointment_direct: 'true' }),
      path({ lpu_id, page: 1, search_query: 'анализ', is_available_appointment_direct: 'true' }),
    ];
  });
}
