import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { gql } from '../../api/client';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import {
  AdminAttributesDocument,
  type AdminAttributesQuery,
  AdminProductAttributeDeleteDocument,
  AdminProductAttributesSetDocument,
  type AdminProductQuery,
  type AttributeValueInput,
} from '../../generated/graphql';
import { translatedName } from '../../lib/translations';
import { keys } from '../../resource/keys';

type Attribute = AdminAttributesQuery['attributes'][number];
type StoredValue = AdminProductQuery['product']['attributes'][number];

/** A value as the form holds it: text for text/number/boolean/select, a list for multi_select. */
type Draft = string | string[];

function draftOf(attribute: Attribute, stored: StoredValue | undefined): Draft {
  if (attribute.type === 'multi_select') return stored?.optionIds ?? [];
  if (!stored) return '';
  if (attribute.type === 'number') return stored.valueNumeric === null ? '' : String(stored.valueNumeric);
  if (attribute.type === 'boolean') return stored.valueBoolean === null ? '' : String(stored.valueBoolean);
  if (attribute.type === 'select') return stored.optionId ?? '';
  return stored.valueText ?? '';
}

const isEmpty = (draft: Draft) => (Array.isArray(draft) ? draft.length === 0 : draft.trim() === '');

/** The API's value input for one attribute's draft (the draft is not empty). */
function valueInput(attribute: Attribute, draft: Draft): AttributeValueInput {
  const attributeId = attribute.id;
  if (Array.isArray(draft)) return { attributeId, optionIds: draft };
  if (attribute.type === 'number') return { attributeId, valueNumeric: Number(draft.replace(',', '.')) };
  if (attribute.type === 'boolean') return { attributeId, valueBoolean: draft === 'true' };
  if (attribute.type === 'select') return { attributeId, optionId: draft };
  return { attributeId, valueText: draft.trim() };
}

/**
 * Every attribute the shop defines, each with the control its type needs (text, number, yes/no, one option,
 * several options). Save sets the filled values and removes the ones emptied.
 */
export function AttributesPanel({
  productId,
  values,
  readOnly,
  onSaved,
}: {
  productId: string;
  values: readonly StoredValue[];
  readOnly: boolean;
  onSaved: () => Promise<void>;
}) {
  // The attributes screen's list under the same key: the attributes themselves.
  const attributes = useQuery({
    queryKey: keys.attributes.list({}),
    queryFn: () => gql(AdminAttributesDocument).then((d) => d.attributes),
  });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>();
  if (attributes.isError) return <ErrorState error={attributes.error} onRetry={() => attributes.refetch()} />;
  if (!attributes.data) return <p>Loading…</p>;
  const list = attributes.data;
  const stored = (id: string) => values.find((v) => v.attributeId === id);
  const draft = (a: Attribute) => drafts[a.id] ?? draftOf(a, stored(a.id));
  const setDraft = (id: string, value: Draft) => {
    setDrafts((d) => ({ ...d, [id]: value }));
    setSaved(false);
  };

  async function save() {
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      const changed = list.filter((a) => drafts[a.id] !== undefined);
      const set = changed.filter((a) => !isEmpty(draft(a)));
      const cleared = changed.filter((a) => isEmpty(draft(a)) && stored(a.id));
      if (set.length)
        await gql(AdminProductAttributesSetDocument, {
          productId,
          input: { attributes: set.map((a) => valueInput(a, draft(a))) },
        });
      for (const a of cleared) await gql(AdminProductAttributeDeleteDocument, { productId, attributeId: a.id });
      setDrafts({});
      setSaved(true);
      await onSaved();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  if (list.length === 0) return <p>No attributes are defined yet (Categories → Attributes).</p>;
  return (
    <section className="max-w-xl space-y-4" aria-label="Attributes">
      <fieldset disabled={readOnly || busy} className="space-y-4">
        {list.map((a) => (
          <AttributeControl key={a.id} attribute={a} value={draft(a)} onChange={(v) => setDraft(a.id, v)} />
        ))}
      </fieldset>
      <ActionError error={error} />
      <div aria-live="polite" className="text-sm text-green-800">
        {saved ? 'Saved.' : ''}
      </div>
      {!readOnly && (
        <Button onClick={save} disabled={busy}>
          Save
        </Button>
      )}
    </section>
  );
}

function AttributeControl({
  attribute,
  value,
  onChange,
}: {
  attribute: Attribute;
  value: Draft;
  onChange: (value: Draft) => void;
}) {
  const id = useId();
  const label = `${translatedName(attribute.translations, attribute.identifier)}${attribute.unit ? ` (${attribute.unit})` : ''}`;
  const options = attribute.options.map((o) => ({ id: o.id, name: translatedName(o.translations) }));
  if (attribute.type === 'multi_select') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{label}</legend>
        {options.map((o) => (
          <div key={o.id} className="flex items-center gap-2">
            <input
              id={`${id}-${o.id}`}
              type="checkbox"
              checked={chosen.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o.id] : chosen.filter((x) => x !== o.id))}
            />
            <label htmlFor={`${id}-${o.id}`} className="text-sm">
              {o.name}
            </label>
          </div>
        ))}
        {options.length === 0 && <p className="text-sm text-slate-700">This attribute has no options yet.</p>}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  let control;
  if (attribute.type === 'select' || attribute.type === 'boolean') {
    const choices =
      attribute.type === 'boolean'
        ? [
            { id: 'true', name: 'Yes' },
            { id: 'false', name: 'No' },
          ]
        : options;
    control = (
      <select id={id} className={inputClass} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    );
  } else
    control = (
      <input
        id={id}
        className={inputClass}
        inputMode={attribute.type === 'number' ? 'decimal' : undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {attribute.required ? ' (required)' : ''}
      </label>
      {control}
    </div>
  );
}
