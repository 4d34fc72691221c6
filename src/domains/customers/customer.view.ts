import type { Customer } from '../../generated/prisma/client';

/** A customer as the admin API shows it (hook payloads): snake_case, never the password hash. */
export function customerView(c: Customer): Record<string, unknown> {
  return {
    id: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    active: c.active,
    default_billing_address_id: c.defaultBillingAddressId,
    default_shipping_address_id: c.defaultShippingAddressId,
    custom_fields: c.customFields,
    locale: c.locale,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
