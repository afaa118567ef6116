import type { FastifyRequest } from 'fastify';

/**
 * Whether the visitor is staff, who see every matching doctor card without paging (spec
 * section 5). Checked on the server: `show_all` from anyone else is ignored.
 */
export async function isStaffViewer(request: FastifyRequest): Promise<boolean> {
  return (await request.viewer()).isStaff;
}
