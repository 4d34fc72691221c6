import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { FileDrop } from '../../components/file-drop';
import { Refusal } from '../../components/refusal';
import { Button } from '../../components/ui/button';
import { Table, Td, Th } from '../../components/ui/table';
import { AdminProductImportTemplateDocument, AdminProductsImportDocument } from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { invalidate } from '../../resource/resource';
import { fileRowMessage, splitImport } from './csv';

interface Outcome {
  row: number;
  sku: string | null;
  success: boolean;
  errors: string[];
}

/**
 * CSV import (contract §5, upsert by SKU): the template to download, a file to drop or choose, progress over
 * the parts the file is sent in, and every product's result with its row number and errors.
 */
export function ImportProductsScreen() {
  const can = useCan();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [error, setError] = useState<unknown>();
  const [fileName, setFileName] = useState('');
  const busy = progress !== null && progress.done < progress.total;

  async function downloadTemplate() {
    setError(undefined);
    try {
      const { productImportTemplate } = await gql(AdminProductImportTemplateDocument);
      const url = URL.createObjectURL(new Blob([productImportTemplate], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'products-import-template.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setError(e);
    }
  }

  async function importFile(file: File) {
    setError(undefined);
    setOutcomes(null);
    setFileName(file.name);
    try {
      const parts = splitImport(await file.text());
      if (parts.length === 0) throw new Error('The file is empty.');
      const results: Outcome[] = [];
      setProgress({ done: 0, total: parts.length });
      for (const [i, part] of parts.entries()) {
        const { productsImport } = await gql(AdminProductsImportDocument, { input: { csv: part.csv } });
        for (const r of productsImport.results)
          results.push({
            row: part.productRows[r.index] ?? part.firstRow,
            sku: r.sku ?? null,
            success: r.success,
            errors: (r.errors ?? []).map((m) => fileRowMessage(m, part)),
          });
        setProgress({ done: i + 1, total: parts.length });
        setOutcomes([...results]);
      }
      await invalidate(queryClient, [keys.products.all, keys.stockLevels.all]);
    } catch (e) {
      setError(e);
      setProgress(null);
    }
  }

  const failed = outcomes?.filter((o) => !o.success) ?? [];
  return (
    <>
      <p>
        <Link to="/products" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Products
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Import products</h1>
      <p className="max-w-2xl text-sm">
        One row per product (a row with a SKU), followed by its variant rows (empty SKU, a variant SKU) and rows of
        further translations. Products are matched by SKU: existing ones are updated.
      </p>
      <Button variant="outline" onClick={downloadTemplate}>
        Download the template
      </Button>
      {can('products.create') ? (
        <FileDrop
          label="CSV file"
          accept=".csv,text/csv"
          disabled={busy}
          onFiles={(files) => void importFile(files[0])}
          hint="Or drop the CSV file here."
        />
      ) : (
        <Refusal action="import products" />
      )}
      {progress && (
        <div className="max-w-xl space-y-1">
          <label htmlFor="import-progress" className="block text-sm font-medium">
            Importing {fileName}
          </label>
          <progress id="import-progress" className="w-full" value={progress.done} max={progress.total} />
        </div>
      )}
      <div aria-live="polite" className="text-sm">
        {outcomes &&
          !busy &&
          `Imported: ${outcomes.length - failed.length} of ${outcomes.length} products, ${failed.length} failed.`}
      </div>
      <ActionError error={error} />
      {outcomes && outcomes.length > 0 && (
        <Table>
          <caption className="sr-only">Import results</caption>
          <thead>
            <tr>
              <Th>Row</Th>
              <Th>SKU</Th>
              <Th>Result</Th>
              <Th>Errors</Th>
            </tr>
          </thead>
          <tbody>
            {[...failed, ...outcomes.filter((o) => o.success)].map((o) => (
              <tr key={o.row}>
                <Td>{o.row}</Td>
                <Td>{o.sku ?? '—'}</Td>
                <Td>{o.success ? 'Imported' : 'Failed'}</Td>
                <Td>{o.errors.join('; ') || '—'}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
