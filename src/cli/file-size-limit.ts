// A file-size limit (ulimit -f, RLIMIT_FSIZE) reached by a store: the write fails (EFBIG), the process lives.
//
// Node ignores SIGXFSZ, so a write past the limit fails with EFBIG (SQLite: SQLITE_IOERR_WRITE) and the
// crawl stops as on a full disk: STORAGE_WRITE_FAILED, exit 2, resumable. But signal-exit (loaded by a
// dependency's lock files) listens for SIGXFSZ and, as the only listener, re-raises it with the default
// action: the crawl died by the signal, with no line saying why. A listener of our own keeps it ignored.
export function ignoreFileSizeSignal(): void {
  process.on('SIGXFSZ', () => undefined);
}
