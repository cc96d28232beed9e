import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@taskhive/contract';
import type { Mailer } from '../../lib/mailer.ts';
import { ok } from '../../plugins/envelope.ts';

const messageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/**
 * The dev outbox: mail that would have been sent, readable by the app and the tests. Registered
 * only when no SMTP_URL is set and NODE_ENV is not production.
 */
export async function outboxRoutes(app: FastifyInstance, opts: { mailer: Mailer }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['dev'],
        summary: 'Mail in the dev outbox, newest first',
        response: { 200: envelope(z.array(messageSchema)) },
      },
    },
    async (_req, reply) => ok(reply, opts.mailer.outbox()),
  );
}
