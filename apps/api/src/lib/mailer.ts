import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html: string };
export type OutboxMessage = Mail & { id: string; createdAt: string };

export type Mailer = {
  mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Dev outbox only: the messages written so far, newest first. */
  outbox(): OutboxMessage[];
};

/**
 * Real mail through nodemailer: SMTP when SMTP_URL is set; otherwise nodemailer renders the
 * message and it lands in DATA_DIR/outbox as JSON (one file a message), which the dev outbox
 * route and the tests read.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const outboxDir = join(opts.dataDir, 'outbox');
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      outbox: () => [],
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  mkdirSync(outboxDir, { recursive: true });
  return {
    mode: 'outbox',
    async send(mail) {
      await transport.sendMail({ from: opts.from, ...mail });
      const msg: OutboxMessage = { id: randomUUID(), createdAt: new Date().toISOString(), ...mail };
      writeFileSync(join(outboxDir, `${Date.now()}-${msg.id}.json`), JSON.stringify(msg, null, 2), {
        mode: 0o600,
      });
      opts.log.info(
        { to: mail.to, subject: mail.subject },
        `dev outbox: ${mail.subject} → ${mail.to}\n${mail.text}`,
      );
    },
    outbox() {
      return readdirSync(outboxDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .map((f) => JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as OutboxMessage);
    },
  };
}
