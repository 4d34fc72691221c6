/** A labelled text field with its error below it (announced with the field through aria-describedby). */
export function Field(props: {
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  wide?: boolean;
}) {
  const errorId = `${props.name}-error`;
  return (
    <div className={`flex flex-col ${props.wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={props.name} className="text-sm font-medium">
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        maxLength={200}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className="rounded border border-stone-400 px-3 py-2 aria-invalid:border-red-700"
      />
      {props.error && (
        <p id={errorId} className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
