import { type CliIO, UsageError } from './io';

// Placeholder until its issue lands.
export async function runConformance(_args: string[], _io: CliIO): Promise<number> {
  throw new UsageError('conformance is not implemented yet');
}
