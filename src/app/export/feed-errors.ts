// The refusal of a feed target (a format, a scheme or a placeholder we do not write): a usage error, exit 2.
import { PricecrawlError } from '../../core/errors';

export class ExportFormatError extends PricecrawlError {
  constructor(message: string) {
    super('EXPORT_FORMAT_UNSUPPORTED', message);
  }
}
