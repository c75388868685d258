// `pricecrawl runs | head`: the reader closing the pipe is no error of ours.
//
// Without a listener, the first write after the reader left raises EPIPE as an unhandled 'error' event: a
// stack trace and exit 1 for what `head` does by design. The listener drops those writes and lets the command
// finish as it would have (a crawl still ends its run, records it and acknowledges its requests); every
// other stream error is still thrown.
const GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

export function ignoreClosedPipes(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!GONE.has(error.code ?? '')) throw error;
    });
  }
}
