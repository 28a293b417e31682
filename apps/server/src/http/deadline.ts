/** The work given to withDeadline did not finish in time. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/** Rejects when work takes longer than ms, whether or not the work itself honours an abort signal. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
