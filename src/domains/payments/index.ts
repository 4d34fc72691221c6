/** Payments: the payment methods a shop offers (providers such as payprov are plugins). */
import type { DomainModule } from '../module';
import { PaymentMethodResolver } from './payment-method.resolver';
import { paymentsAccess } from './payments.access';

export { createPaymentMethod } from './payment-method.service';

export const domain: DomainModule = { name: 'payments', resolvers: [PaymentMethodResolver], access: [paymentsAccess] };
