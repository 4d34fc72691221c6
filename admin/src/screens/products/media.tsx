import { useState } from 'react';

import { gql } from '../../api/client';
import { ActionError } from '../../components/error-state';
import { FileDrop } from '../../components/file-drop';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  AdminMediaDeleteDocument,
  AdminMediaUploadDocument,
  type AdminProductQuery,
  AdminProductUpdateDocument,
} from '../../generated/graphql';

type MediaRef = AdminProductQuery['product']['media'][number];

/**
 * Uploads travel base64-encoded inside the GraphQL body, which `server.max_body_size` bounds (1 MiB by default):
 * 750 kB of file is about 1 MB of base64. A larger file is refused here with that reason instead of a 413.
 */
const MAX_UPLOAD_BYTES = 750 * 1024;

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
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
      const tooBig = files.filter((f) => f.size > MAX_UPLOAD_BYTES);
      if (tooBig.length)
        throw new Error(`${tooBig.map((f) => f.name).join(', ')}: larger than 750 kB, the most one upload carries.`);
      const added: string[] = [];
      for (const [i, file] of files.entries()) {
        setProgress(`Uploading ${file.name} (${i + 1} of ${files.length})…`);
        const { mediaUpload } = await gql(AdminMediaUploadDocument, {
          input: { filename: file.name, dataBase64: await toBase64(file), contentType: file.type || undefined },
        });
        added.push(mediaUpload.id);
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
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          disabled={busy}
          onFiles={upload}
          hint="Or drop images here (PNG, JPEG, GIF, WebP; at most 750 kB each)."
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
                <img src={m.url} alt={`Image ${i + 1}: ${name}`} className="h-36 w-full object-contain" />
                <p className="truncate text-xs" title={name}>
                  {i + 1}. {name}
                </p>
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
