import * as vscode from 'vscode';
import { CloseAction, ErrorAction, type ErrorHandler } from 'vscode-languageclient';
import { t } from './localize';

/** More crashes than this within the window means the server cannot run here: stop trying. */
const MAX_RESTARTS = 4;
const WINDOW_MS = 3 * 60 * 1000;

/**
 * Restarts the language server when its process dies, and tells the user once per session (a
 * notification per crash would be noise; the details are in the HPA output channel). A server that
 * keeps crashing is given up on with one error message, instead of restarting in a loop.
 */
export class ServerRestartPolicy implements ErrorHandler {
  private readonly crashTimes: number[] = [];
  private restarts = 0;
  private userTold = false;

  constructor(private readonly output: vscode.OutputChannel) {}

  /** Restarts done so far in this session. */
  restartCount(): number {
    return this.restarts;
  }

  error(): { action: ErrorAction; handled: boolean } {
    // A broken message on the connection is not fatal; if the process is gone, closed() follows.
    return { action: ErrorAction.Continue, handled: true };
  }

  closed(): { action: CloseAction; handled: boolean; message: string } {
    const now = Date.now();
    this.crashTimes.push(now);
    while (this.crashTimes.length > 0 && now - this.crashTimes[0]! > WINDOW_MS) this.crashTimes.shift();

    if (this.crashTimes.length > MAX_RESTARTS) {
      const message = t('server.gaveUp', { count: this.crashTimes.length });
      void vscode.window.showErrorMessage(message);
      return { action: CloseAction.DoNotRestart, handled: true, message };
    }

    this.restarts++;
    const message = t('server.restarted');
    this.output.appendLine(`[${new Date(now).toISOString()}] ${message}`);
    if (!this.userTold) {
      this.userTold = true;
      void vscode.window.showWarningMessage(message);
    }
    return { action: CloseAction.Restart, handled: true, message };
  }
}
