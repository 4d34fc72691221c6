import { type DragEvent, useId, useState } from 'react';

import { cn } from '../lib/cn';

interface FileDropProps {
  /** The file input's visible label (e.g. "Upload images"). */
  label: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  hint?: string;
}

/**
 * A drop zone with a real file input inside it: dropping files works with a mouse, and the input (labelled,
 * focusable) is the keyboard's and assistive technology's way, and the fallback where dragging is not possible.
 */
export function FileDrop({ label, accept, multiple, disabled, onFiles, hint }: FileDropProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  }
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'max-w-xl space-y-2 rounded-md border-2 border-dashed p-4',
        over ? 'border-blue-700 bg-blue-50' : 'border-slate-300',
      )}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="block text-sm"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <p className="text-xs text-slate-600">{hint ?? 'Or drop files here.'}</p>
    </div>
  );
}
