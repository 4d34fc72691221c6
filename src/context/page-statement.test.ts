import { selectedColumns } from './page-statement';

describe('selectedColumns', () => {
  const FIELDS = { id: 'id', orderNumber: 'orderNumber', customerId: 'customerId', status: 'status', total: 'total' };
  const DERIVED = { isGuestOrder: ['customerId'], items: [] };
  const text = (selected: Set<string> | null) => selectedColumns(FIELDS, 'o', selected, DERIVED).sql;

  it('reads the selected fields in the model’s order, the id always, and what derived fields need', () => {
    expect(text(new Set(['total', 'orderNumber']))).toBe('o.id, o.order_number AS "orderNumber", o.total');
    expect(text(new Set(['isGuestOrder', 'items', '__typename']))).toBe('o.id, o.customer_id AS "customerId"');
  });

  it('reads every column without a selection or for a field it does not know', () => {
    const all = 'o.id, o.order_number AS "orderNumber", o.customer_id AS "customerId", o.status, o.total';
    expect(text(null)).toBe(all);
    expect(text(new Set(['total', 'addedByAPlugin']))).toBe(all);
  });
});
