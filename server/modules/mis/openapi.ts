import { z } from 'zod';
import type { Call } from '../../../core/http/call';
import { misAppointments, misDoctors, misPushSlots, misSetDoctor } from '../../../core/mis/calls';
import {
  MisDoctorBodySchema,
  MisDoctorSchema,
  MisDoctorsSchema,
  MisFeedQuerySchema,
  MisFeedSchema,
  MisSlotsPushedSchema,
  MisSlotsPushSchema,
} from '../../../core/mis/contracts';
import { MIS_LIMITS } from '../../../core/mis/push';

/** One operation of the description: the call it describes and the schemas it is served with. */
interface Operation {
  call: Call;
  summary: string;
  description: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  reply: z.ZodType;
  pathId?: boolean;
}

const OPERATIONS: Operation[] = [
  {
    call: misDoctors,
    summary: 'Врачи клиники',
    description: 'Врачи клиники ключа: наш doctor_id, mis_id из вашей МИС, виды приёма.',
    reply: MisDoctorsSchema,
  },
  {
    call: misSetDoctor,
    summary: 'Связать врача с МИС',
    description:
      'Задаёт mis_id врача (уникален в клинике; null снимает) и mis_schedule: false возвращает расписание врача к часам приёма из кабинета.',
    body: MisDoctorBodySchema,
    reply: MisDoctorSchema,
    pathId: true,
  },
  {
    call: misPushSlots,
    summary: 'Передать слоты',
    description: `Делает слоты каждого названного врача за дни from…to (дни клиники) ровно переданными; повтор того же запроса ничего не меняет. После первой передачи пациентам предлагаются только переданные слоты врача. Записи пациентов не удаляются. До ${MIS_LIMITS.maxDays} дней, ${MIS_LIMITS.maxDoctors} врачей и ${MIS_LIMITS.maxSlots} слотов на врача за запрос.`,
    body: MisSlotsPushSchema,
    reply: MisSlotsPushedSchema,
  },
  {
    call: misAppointments,
    summary: 'Новые и изменённые записи',
    description:
      'Записи клиники, созданные или изменённые после курсора since (next_cursor прошлого ответа), в порядке изменений. Запись приходит снова при каждом изменении (перенос, отмена, отметка).',
    query: MisFeedQuerySchema,
    reply: MisFeedSchema,
  },
];

const ErrorSchema = {
  type: 'object',
  required: ['detail'],
  properties: { detail: { type: 'string' }, code: { type: 'string' } },
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** The OpenAPI 3.1 description of the integration API, built from the schemas it is served with. */
export function misOpenApi(origin: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    if (op.pathId) parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } });
    if (op.query) {
      const json = schemaOf(op.query, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema });
      }
    }
    paths[openApiPath(op.call.path)] = {
      ...paths[openApiPath(op.call.path)],
      [op.call.method.toLowerCase()]: {
        summary: op.summary,
        description: op.description,
        ...(parameters.length ? { parameters } : {}),
        ...(op.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schemaOf(op.body, 'input') } },
              },
            }
          : {}),
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: schemaOf(op.reply, 'output') } },
          },
          400: {
            description: 'Неверный запрос: detail говорит, что не так',
            content: { 'application/json': { schema: ErrorSchema } },
          },
          401: {
            description: 'Нет ключа, или он недействителен',
            content: { 'application/json': { schema: ErrorSchema } },
          },
          429: {
            description: `Больше ${MIS_LIMITS.callsPerMinute} запросов в минуту на ключ; Retry-After говорит, через сколько секунд`,
            content: { 'application/json': { schema: ErrorSchema } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API для МИС клиник',
      version: '1.0.0',
      description:
        'Обмен расписанием и записями между медицинской информационной системой клиники и порталом. Ключ выдаётся в кабинете клиники (Интеграция с МИС) и передаётся в заголовке Authorization: Bearer <ключ>.',
    },
    servers: [{ url: origin }],
    security: [{ key: [] }],
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
