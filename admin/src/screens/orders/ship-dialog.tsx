import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { gql } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminOrderQuery, AdminShipmentCreateDocument, type ShipmentCreateInput } from '../../generated/graphql';
import { SelectField } from '../../resource/fields';
import { invalidate, useSaveMutation } from '../../resource/resource';
import { FormDialog } from './dialog';
import { fulfilmentKeys, lineLabel } from './fulfilment-lines';

type Order = AdminOrderQuery['order'];
type Carrier = AdminOrderQuery['shippingCarriers'][number];

/** The Carrier select's value for a carrier typed by hand. */
const OTHER = '__other__';

/**
 * The **Ship** dialog: one quantity field per line that still has units to ship (default: all of them), the
 * carrier (a known one, whose template makes the tracking URL, or any other typed by hand), the tracking number
 * and an optional tracking URL; **Create shipment** sends it. The service is the judge of what is left: when
 * someone else shipped meanwhile it answers `over_fulfilment`, said here in a sentence, and the order is read
 * again so each field's hint shows what is left now.
 */
export function ShipDialog({
  order,
  carriers,
  onClose,
}: {
  order: Order;
  carriers: readonly Carrier[];
  onClose: () => void;
}) {
  // The lines as they stood when the dialog opened: a line shipped meanwhile keeps its field (its hint says 0).
  const [lines] = useState(() => order.items.filter((i) => i.quantity - i.quantityShipped > 0));
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((i) => [i.id, String(i.quantity - i.quantityShipped)])),
  );
  const [carrier, setCarrier] = useState(carriers[0]?.code ?? OTHER);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const create = useSaveMutation({
    mutationFn: (input: ShipmentCreateInput) => gql(AdminShipmentCreateDocument, { orderId: order.id, input }),
    invalidates: fulfilmentKeys(order.id),
  });
  const live = new Map(order.items.map((i) => [i.id, i.quantity - i.quantityShipped]));

  function validate() {
    const found: Record<string, string> = {};
    const items: Array<{ orderItemId: string; quantity: number }> = [];
    for (const line of lines) {
      const text = (quantities[line.id] ?? '').trim();
      const n = Number(text);
      const left = live.get(line.id) ?? 0;
      if (!/^\d+$/.test(text)) found[line.id] = 'Enter a whole number.';
      else if (n > left) found[line.id] = `At most ${left}.`;
      else if (n > 0) items.push({ orderItemId: line.id, quantity: n });
    }
    const carrierText = carrier === OTHER ? otherCarrier.trim() : carrier;
    if (carrier === OTHER && !carrierText) found.otherCarrier = 'Enter the carrier’s name.';
    const url = trackingUrl.trim();
    if (url && !/^https?:\/\/\S+$/i.test(url)) found.trackingUrl = 'Enter a web address starting with https://.';
    if (!Object.keys(found).length && !items.length) found.form = 'Enter at least one unit to ship.';
    return { found, items, carrierText, url };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { found, items, carrierText, url } = validate();
    setProblems(found);
    if (Object.keys(found).length) return;
    try {
      await create.mutateAsync({
        items,
        carrier: carrierText || undefined,
        trackingNumber: trackingNumber.trim() || undefined,
        trackingUrl: url || undefined,
      });
      onClose();
    } catch (error) {
      // Someone shipped meanwhile: read the order again so the hints show what is left now.
      if (error instanceof ApiError && error.code === 'over_fulfilment')
        await invalidate(client, fulfilmentKeys(order.id));
    }
  }

  const failure = create.error;
  const overFulfilled = failure instanceof ApiError && failure.code === 'over_fulfilment';
  return (
    <FormDialog title={`Ship order ${order.orderNumber}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-3" disabled={create.isPending}>
          <legend className="text-sm font-medium">Units to ship</legend>
          {lines.map((line) => (
            <Field
              key={line.id}
              label={lineLabel(line)}
              inputMode="numeric"
              value={quantities[line.id] ?? ''}
              onChange={(e) => setQuantities((q) => ({ ...q, [line.id]: e.target.value }))}
              hint={`${live.get(line.id) ?? 0} of ${line.quantity} left to ship`}
              error={problems[line.id]}
            />
          ))}
        </fieldset>
        <fieldset className="space-y-3" disabled={create.isPending}>
          <SelectField label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
            {carriers.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
            <option value={OTHER}>Other</option>
          </SelectField>
          {carrier === OTHER && (
            <Field
              label="Carrier name"
              value={otherCarrier}
              onChange={(e) => setOtherCarrier(e.target.value)}
              error={problems.otherCarrier}
              maxLength={100}
            />
          )}
          <Field
            label="Tracking number"
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
            maxLength={200}
          />
          <Field
            label="Tracking URL"
            type="url"
            value={trackingUrl}
            onChange={(e) => setTrackingUrl(e.target.value)}
            hint={
              carrier === OTHER
                ? 'The customer’s link to follow the parcel.'
                : 'Optional: left empty, the carrier’s tracking page for this number is used.'
            }
            error={problems.trackingUrl}
          />
        </fieldset>
        {problems.form && (
          <p role="alert" className="text-sm text-red-700">
            {problems.form}
          </p>
        )}
        {overFulfilled ? (
          <p role="alert" className="text-sm text-red-700">
            Some of these units have already shipped (someone shipped this order meanwhile). What is left now is shown
            under each line: change the quantities and try again.
          </p>
        ) : (
          <ActionError error={failure} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create shipment
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
