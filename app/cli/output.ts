/**
 * What a CLI command prints on stdout: human text by default, or with `--json` exactly one JSON object per
 * command (results and failures alike), so scripts never parse prose. Logs of CLI commands go to stderr in both
 * modes, so stdout is never a mix of text and log lines.
 */
export interface CliOutput {
  readonly json: boolean;
  /** The command's result: `data` as one JSON line with `--json`, else the human line. */
  result(data: Record<string, unknown>, human: string): void;
}

export function cliOutput(json: boolean): CliOutput {
  return {
    json,
    result(data, human) {
      process.stdout.write(json ? `${JSON.stringify({ ok: true, ...data })}\n` : `${human}\n`);
    },
  };
}

/** A failure as the CLI reports it: one line on stderr (`--json`: `{"ok":false,"error":{kind,message}}`). */
export function reportFailure(json: boolean, kind: string, message: string): void {
  process.stderr.write(json ? `${JSON.stringify({ ok: false, error: { kind, message } })}\n` : `${message}\n`);
}
