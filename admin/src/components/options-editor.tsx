import { useState } from 'react';

import { translatedName } from '../lib/translations';
import { ActionError } from './error-state';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { Field, inputClass } from './ui/field';
import { Table, Td, Th } from './ui/table';

export interface EditableOption {
  id: string;
  colorHex?: string | null;
  translations: ReadonlyArray<{ locale: string; name: string }>;
}

export interface OptionValues {
  name: string;
  colorHex?: string;
}

interface OptionsEditorProps {
  /** What an option is called here ("option", "value"), for headings and accessible names. */
  noun: string;
  options: readonly EditableOption[];
  /** Property options carry a swatch colour; attribute options do not. */
  withColour?: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onCreate: (values: OptionValues) => Promise<void>;
  onUpdate: (id: string, values: OptionValues) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  /** Moves an option one place earlier (-1) or later (1) in the order the shop lists them; no buttons without. */
  onMove?: (id: string, by: -1 | 1) => Promise<void>;
}

/**
 * The options of a property group or a select attribute: a table whose rows are edited in place (each row
 * saves alone), a delete with confirmation, and a form to add one. Errors stay next to the row that caused them.
 */
export function OptionsEditor(props: OptionsEditorProps) {
  const { noun, options, withColour, canCreate } = props;
  return (
    <section className="space-y-3" aria-labelledby="options-heading">
      <h2 id="options-heading" className="text-lg font-semibold">
        Options
      </h2>
      <Table>
        <caption className="sr-only">Options</caption>
        <thead>
          <tr>
            <Th>Name</Th>
            {withColour && <Th>Colour</Th>}
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {options.map((option, index) => (
            <OptionRow
              key={option.id}
              option={option}
              {...props}
              first={index === 0}
              last={index === options.length - 1}
            />
          ))}
          {options.length === 0 && (
            <tr>
              <Td colSpan={withColour ? 3 : 2}>No options yet.</Td>
            </tr>
          )}
        </tbody>
      </Table>
      {canCreate && <NewOption {...props} noun={noun} />}
    </section>
  );
}

function OptionRow({
  option,
  withColour,
  canUpdate,
  canDelete,
  onUpdate,
  onDelete,
  onMove,
  first,
  last,
}: OptionsEditorProps & { option: EditableOption; first: boolean; last: boolean }) {
  const current = translatedName(option.translations);
  const [name, setName] = useState(current);
  const [colour, setColour] = useState(option.colorHex ?? '');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = name !== current || colour !== (option.colorHex ?? '');

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await task();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      <Td>
        <input
          aria-label={`Name of option ${current}`}
          className={inputClass}
          value={name}
          disabled={!canUpdate || busy}
          onChange={(e) => setName(e.target.value)}
        />
        <ActionError error={error} />
      </Td>
      {withColour && (
        <Td>
          <input
            aria-label={`Colour of option ${current}`}
            className={inputClass}
            placeholder="#rrggbb"
            value={colour}
            disabled={!canUpdate || busy}
            onChange={(e) => setColour(e.target.value)}
          />
        </Td>
      )}
      <Td>
        <div className="flex flex-wrap gap-2">
          {canUpdate && (
            <Button
              variant="outline"
              aria-label={`Save option ${current}`}
              disabled={!dirty || busy || name.trim() === ''}
              onClick={async () => {
                if (await run(() => onUpdate(option.id, { name: name.trim(), colorHex: colour.trim() || undefined })))
                  setSaved(true);
              }}
            >
              Save
            </Button>
          )}
          {canUpdate && onMove && (
            <>
              <Button variant="outline" disabled={first || busy} onClick={() => void run(() => onMove(option.id, -1))}>
                Move up<span className="sr-only"> option {current}</span>
              </Button>
              <Button variant="outline" disabled={last || busy} onClick={() => void run(() => onMove(option.id, 1))}>
                Move down<span className="sr-only"> option {current}</span>
              </Button>
            </>
          )}
          {canDelete && (
            <ConfirmDialog
              trigger={
                <Button variant="danger" aria-label={`Delete option ${current}`} disabled={busy}>
                  Delete
                </Button>
              }
              title={`Delete the option “${current}”?`}
              description="Variants and products that use it lose it."
              confirmLabel="Delete"
              onConfirm={() => void run(() => onDelete(option.id))}
            />
          )}
          <span aria-live="polite" className="self-center text-sm text-green-800">
            {saved ? 'Saved.' : ''}
          </span>
        </div>
      </Td>
    </tr>
  );
}

function NewOption({ noun, withColour, onCreate }: OptionsEditorProps) {
  const [name, setName] = useState('');
  const [colour, setColour] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex max-w-2xl flex-wrap items-end gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (name.trim() === '') return;
        setBusy(true);
        setError(undefined);
        try {
          await onCreate({ name: name.trim(), colorHex: colour.trim() || undefined });
          setName('');
          setColour('');
        } catch (err) {
          setError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label={`New ${noun} name`} value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
      {withColour && (
        <Field
          label="Colour (optional)"
          placeholder="#rrggbb"
          value={colour}
          onChange={(e) => setColour(e.target.value)}
          disabled={busy}
        />
      )}
      <Button type="submit" variant="outline" disabled={busy || name.trim() === ''}>
        Add {noun}
      </Button>
      <div className="basis-full">
        <ActionError error={error} />
      </div>
    </form>
  );
}
