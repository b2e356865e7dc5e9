import { type CliIO, UsageError } from './io';

// Placeholder until its issue lands.
export async function runLint(_args: string[], _io: CliIO): Promise<number> {
  throw new UsageError('lint is not implemented yet');
}
