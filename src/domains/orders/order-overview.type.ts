import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'What a shop owner checks first (the admin home screen). Revenue: cents, the totals of orders in the shop ' +
    'currency (`i18n.default_currency`) placed in the period and not cancelled or refunded.',
})
export class OrderOverview {
  @Field() currency!: string;
  @Field(() => Int, { description: 'Orders placed since `todayFrom`.' }) ordersToday!: number;
  @Field(() => Int) revenueToday!: number;
  @Field(() => Int, { description: 'Orders placed since `weekFrom`.' }) ordersThisWeek!: number;
  @Field(() => Int) revenueThisWeek!: number;
  @Field(() => Int, { description: 'Pending orders: placed, waiting to be confirmed (or paid).' })
  ordersPending!: number;
  @Field(() => Int, {
    description:
      'Orders waiting to ship: confirmed or processing, so fulfilment unfulfilled or partially shipped ' +
      '(`orders(toShip: true)` lists them).',
  })
  ordersToShip!: number;
  @Field(() => Int, {
    description: 'Returns waiting for staff: requested or approved (`returns(waiting: true)` lists them).',
  })
  returnsWaiting!: number;
  @Field(() => Int, { description: 'Payment transactions that failed in the last 7 days.' })
  paymentsFailed!: number;
  @Field(() => Int, { description: 'Payment transactions still pending (authorized, not captured, or not settled).' })
  paymentsPending!: number;
}
