import type { FastifyInstance } from 'fastify';
import { CabinetIdParamsSchema } from '../../../core/cabinet/contracts';
import {
  cabinetChangePerson,
  cabinetInvitePerson,
  cabinetPeople,
  cabinetRemovePerson,
} from '../../../core/cabinet/people';
import {
  ChangePersonBodySchema,
  ClinicPeopleSchema,
  InvitePersonBodySchema,
} from '../../../core/cabinet/people-contracts';
import { serve } from '../../http/route';
import type { ClinicPeopleService } from './people';

/** The people of a clinic (docs/product/roles.md): administrators only (the permission hook). */
export async function cabinetPeopleRoutes(app: FastifyInstance, { people }: { people: ClinicPeopleService }) {
  serve(app, cabinetPeople, { reply: ClinicPeopleSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return people.list(await request.viewer());
  });

  serve(
    app,
    cabinetInvitePerson,
    { body: InvitePersonBodySchema, reply: ClinicPeopleSchema },
    async (request) => people.invite(await request.viewer(), request.body),
  );

  serve(
    app,
    cabinetChangePerson,
    { params: CabinetIdParamsSchema, body: ChangePersonBodySchema, reply: ClinicPeopleSchema },
    async (request) => people.change(await request.viewer(), request.params.id, request.body),
  );

  serve(
    app,
    cabinetRemovePerson,
    { params: CabinetIdParamsSchema, reply: ClinicPeopleSchema },
    async (request) => people.remove(await request.viewer(), request.params.id),
  );
}
