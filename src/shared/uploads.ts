/** A file part of a multipart request, spooled to a temporary file by the REST adapter. */
export interface UploadedFile {
  /** The multipart field name. */
  field: string;
  /** The client's file name (untrusted). */
  filename: string;
  /** The Content-Type the client declared for the part (untrusted; only used for the SVG fallback). */
  declaredType: string;
  /** Temporary file holding the bytes; removed once the response is sent. */
  path: string;
  size: number;
}

/** The value a multipart file field takes in the operation's input: a reference into `ctx.uploads`. */
export const uploadRef = (field: string) => `upload:${field}`;
