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
  @Field(() => Int, { description: 'Confirmed or processing orders: waiting to be shipped.' })
  ordersToShip!: number;
  @Field(() => Int, { description: 'Payment transactions that failed in the last 7 days.' })
  paymentsFailed!: number;
  @Field(() => Int, { description: 'Payment transactions still pending (authorized, not captured, or not settled).' })
  paymentsPending!: number;
}
