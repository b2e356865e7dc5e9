/** A failure the user caused (bad file, bad flag): printed as one clear line, exit code 2, no stack trace. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
