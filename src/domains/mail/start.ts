import type { PrismaClient } from '../../generated/prisma/client';
import type { Config } from '../../platform/config/keys';
import type { Logger } from '../../platform/logger';
import { smtpTransport } from '../../platform/mail/transport';
import { MailSender } from './sender';

/**
 * Starts the mail sender where the background jobs run, and says in the log which transport is in use (the
 * host and port only: the URL's credentials are never logged). Without `mail.smtp_url` there is nothing to send:
 * emails are written `kept`.
 */
export function startMailSender(
  services: { prisma: PrismaClient; log: Logger },
  config: Config,
): { sender: MailSender | undefined; close(): Promise<void> } {
  if (!config['mail.smtp_url']) {
    services.log.info('mail: kept in the database (no mail.smtp_url)');
    return { sender: undefined, close: async () => {} };
  }
  const transport = smtpTransport(config['mail.smtp_url']);
  services.log.info(`mail: ${transport.description}`);
  const sender = new MailSender(services.prisma, config, services.log, transport);
  sender.start();
  return { sender, close: () => sender.stop() };
}
