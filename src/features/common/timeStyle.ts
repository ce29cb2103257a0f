/** The user's time style, for the pure formatters, so every view shows times the same way. */
import * as vscode from 'vscode';
import type { TimeStyle } from '../../shared/format';

export function userTimeStyle(): TimeStyle {
  return { locale: vscode.env.language };
}
