/** The messages between launch.ts's LauncherProcess and the launcher (launcherProcess.ts), over Node's IPC channel. */
export type LaunchRequest =
  | { type: 'run'; id: number; file: string; args: string[]; timeoutMs: number; maxBuffer: number }
  /** Kill the program of this run (its render was stopped). */
  | { type: 'kill'; id: number };

export interface LaunchReply {
  id: number;
  stdout: string;
  stderr: string;
  error?: { message: string; killed: boolean };
}
