import type { FastifyRequest } from 'fastify';

/**
 * Whether the visitor is staff, who see every matching doctor card without paging (spec
 * section 5). Roles and sessions arrive with the sign-in issue; until then nobody is staff,
 * so `show_all` is ignored for everyone.
 */
export function isStaffViewer(_request: FastifyRequest): boolean {
  return false;
}
