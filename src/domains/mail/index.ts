/** Mail: the transactional email outbox (written in the transaction of what caused it), its sender and templates. */
import type { DomainModule } from '../module';
import { EmailResolver } from './email.resolver';
import { mailAccess } from './mail.access';

export { type AccountEmail, type AccountEmailKind, accountEmailSql } from './account-emails';
export { type NoticeOrder, refundEmailSql, returnReceivedEmailSql } from './after-sales-emails';
export { isLocaleTag, LOCALE_RULES } from './email-locale';
export { type NoticeLine } from './item-lines';
export { type ConfirmedOrder, type ConfirmedOrderItem, orderConfirmationSql } from './order-confirmation';
export { emailInsertSql, queueEmail } from './outbox';
export { messageIdOf } from './sender';
export { shipmentEmailSql, type ShipmentNotice } from './shipment-email';
export { startMailSender } from './start';

export const domain: DomainModule = { name: 'mail', resolvers: [EmailResolver], access: [mailAccess] };
