import { Transform } from 'node:stream';

import { AppError } from '../../shared/errors';

/**
 * The most bytes one CSV row may have: 1 MiB, the default `server.max_body_size`, so a row carries at most what
 * one product sent as JSON does. It bounds what csv-parse buffers for a record (and so the probe's bomb, a
 * 9.9 MB file whose `category_ids` cell held three million `ab;` entries, is refused before any cell is read).
 */
export const CSV_MAX_ROW_BYTES = 1024 * 1024;

/**
 * The most fields one CSV row may have: the contract's 27 columns with room for the extra ones a spreadsheet
 * export adds (ignored). Empty fields cost csv-parse an array slot each but count nothing toward
 * {@link CSV_MAX_ROW_BYTES}, so 10 MB of commas would otherwise become one record of ten million fields.
 */
export const CSV_MAX_COLUMNS = 100;

const NUL = 0x00;
const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

export const notCsv = () => AppError.validation([{ field: 'file', detail: 'type' }]);

/**
 * Checks the shape of a CSV as it streams by, before csv-parse builds anything from it: binary content (a NUL
 * byte) is not a CSV, and a row longer than {@link CSV_MAX_ROW_BYTES} or wider than {@link CSV_MAX_COLUMNS} is
 * 400 `validation_error` on `file` naming the row (the header is row 1). One pass over the bytes with csv-parse's default dialect
 * (`,` between fields, `"` around them, `""` for a quote inside): commas and newlines inside quotes belong to
 * the field. Where this scan and csv-parse could disagree (a stray quote in an unquoted field), csv-parse
 * refuses the file there; its own `max_record_size` holds the byte bound in any case.
 */
export function csvShape(): Transform {
  let quoted = false;
  let fields = 1;
  let bytes = 0;
  let row = 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.includes(NUL)) return done(notCsv());
      for (let i = 0; i < chunk.length; i++) {
        if (quoted) {
          // The rest of a quoted field is skipped in one native search: it ends at the next quote (an escaped
          // `""` closes and reopens it, which comes to the same).
          const end = chunk.indexOf(QUOTE, i);
          bytes += (end < 0 ? chunk.length : end + 1) - i;
          if (bytes > CSV_MAX_ROW_BYTES) return done(rowTooLong(row));
          if (end < 0) break;
          quoted = false;
          i = end;
          continue;
        }
        const c = chunk[i];
        if (c === NEWLINE) {
          row++;
          fields = 1;
          bytes = 0;
          continue;
        }
        if (c === QUOTE) quoted = true;
        else if (c === COMMA && ++fields > CSV_MAX_COLUMNS) return done(tooWide(row));
        if (++bytes > CSV_MAX_ROW_BYTES) return done(rowTooLong(row));
      }
      done(null, chunk);
    },
  });
}

const tooWide = (row: number) =>
  AppError.validation([{ field: 'file', detail: `max_items (row ${row}: at most ${CSV_MAX_COLUMNS} columns)` }]);

/** The answer to a row longer than {@link CSV_MAX_ROW_BYTES} (its number when known). */
export const rowTooLong = (row?: number) =>
  AppError.validation([
    { field: 'file', detail: `max_length (${row ? `row ${row}: ` : ''}at most ${CSV_MAX_ROW_BYTES} bytes a row)` },
  ]);
