import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type FieldErrors } from '@taskhive/contract';
import { HttpError } from '../lib/errors.ts';
import { isForeignKeyRace, isTransient, RACE_MESSAGE } from '../lib/retry.ts';

/** Sends `{ status: 'success', statusCode, message, data }`. */
export function ok<T>(reply: FastifyReply, data: T, message = 'OK', statusCode = 200) {
  return reply.code(statusCode).send({ status: 'success' as const, statusCode, message, data });
}

/**
 * `ok` for an answer the database wrote as JSON text (a large read: timeline.repo.ts): the same
 * envelope around it, sent as it is (a string payload skips the route's serializer, so the route's
 * test checks the text against its schema).
 */
export function okJson(reply: FastifyReply, dataJson: string, message = 'OK') {
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(`{"status":"success","statusCode":200,"message":${JSON.stringify(message)},"data":${dataJson}}`);
}

function fieldErrors(error: FastifyError): FieldErrors {
  const out: FieldErrors = {};
  for (const v of error.validation ?? []) {
    const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body');
    (out[key] ??= []).push(v.message ?? 'Invalid value');
  }
  return out;
}

const STATUS_MESSAGES: Record<number, string> = {
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  406: 'Not acceptable',
  409: MESSAGES.conflict,
  413: MESSAGES.payloadTooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyRequests,
};

/**
 * The one error handler: every failure leaves as the error envelope. Client errors keep their
 * message; anything else is logged with the request id and answered with a generic text, never a
 * stack trace or SQL.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const requestId = String(req.id);
    const send = (statusCode: number, message: string, extra: { errors?: FieldErrors; code?: string } = {}) =>
      reply.code(statusCode).send({ status: 'error', statusCode, message, data: null, ...extra, requestId });

    if (error instanceof HttpError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      return send(error.statusCode, error.message, { errors: error.extra.errors, code: error.extra.code });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = fieldErrors(error);
      // A rule on the whole body or query (e.g. "send at least one field") is the answer's message.
      const whole = errors[error.validationContext ?? 'body'];
      const message = Object.keys(errors).length === 1 && whole?.length === 1 ? whole[0] : undefined;
      return send(400, message ?? MESSAGES.validationFailed, { errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported type, rate limit...).
      const message =
        status === 400
          ? error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'Malformed JSON body'
            : MESSAGES.validationFailed
          : (STATUS_MESSAGES[status] ?? error.message);
      return send(status, message, { code: error.code });
    }
    // A deadlock, a serialization failure or a foreign key another request broke at the same
    // moment, outside a retried transaction: the conflict is real and a retry may pass (409).
    if (isTransient(error) || isForeignKeyRace(error)) {
      req.log.warn({ err: error, requestId }, 'request lost a race');
      return send(409, RACE_MESSAGE);
    }
    req.log.error({ err: error, requestId }, 'request failed');
    return send(500, MESSAGES.generic);
  });

  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({
      status: 'error',
      statusCode: 404,
      message: `Route ${req.method} ${req.url.split('?')[0]} not found`,
      data: null,
      requestId: String(req.id),
    }),
  );

  // Set on arrival (a synchronous hook): it stays on every reply, errors and 404s included.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
});
