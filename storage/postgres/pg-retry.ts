// Retries a statement that PostgreSQL aborted to break a deadlock (two workers upserting overlapping keys in different orders).
const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

export async function withDeadlockRetry<T>(statement: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || code === undefined || !RETRYABLE.has(code)) throw error;
    }
  }
}
