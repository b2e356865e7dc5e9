import { type CliIO, UsageError } from './io';

// Placeholder until its issue lands.
export async function runSimulate(_args: string[], _io: CliIO): Promise<number> {
  throw new UsageError('simulate is not implemented yet');
}
