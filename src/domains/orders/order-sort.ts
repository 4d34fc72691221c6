import { registerEnumType } from 'type-graphql';

export enum OrderSortField {
  created_at = 'created_at',
  total = 'total',
  status = 'status',
  order_number = 'order_number',
}
registerEnumType(OrderSortField, { name: 'OrderSortField' });
