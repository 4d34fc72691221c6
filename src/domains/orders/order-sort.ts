import { registerEnumType } from 'type-graphql';

export enum OrderSortField {
  CREATED_AT = 'created_at',
  TOTAL = 'total',
  STATUS = 'status',
  ORDER_NUMBER = 'order_number',
}
registerEnumType(OrderSortField, { name: 'OrderSortField' });
