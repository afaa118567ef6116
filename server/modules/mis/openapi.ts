import { z } from 'zod';
import type { Call } from '../../../core/http/call';
import {
  misAppointments,
  misBook,
  misCancel,
  misDoctors,
  misMark,
  misMove,
  misPushSlots,
  misSetDoctor,
} from '../../../core/mis/calls';
import {
  MisAppointmentSchema,
  MisBookBodySchema,
  MisCancelBodySchema,
  MisDoctorBodySchema,
  MisDoctorSchema,
  MisDoctorsSchema,
  MisFeedQuerySchema,
  MisFeedSchema,
  MisMarkBodySchema,
  MisMoveBodySchema,
  MisSlotsPushedSchema,
  MisSlotsPushSchema,
} from '../../../core/mis/contracts';
import { MIS_KEY_TEXTS, type MisScope } from '../../../core/mis/keys';
import { MIS_LIMITS, MIS_TEXTS } from '../../../core/mis/push';

/** One operation of the description: the call, its schemas, an example, and what refuses it. */
interface Operation {
  call: Call;
  summary: string;
  description: string;
  /** The key's scope the call needs (none: any key). */
  scope?: MisScope;
  query?: z.ZodObject;
  body?: z.ZodType;
  reply: z.ZodType;
  /** The status of a success (200 unless said). */
  status?: number;
  pathId?: boolean;
  example: { query?: Record<string, unknown>; body?: unknown; reply: unknown };
  /** The call's own refusals, beyond the ones every call shares (401, 403 scope, 429). */
  refusals: Record<number, string>;
}

/** A visit as every visit call and the change feed tell it. */
const VISIT_EXAMPLE = {
  id: 5310,
  status: 'booked',
  doctor_id: 77,
  doctor_mis_id: 'doc-12',
  service_id: null,
  service_mis_id: null,
  slot_mis_id: 'slot-88121',
  visit_type: 'clinic',
  starts_at: '2026-11-23T03:00:00.000Z',
  ends_at: '2026-11-23T03:30:00.000Z',
  home_address: null,
  home_window_minutes: null,
  patient: { name: 'Иванова Анна Петровна', phone: '79131234567', birth_date: '1990-04-01' },
  price: 1500,
  prepaid: null,
  confirmed: false,
  canceled_by: null,
  cancel_reason: null,
  created_at: '2026-11-20T08:15:00.000Z',
};

/** A home visit in the feed: where the doctor goes, as the patient gave it, and the clinic's window. */
const HOME_VISIT_EXAMPLE = {
  ...VISIT_EXAMPLE,
  id: 5311,
  slot_mis_id: null,
  visit_type: 'home',
  starts_at: '2026-11-23T05:00:00.000Z',
  ends_at: '2026-11-23T06:00:00.000Z',
  home_address: {
    line: 'ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К',
    street: 'ул. Ленина',
    house: '5',
    flat: '12',
    entrance: '2',
    floor: '3',
    intercom: '12К',
    note: 'Собака добрая, звонить в домофон дважды',
    district: 'Центральный',
    lat: 55.0302,
    lon: 82.9204,
  },
  home_window_minutes: 120,
  price: 3500,
};

const IDEMPOTENCY =
  'Повтор с тем же idempotency_key возвращает первый ответ (или тот же отказ) и ничего не делает снова; тот же ключ в другом вызове — 409.';

const VISIT_REFUSALS = {
  400: 'Тело не прошло проверку: detail и errors называют поле',
  404: `${MIS_TEXTS.visitNotFound} (в том числе запись другой клиники)`,
  409: `Отказ по состоянию записи (code: already_canceled, same_status, not_started, visit_over, not_active, begun, same_time, not_a_pushed_slot, slot_taken, time_blocked, slot_past, visit_clash…), либо ${MIS_TEXTS.idempotencyOther} (idempotency_key_reused), либо ${MIS_TEXTS.idempotencyRunning} (idempotency_key_running)`,
};

const OPERATIONS: Operation[] = [
  {
    call: misDoctors,
    summary: 'Врачи клиники',
    description:
      'Клиника ключа (часовой пояс, горизонт записи) и её врачи: наш doctor_id, mis_id из вашей МИС, виды приёма. Доступен любому ключу.',
    reply: MisDoctorsSchema,
    example: {
      reply: {
        clinic: { id: 12, name: 'Клиника «Здоровье»', tz: 'Asia/Novosibirsk', booking_horizon_days: 14 },
        doctors: [
          {
            doctor_id: 77,
            mis_id: 'doc-12',
            name: 'Петров Иван Сергеевич',
            visit_types: ['clinic'],
            mis_schedule: true,
            appointment_on: true,
          },
        ],
      },
    },
    refusals: {},
  },
  {
    call: misSetDoctor,
    summary: 'Связать врача с МИС',
    description:
      'Задаёт mis_id врача (уникален в клинике; null снимает) и mis_schedule: false возвращает расписание врача к часам приёма из кабинета.',
    scope: 'doctors',
    body: MisDoctorBodySchema,
    reply: MisDoctorSchema,
    pathId: true,
    example: {
      body: { mis_id: 'doc-12' },
      reply: {
        doctor_id: 77,
        mis_id: 'doc-12',
        name: 'Петров Иван Сергеевич',
        visit_types: ['clinic'],
        mis_schedule: false,
        appointment_on: true,
      },
    },
    refusals: {
      400: 'mis_id не по формату',
      404: MIS_TEXTS.doctorNotFound,
      409: `${MIS_TEXTS.misIdTaken} (code: mis_id_taken)`,
    },
  },
  {
    call: misPushSlots,
    summary: 'Передать слоты',
    description: `Делает слоты каждого названного врача за дни from…to (дни клиники) ровно переданными; повтор того же запроса ничего не меняет. После первой передачи пациентам предлагаются только переданные слоты врача. Записи пациентов не удаляются. Слоты, которые пациентам не предложат (уже наступившие — past, за горизонтом записи клиники — beyond_horizon), сохраняются и перечислены в ответе (not_offered). До ${MIS_LIMITS.maxDays} дней, ${MIS_LIMITS.maxDoctors} врачей и ${MIS_LIMITS.maxSlots} слотов на врача за запрос. Время в отказах — по часам клиники.`,
    scope: 'slots',
    body: MisSlotsPushSchema,
    reply: MisSlotsPushedSchema,
    example: {
      body: {
        from: '2026-11-23',
        to: '2026-12-07',
        doctors: [
          {
            doctor_mis_id: 'doc-12',
            slots: [
              {
                mis_id: 'slot-88121',
                starts_at: '2026-11-23T10:00:00+07:00',
                duration_minutes: 30,
                visit_type: 'clinic',
              },
              {
                mis_id: 'slot-88190',
                starts_at: '2026-12-07T10:00:00+07:00',
                duration_minutes: 30,
                visit_type: 'clinic',
              },
            ],
          },
        ],
      },
      reply: {
        from: '2026-11-23',
        to: '2026-12-07',
        offered_until: '2026-12-05',
        doctors: [
          {
            doctor_id: 77,
            added: 2,
            removed: 0,
            updated: 0,
            unchanged: 0,
            not_offered: [{ starts_at: '2026-12-07T10:00+07:00', reason: 'beyond_horizon' }],
            not_offered_count: 1,
          },
        ],
      },
    },
    refusals: {
      400: `Ничего не изменено: ${MIS_TEXTS.badRange}; ${MIS_TEXTS.tooLong}; ${MIS_TEXTS.tooFar}; врач не этой клиники или указан дважды; слот вне дней from…to или слоты пересекаются (время по часам клиники); вид приёма, которого у врача нет; время без смещения; длительность вне ${MIS_LIMITS.minDuration}…${MIS_LIMITS.maxDuration} минут; тело не JSON. problems перечисляет до 50 нарушений`,
      413: 'Тело больше 8 МБ',
    },
  },
  {
    call: misAppointments,
    summary: 'Новые и изменённые записи',
    description:
      'Записи клиники, созданные или изменённые после курсора since (next_cursor прошлого ответа), в порядке изменений. Запись приходит снова при каждом изменении (перенос, подтверждение, отмена, отметка). У вызова врача на дом (visit_type home) — адрес пациента (home_address) и окно приезда (home_window_minutes). Содержит данные пациентов: нужен доступ appointments:read.',
    scope: 'appointments:read',
    query: MisFeedQuerySchema,
    reply: MisFeedSchema,
    example: {
      query: { since: '7781.5309', limit: 100 },
      reply: {
        appointments: [VISIT_EXAMPLE, HOME_VISIT_EXAMPLE],
        next_cursor: '7790.5311',
        has_more: false,
      },
    },
    refusals: { 400: `${MIS_TEXTS.badCursor}; limit вне 1…${MIS_LIMITS.maxPage}` },
  },
  {
    call: misBook,
    summary: 'Записать пациента',
    description: `Записывает пациента (найденного по телефону или нового) на время врача, как администратор клиники в кабинете: любое будущее время, кроме занятого или закрытого клиникой; пациент получает SMS. Длительность — слота врача в это время, иначе обычная. ${IDEMPOTENCY}`,
    scope: 'appointments:write',
    body: MisBookBodySchema,
    reply: MisAppointmentSchema,
    status: 201,
    example: {
      body: {
        doctor_id: 77,
        starts_at: '2026-11-23T10:00:00+07:00',
        visit_type: 'clinic',
        patient: {
          phone: '79131234567',
          last_name: 'Иванова',
          first_name: 'Анна',
          patronymic: 'Петровна',
          birth_date: '1990-04-01',
        },
        idempotency_key: 'mis-booking-55120',
      },
      reply: VISIT_EXAMPLE,
    },
    refusals: {
      ...VISIT_REFUSALS,
      403: `${MIS_KEY_TEXTS.noScope('appointments:write')}; или врач не этой клиники; или номер — рабочий аккаунт`,
    },
  },
  {
    call: misCancel,
    summary: 'Отменить запись',
    description: `Отменяет запись клиники с причиной: время сразу свободно для пациентов, пациент получает SMS с причиной, оплаченный купон клуба возвращается. ${IDEMPOTENCY}`,
    scope: 'appointments:write',
    body: MisCancelBodySchema,
    reply: MisAppointmentSchema,
    pathId: true,
    example: {
      body: { reason: 'Врач заболел', idempotency_key: 'mis-cancel-5310' },
      reply: { ...VISIT_EXAMPLE, status: 'canceled', canceled_by: 'clinic', cancel_reason: 'Врач заболел' },
    },
    refusals: VISIT_REFUSALS,
  },
  {
    call: misMove,
    summary: 'Перенести запись',
    description: `Переносит будущую запись на другое время того же врача (или doctor_id другого врача клиники), как администратор в кабинете; врача на переданном расписании — только на его переданный слот (иначе 409 not_a_pushed_slot); подтверждение снимается, пациент получает SMS с новым временем, прежнее время освобождается. ${IDEMPOTENCY}`,
    scope: 'appointments:write',
    body: MisMoveBodySchema,
    reply: MisAppointmentSchema,
    pathId: true,
    example: {
      body: { starts_at: '2026-11-23T11:30:00+07:00', idempotency_key: 'mis-move-5310-1' },
      reply: { ...VISIT_EXAMPLE, starts_at: '2026-11-23T04:30:00.000Z', ends_at: '2026-11-23T05:00:00.000Z' },
    },
    refusals: VISIT_REFUSALS,
  },
  {
    call: misMark,
    summary: 'Отметить приход или неявку',
    description: `Отмечает начавшийся приём: arrived — пациент пришёл (status done), no_show — не пришёл. ${IDEMPOTENCY}`,
    scope: 'appointments:write',
    body: MisMarkBodySchema,
    reply: MisAppointmentSchema,
    pathId: true,
    example: {
      body: { status: 'arrived', idempotency_key: 'mis-mark-5310' },
      reply: { ...VISIT_EXAMPLE, status: 'done' },
    },
    refusals: VISIT_REFUSALS,
  },
];

/**
 * What each field means, by its name, wherever it appears (the schemas' own `.describe()` wins):
 * the description's test holds every property to having one.
 */
const FIELDS: Record<string, string> = {
  id: 'Наш id',
  name: 'Имя',
  tz: 'Часовой пояс клиники (IANA): её дни и время в отказах',
  booking_horizon_days: 'На сколько дней вперёд (включая сегодня) пациентам предлагается запись',
  clinic: 'Клиника ключа',
  doctors: 'Врачи',
  doctor_id: 'Наш id врача (GET /api/mis/v1/doctors/)',
  doctor_mis_id: 'id врача в вашей МИС',
  mis_id: 'id в вашей МИС (латинские буквы, цифры и . _ : / -, до 64 символов)',
  visit_types: 'Виды приёма врача в клинике: clinic — в клинике, home — на дому, telemed — онлайн',
  visit_type: 'Вид приёма: clinic, home (вызов на дом) или telemed (онлайн); по умолчанию clinic',
  mis_schedule:
    'true — пациентам предлагаются только переданные слоты врача; false — часы приёма из кабинета',
  appointment_on: 'Онлайн-запись к врачу в клинике включена',
  from: 'Первый день (день клиники, yyyy-MM-dd)',
  to: 'Последний день (день клиники, yyyy-MM-dd)',
  slots: 'Все слоты врача за дни from…to',
  starts_at: 'Начало: ISO 8601 со смещением',
  ends_at: 'Конец: ISO 8601',
  duration_minutes: `Длительность, ${MIS_LIMITS.minDuration}…${MIS_LIMITS.maxDuration} минут`,
  since: 'next_cursor прошлого ответа; без него — с первой записи клиники',
  limit: `Записей на странице, 1…${MIS_LIMITS.maxPage} (по умолчанию 100)`,
  appointments: 'Записи, старые изменения первыми',
  next_cursor: 'Передайте в since в следующий раз; тот же, если нового нет',
  has_more: 'Есть ещё страница',
  status:
    'Состояние записи: booked — записан, canceled — отменена, done — пришёл, no_show — не пришёл (в отметке: arrived или no_show)',
  service_id: 'Наш id услуги прайс-листа (запись на услугу, не к врачу)',
  service_mis_id: 'id услуги в вашей МИС',
  slot_mis_id: 'mis_id переданного слота, в который записан пациент',
  patient: 'Пациент',
  phone: 'Телефон, 11 цифр: 79XXXXXXXXX',
  birth_date: 'Дата рождения, yyyy-MM-dd',
  last_name: 'Фамилия, до 50 символов',
  first_name: 'Имя, до 50 символов',
  patronymic: 'Отчество, до 50 символов',
  price: 'Согласованная цена, целые рубли',
  prepaid: 'Предоплата купоном клуба на сайте, целые рубли',
  confirmed: 'Запись подтверждена (клиникой или пациентом)',
  canceled_by: 'Кто отменил: patient или clinic',
  cancel_reason: 'Причина отмены',
  created_at: 'Когда запись создана',
  reason: 'Причина отмены (от 3 до 200 символов), пациент увидит её в SMS',
  idempotency_key:
    'Ключ идемпотентности вашей МИС (1…100 символов: латинские буквы, цифры, . _ : -): повтор с ним вернёт первый ответ',
  detail: 'Что не так, по-русски',
  code: 'Устойчивое слово для программ: slot_taken, already_canceled…',
  problems: 'Все нарушения передачи слотов (до 50)',
  errors: 'Сообщения по полям',
};

const ErrorSchema = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: { type: 'string', description: FIELDS.detail },
    code: { type: 'string', description: FIELDS.code },
    problems: { type: 'array', items: { type: 'string' }, description: FIELDS.problems },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: FIELDS.errors },
  },
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Fills each property's description from FIELDS where the schema has none, all the way down. */
function describeFields(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) describeFields(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const properties = record.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties) {
    for (const [name, property] of Object.entries(properties)) {
      if (property.description === undefined && FIELDS[name]) property.description = FIELDS[name];
    }
  }
  for (const value of Object.values(record)) describeFields(value);
}

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  describeFields(rest);
  return rest;
};

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** The OpenAPI 3.1 description of the integration API, built from the schemas it is served with. */
export function misOpenApi(origin: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    if (op.pathId)
      parameters.push({
        name: 'id',
        in: 'path',
        required: true,
        description: op.call === misSetDoctor ? FIELDS.doctor_id : 'Наш id записи (id в ленте записей)',
        schema: { type: 'integer' },
        example: op.call === misSetDoctor ? 77 : 5310,
      });
    if (op.query) {
      const json = schemaOf(op.query, 'input') as {
        properties?: Record<string, Record<string, unknown>>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: 'query',
          required: json.required?.includes(name) ?? false,
          description: schema.description ?? FIELDS[name],
          schema,
          ...(op.example.query?.[name] !== undefined ? { example: op.example.query[name] } : {}),
        });
      }
    }
    const status = op.status ?? 200;
    paths[openApiPath(op.call.path)] = {
      ...paths[openApiPath(op.call.path)],
      [op.call.method.toLowerCase()]: {
        summary: op.summary,
        description: op.scope ? `${op.description} Доступ ключа: ${op.scope}.` : op.description,
        ...(op.scope ? { 'x-scope': op.scope } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body
          ? {
              requestBody: {
                required: true,
                content: {
                  'application/json': { schema: schemaOf(op.body, 'input'), example: op.example.body },
                },
              },
            }
          : {}),
        responses: {
          [status]: {
            description: status === 201 ? 'Создано' : 'OK',
            content: {
              'application/json': { schema: schemaOf(op.reply, 'output'), example: op.example.reply },
            },
          },
          ...Object.fromEntries(Object.entries(op.refusals).map(([code, text]) => [code, refusal(text)])),
          401: refusal(`${MIS_TEXTS.noKey}; ${MIS_TEXTS.badKey}`),
          ...(op.scope && !op.refusals[403] ? { 403: refusal(MIS_KEY_TEXTS.noScope(op.scope)) } : {}),
          429: refusal(
            `${MIS_TEXTS.tooMany} Больше ${MIS_LIMITS.callsPerMinute} запросов в минуту на ключ; Retry-After говорит, через сколько секунд`,
          ),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API для МИС клиник',
      version: '1.2.0',
      description:
        'Обмен расписанием и записями между медицинской информационной системой клиники и порталом. Ключ выдаётся в кабинете клиники (Интеграция с МИС) с названием и доступами (slots, doctors, appointments:read, appointments:write) и передаётся в заголовке Authorization: Bearer <ключ>. Ключ без нужного доступа получает 403 с его названием. Ответы и отказы — JSON; отказ — {detail, code}.',
    },
    servers: [{ url: origin }],
    security: [{ key: [] }],
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
