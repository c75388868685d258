// A run record's failure text as both backends store it.
import { maskSecretsInText } from '../src/core/mask-secrets';

/**
 * The scheduler's tick error and a child's end are free text: a driver's message may quote the URL it could not
 * reach, with its password, a percent-encoded one or a key in its query. The log masked them; the row did not.
 */
export function storedError(error: string | null): string | null {
  return error === null ? null : maskSecretsInText(error);
}
