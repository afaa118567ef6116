import type { FastifyInstance } from 'fastify';
import { CabinetIdParamsSchema } from '../../../core/cabinet/contracts';
import { DESK_TEXTS } from '../../../core/cabinet/desk';
import { cabinetAddBlock, cabinetBlocks, cabinetRemoveBlock } from '../../../core/cabinet/desk-calls';
import {
  BlockBodySchema,
  BlockRemovedSchema,
  BlockSchema,
  BlocksQuerySchema,
  BlocksSchema,
} from '../../../core/cabinet/desk-contracts';
import { serve } from '../../http/route';
import type { CabinetService } from './service';

/** The clinic's blocks of its doctors' times (blocks.ts). */
export function blocksRoutes(app: FastifyInstance, cabinet: CabinetService) {
  serve(app, cabinetBlocks, { query: BlocksQuerySchema, reply: BlocksSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return cabinet.blocks(await request.viewer(), request.query);
  });

  serve(app, cabinetAddBlock, { body: BlockBodySchema, reply: BlockSchema }, async (request, reply) => {
    const block = await cabinet.addBlock(await request.viewer(), request.body);
    reply.status(201);
    return block;
  });

  serve(
    app,
    cabinetRemoveBlock,
    {
      params: CabinetIdParamsSchema,
      reply: BlockRemovedSchema,
      invalid: { params: { status: 404, detail: DESK_TEXTS.blockNotFound } },
    },
    async (request) => cabinet.removeBlock(await request.viewer(), request.params.id),
  );
}
