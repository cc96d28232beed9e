import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@taskhive/contract';
import { forbidden } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
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
 * The dev outbox: mail that would have been sent. It holds every tenant's reset and invitation
 * links, so only a signed-in Super Admin reads it, and it is registered only when no SMTP_URL is
 * set and NODE_ENV is not production. Tests read `app.mailer.outbox()` or DATA_DIR/outbox.
 */
export async function outboxRoutes(app: FastifyInstance, opts: { mailer: Mailer }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['dev'],
        summary: 'Mail in the dev outbox, newest first',
        response: { 200: envelope(z.array(messageSchema)) },
      },
    },
    async (req, reply) => {
      if (!scopeOf(req).actor.isSuperAdmin) throw forbidden();
      return ok(reply, opts.mailer.outbox());
    },
  );
}
