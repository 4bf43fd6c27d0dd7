import { readRegularFile } from '../files/open';
import { holdsRedaction } from '../screen/marker';
import { editTexts } from './editCalls';

/**
 * Whether an edit would write Skim's redaction marker back into a file: its old or new text holds
 * the marker, and the files it edits do not already hold marker text of their own (Skim's own
 * sources and tests, or notes quoting a redacted line, are edited like any other file). A file
 * too large to check counts as holding none, so the edit is refused rather than let through
 * unchecked.
 */
const CHECK_MAX_BYTES = 32 * 1024 * 1024;

async function fileHoldsRedaction(real: string): Promise<boolean> {
  try {
    const { bytes } = await readRegularFile(real, CHECK_MAX_BYTES);
    return bytes !== undefined && holdsRedaction(bytes.toString('utf8'));
  } catch {
    return false;
  }
}

export async function writesRedactionBack(tool: string, input: Record<string, unknown>, reals: readonly string[]): Promise<boolean> {
  if (!editTexts(tool, input).some(holdsRedaction)) return false;
  for (const real of reals) if (await fileHoldsRedaction(real)) return false;
  return true;
}
