/**
 * Where the TUI keeps its files, at each platform's conventional place:
 *   Linux and other Unix: $XDG_CONFIG_HOME/switchboard (else ~/.config/switchboard) for targets,
 *                         $XDG_STATE_HOME/switchboard (else ~/.local/state/switchboard) for history.
 *   macOS: ~/Library/Application Support/switchboard (XDG variables win when set).
 *   Windows: %APPDATA%\switchboard and %LOCALAPPDATA%\switchboard.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface TuiPaths {
  /** targets.json and the owner-only secrets/ folder. */
  readonly configDir: string;
  /** history/ (requests sent from the TUI, per target). */
  readonly stateDir: string;
}

export function tuiPaths(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): TuiPaths {
  const xdgConfig = env['XDG_CONFIG_HOME'];
  const xdgState = env['XDG_STATE_HOME'];
  if (platform === 'win32' && !xdgConfig) {
    const roaming = env['APPDATA'] ?? join(home, 'AppData', 'Roaming');
    const local = env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local');
    return { configDir: join(roaming, 'switchboard'), stateDir: join(local, 'switchboard') };
  }
  if (platform === 'darwin' && !xdgConfig) {
    const support = join(home, 'Library', 'Application Support', 'switchboard');
    return { configDir: support, stateDir: xdgState ? join(xdgState, 'switchboard') : support };
  }
  return {
    configDir: join(xdgConfig || join(home, '.config'), 'switchboard'),
    stateDir: join(xdgState || join(home, '.local', 'state'), 'switchboard'),
  };
}
