import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { gql } from '../../api/client';
import { ActionError } from '../../components/error-state';
import { FileDrop } from '../../components/file-drop';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { inputClass } from '../../components/ui/field';
import {
  AdminMediaDeleteDocument,
  AdminMediaLimitsDocument,
  AdminMediaUpdateDocument,
  type AdminProductQuery,
  AdminProductUpdateDocument,
} from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { sizeText, uploadMedia } from './media-upload';

type MediaRef = AdminProductQuery['product']['media'][number];

/** Image types a product shows, by their names for people. */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/svg+xml': 'SVG',
};

/** What the service takes (`server.max_upload_size`, its image types); fresh for the session. */
function useUploadLimits() {
  const limits = useQuery({
    queryKey: [...keys.media.all, 'limits'],
    queryFn: () => gql(AdminMediaLimitsDocument).then((d) => d.mediaLimits),
    staleTime: Infinity,
  });
  // Without them (a key that may upload but not read media) the service alone judges each file.
  if (limits.isError) return { maxBytes: Infinity, accept: 'image/*', hint: 'Or drop images here.' };
  if (!limits.data) return undefined;
  const types = limits.data.acceptedTypes.filter((t) => t in IMAGE_TYPES);
  return {
    maxBytes: limits.data.maxUploadBytes,
    accept: types.join(','),
    hint: `Or drop images here (${types.map((t) => IMAGE_TYPES[t]).join(', ')}; at most ${sizeText(limits.data.maxUploadBytes)} each).`,
  };
}

const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url).replace(/^[0-9a-f]{8}-/, '');

/**
 * The product's images in their order: upload (drop or choose files), move earlier or later, delete. Each change
 * writes the product's ordered `mediaIds`.
 */
export function MediaPanel({
  productId,
  media,
  canUpdate,
  canUpload,
  canDelete,
  onSaved,
}: {
  productId: string;
  media: readonly MediaRef[];
  canUpdate: boolean;
  canUpload: boolean;
  canDelete: boolean;
  onSaved: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [error, setError] = useState<unknown>();
  const limits = useUploadLimits();
  const ordered = [...media].sort((a, b) => a.position - b.position);
  const ids = ordered.map((m) => m.mediaId);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await task();
      await onSaved();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  const writeOrder = (mediaIds: string[]) => gql(AdminProductUpdateDocument, { id: productId, input: { mediaIds } });

  function upload(files: File[]) {
    void run(async () => {
      const most = limits?.maxBytes ?? Infinity;
      const tooBig = files.filter((f) => f.size > most);
      if (tooBig.length)
        throw new Error(
          `${tooBig.map((f) => f.name).join(', ')}: larger than ${sizeText(most)}, the most the service takes.`,
        );
      const added: string[] = [];
      for (const [i, file] of files.entries()) {
        setProgress(`Uploading ${file.name} (${i + 1} of ${files.length})…`);
        added.push((await uploadMedia(file)).id);
      }
      await writeOrder([...ids, ...added]);
      setProgress(`Uploaded ${files.length} ${files.length === 1 ? 'file' : 'files'}.`);
    });
  }

  function move(index: number, by: -1 | 1) {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    void run(() => writeOrder(next).then(() => undefined));
  }

  return (
    <section className="space-y-4" aria-label="Media">
      {canUpload && canUpdate && (
        <FileDrop
          label="Upload images"
          accept={limits?.accept}
          multiple
          disabled={busy || !limits}
          onFiles={upload}
          hint={limits?.hint ?? 'Or drop images here.'}
        />
      )}
      <div aria-live="polite" className="text-sm">
        {progress}
      </div>
      <ActionError error={error} />
      {ordered.length === 0 ? (
        <p className="text-sm">No images yet.</p>
      ) : (
        <ol aria-label="Images in order" className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-4">
          {ordered.map((m, i) => {
            const name = fileName(m.url);
            return (
              <li key={m.mediaId} className="space-y-2 rounded-md border border-slate-200 bg-white p-2">
                <img src={m.url} alt={m.altText || `Image ${i + 1}: ${name}`} className="h-36 w-full object-contain" />
                <p className="truncate text-xs" title={name}>
                  {i + 1}. {name}
                </p>
                <AltText media={m} name={name} readOnly={!canUpload} onSaved={onSaved} />
                <div className="flex flex-wrap gap-1">
                  {canUpdate && (
                    <>
                      <Button
                        variant="outline"
                        aria-label={`Move ${name} earlier`}
                        disabled={busy || i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <span aria-hidden="true">←</span>
                      </Button>
                      <Button
                        variant="outline"
                        aria-label={`Move ${name} later`}
                        disabled={busy || i === ordered.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <span aria-hidden="true">→</span>
                      </Button>
                    </>
                  )}
                  {canDelete && (
                    <ConfirmDialog
                      trigger={
                        <Button variant="danger" aria-label={`Delete ${name}`} disabled={busy}>
                          Delete
                        </Button>
                      }
                      title="Delete this image?"
                      description={`“${name}” is deleted, from this product and any other that shows it.`}
                      confirmLabel="Delete"
                      onConfirm={() =>
                        void run(async () => {
                          await gql(AdminMediaDeleteDocument, { id: m.mediaId });
                        })
                      }
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * An image's alt text, what the shop's `<img alt>` says to people who cannot see it: edited in place, saved on
 * its own (the media is shared: every product showing it gets the text).
 */
function AltText({
  media,
  name,
  readOnly,
  onSaved,
}: {
  media: MediaRef;
  name: string;
  readOnly: boolean;
  onSaved: () => Promise<void>;
}) {
  const [text, setText] = useState(media.altText ?? '');
  const [error, setError] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  async function save() {
    setSaving(true);
    setError(undefined);
    setSaved(false);
    try {
      await gql(AdminMediaUpdateDocument, { id: media.mediaId, input: { altText: text.trim() || null } });
      await onSaved();
      setSaved(true);
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  }
  return (
    <div className="space-y-1">
      <input
        aria-label={`Alt text of ${name}`}
        placeholder="Alt text"
        className={inputClass}
        value={text}
        disabled={readOnly || saving}
        onChange={(e) => setText(e.target.value)}
      />
      {!readOnly && (
        <Button
          variant="outline"
          aria-label={`Save alt text of ${name}`}
          disabled={saving || text.trim() === (media.altText ?? '')}
          onClick={() => void save()}
        >
          Save
        </Button>
      )}
      <span aria-live="polite" className="text-xs text-green-800">
        {saved ? 'Saved.' : ''}
      </span>
      <ActionError error={error} />
    </div>
  );
}
