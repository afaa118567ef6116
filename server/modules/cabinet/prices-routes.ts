import type { FastifyInstance } from 'fastify';
import {
  cabinetAddPrice,
  cabinetOwnVisitPrices,
  cabinetPriceSynonyms,
  cabinetPrices,
  cabinetRemovePrice,
  cabinetSetClub,
  cabinetSetPrice,
  cabinetSetVisitPrice,
  cabinetVisitPrices,
} from '../../../core/cabinet/calls';
import { CabinetIdParamsSchema } from '../../../core/cabinet/contracts';
import {
  CabinetPricesSchema,
  ClubBodySchema,
  ClubParticipationSchema,
  NewPriceLineBodySchema,
  PriceLineBodySchema,
  SynonymOptionsSchema,
  SynonymQuerySchema,
} from '../../../core/cabinet/price-contracts';
import { PRICE_TEXTS } from '../../../core/cabinet/prices';
import {
  VisitPriceBodySchema,
  VisitPriceParamsSchema,
  VisitPricesSchema,
} from '../../../core/cabinet/visit-price-contracts';
import { VISIT_PRICE_TEXTS } from '../../../core/cabinet/visit-prices';
import { serve } from '../../http/route';
import type { PricesEditor } from './prices';

/** 'Цены и услуги' (docs/product/cabinet.md): a clinic account's own price list and club. */
export async function cabinetPricesRoutes(app: FastifyInstance, { prices }: { prices: PricesEditor }) {
  // A malformed line id is a line that is not there.
  const invalid = { params: { status: 404, detail: PRICE_TEXTS.notFound } };

  serve(app, cabinetPrices, { reply: CabinetPricesSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return prices.list(await request.viewer());
  });

  serve(
    app,
    cabinetPriceSynonyms,
    { query: SynonymQuerySchema, reply: SynonymOptionsSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return prices.synonyms(await request.viewer(), request.query.q);
    },
  );

  serve(
    app,
    cabinetAddPrice,
    { body: NewPriceLineBodySchema, reply: CabinetPricesSchema },
    async (request, reply) => {
      const saved = await prices.add(await request.viewer(), request.body);
      reply.status(201);
      return saved;
    },
  );

  serve(
    app,
    cabinetSetPrice,
    { params: CabinetIdParamsSchema, body: PriceLineBodySchema, reply: CabinetPricesSchema, invalid },
    async (request) => prices.change(await request.viewer(), request.params.id, request.body),
  );

  serve(
    app,
    cabinetRemovePrice,
    { params: CabinetIdParamsSchema, reply: CabinetPricesSchema, invalid },
    async (request) => prices.remove(await request.viewer(), request.params.id),
  );

  for (const call of [cabinetVisitPrices, cabinetOwnVisitPrices]) {
    serve(app, call, { reply: VisitPricesSchema }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return prices.visitPrices(await request.viewer());
    });
  }

  serve(
    app,
    cabinetSetVisitPrice,
    {
      params: VisitPriceParamsSchema,
      body: VisitPriceBodySchema,
      reply: VisitPricesSchema,
      // A malformed workplace id is a doctor who is not there.
      invalid: { params: { status: 404, detail: VISIT_PRICE_TEXTS.notFound } },
    },
    async (request) => prices.setVisitPrice(await request.viewer(), request.params.workplaceId, request.body),
  );

  serve(app, cabinetSetClub, { body: ClubBodySchema, reply: ClubParticipationSchema }, async (request) =>
    prices.setClub(await request.viewer(), request.body),
  );
}
