/**
 * The time style of the user (VS Code's display language, the machine's time zone), handed to the
 * pure formatters of shared/format so every view shows times the same way.
 */
import * as vscode from 'vscode';
import type { TimeStyle } from '../../shared/format';

export function userTimeStyle(): TimeStyle {
  return { locale: vscode.env.language };
}
