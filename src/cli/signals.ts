// SIGINT/SIGTERM: first signal stops gracefully, a second one exits at once.
export function onShutdownSignals(stop: (signal: string) => void): () => void {
  let received = 0;
  const handler = (signal: NodeJS.Signals) => {
    received++;
    if (received > 1) {
      process.stderr.write(`pricecrawl: second ${signal}, exiting now (the queue keeps what was not done)\n`);
      process.exit(130);
    }
    stop(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
