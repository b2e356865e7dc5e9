/** What a CLI subcommand may touch, passed in so tests can run it in-process. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a file as UTF-8; throws a NodeJS.ErrnoException on failure. '-' means standard input. */
  readFile(path: string): Promise<string>;
  cwd: string;
}
