/**
 * Splitting a CSV import into requests: each request carries the header and whole products (a product row with
 * its variant and translation rows), at most `maxBytes` of text, so a big file goes through GraphQL's body limit
 * in parts and the screen can show progress. Quoted cells may hold commas and line breaks.
 */

/** The records of a CSV text (quotes respected), each as its raw text without the line break. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      records.push(text.slice(start, i));
      if (c === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records.filter((r) => r.trim() !== '');
}

/** The cells of one record. */
export function csvCells(record: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const c = record[i];
    if (quoted) {
      if (c === '"' && record[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

export interface ImportPart {
  /** The CSV text of this request (header first). */
  csv: string;
  /** The file's row number (1 = the header) of each product this part starts, in order. */
  productRows: number[];
  /** The file's row number of this part's first data row (the service counts rows from 2 in each part). */
  firstRow: number;
}

/** Whole products per part, each part at most `maxBytes` (a single product larger than that is its own part). */
export function splitImport(text: string, maxBytes = 400_000): ImportPart[] {
  const records = csvRecords(text.replace(/^\uFEFF/, ''));
  if (records.length === 0) return [];
  const [header, ...rows] = records;
  const skuColumn = csvCells(header).findIndex((h) => h.trim().toLowerCase() === 'sku');
  const parts: ImportPart[] = [];
  let current: ImportPart | undefined;
  let size = 0;
  rows.forEach((row, i) => {
    const rowNumber = i + 2;
    const startsProduct = skuColumn < 0 || (csvCells(row)[skuColumn] ?? '').trim() !== '';
    if (!current || (startsProduct && size + row.length > maxBytes && current.productRows.length > 0)) {
      current = { csv: header, productRows: [], firstRow: rowNumber };
      parts.push(current);
      size = header.length;
    }
    if (startsProduct) current.productRows.push(rowNumber);
    current.csv += `\r\n${row}`;
    size += row.length + 2;
  });
  return parts.map((p) => ({ ...p, csv: `${p.csv}\r\n` }));
}

/** "row 3: …" in a part → the file's row number. */
export const fileRowMessage = (message: string, part: ImportPart) =>
  message.replace(/\brow (\d+)/g, (_, n: string) => `row ${Number(n) - 2 + part.firstRow}`);
